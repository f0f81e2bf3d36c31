/**
 * `npx tsx scripts/bench-admin-bookings.ts [rows=100000] [requests=200]`
 *
 * Latency of POST /api/admin/bookings/search at scale: seeds the rows into a fresh database (in-memory
 * PGlite, or a new PostgreSQL database when DATABASE_URL is set), signs an admin in, and times
 * the real Hono app in-process (session check + role check + query + JSON) for the first page,
 * a deep page, and filtered pages. Prints p50/p99 in milliseconds.
 */
import { sql } from "drizzle-orm";
import { adminApp, openFreshDatabase, ORIGIN } from "./bench-app";
import { percentile, sample } from "./bench-stats";

const rows = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 200);

const { database, drop } = await openFreshDatabase();
try {
  const seedStart = performance.now();
  // Booking inquiries as the pipeline stores them: one lead each, with its form's fields.
  await database.db.execute(sql`
    insert into leads (id, kind, created_at, name, email, company, job_title, ai_goal, total_calls, tcpa_consent,
      source, consent_text_version, utm_source, idempotency_key)
    select gen_random_uuid(), 'booking_inquiry', now() - make_interval(secs => i * 37),
      'Lead ' || i, 'lead' || i || '@company' || (i % 5000) || '.example', 'Company ' || (i % 5000), 'Owner',
      case when i % 3 = 0 then 'Answer every call' end,
      case when i % 3 = 0 then null else 1 + i % 1000 end, true,
      (array['booking_dialog','enterprise_dialog','enterprise_inline'])[1 + i % 3]::lead_origin,
      'v1', case when i % 4 = 0 then 'newsletter' end, 'bench-' || i
    from generate_series(1, ${rows}) as s(i)`);
  await database.db.execute(sql`analyze leads`);
  console.log(`${database.kind}: seeded ${rows} booking inquiries in ${Math.round(performance.now() - seedStart)} ms`);

  const { app, cookie } = await adminApp(database);

  /** One page of the list: POST /api/admin/bookings/search with its filters as the JSON body. */
  async function get(filters: Record<string, string>) {
    const res = await app.request("/api/admin/bookings/search", {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(filters),
    });
    if (res.status !== 200) throw new Error(`${JSON.stringify(filters)}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { items: unknown[]; nextCursor: string | null };
  }

  // A cursor 200 pages (5,000 rows) deep, reached the way the UI does.
  let deep: string | null = null;
  for (let i = 0; i < 200; i++) deep = (await get(deep ? { cursor: deep } : {})).nextCursor;

  const cases: [string, Record<string, string>][] = [
    ["first page (25, newest first)", {}],
    ["page 201 via keyset cursor", { cursor: deep! }],
    ["filtered: source form", { source: "enterprise_dialog" }],
    ["filtered: source + date range", { source: "enterprise_inline", from: "2026-01-01", to: "2030-12-31" }],
    ["search: company (matches many)", { q: "company42" }],
    ["search: no match (full scan)", { q: "zzzz-nothing" }],
  ];
  for (const [label, filters] of cases) {
    const times = await sample(() => get(filters), { warmUp: 10, min: requests });
    console.log(`${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms`);
  }
} finally {
  await drop();
}
