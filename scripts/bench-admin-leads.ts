/**
 * `npx tsx scripts/bench-admin-leads.ts [leads=100000] [--explain]`
 *
 * The lead desk's admin API at scale (100,000 leads; docs/decisions/0701): seeds
 * the leads by SQL into a fresh database (in-memory PGlite, or a new PostgreSQL database when
 * DATABASE_URL is set) with their submissions, timelines, owners and a year of dates, signs an
 * admin in, and times the real Hono app in-process (session + role check + query + JSON) for the
 * inbox's first and a deep page, each filter, search hits and a miss, the dashboard's counts, a
 * lead's page, a change, and the full CSV export. Prints p50/p95 in milliseconds (each case runs
 * up to 100 times or 8 seconds, at least 10 times); the export prints rows per second.
 * With --explain, prints EXPLAIN ANALYZE of the inbox's, the export's and the summary's queries.
 * With --search-variants, times the search's scan with and without the trigram indexes of
 * migration 0004 (PostgreSQL), against one LIKE over a lower()ed concatenation, and what those
 * indexes cost a new lead's insert: the measurements behind docs/decisions/0701.
 */
import crypto from "node:crypto";
import { TransactionRollbackError, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { LeadFilters } from "@shared/schemas/lead-desk";
import type { Database, Db } from "../server/db/client";
import { leadDeskSummarySql, leadPageQuery } from "../server/admin/lead-desk-service";
import { leadExportBatchQuery } from "../server/admin/lead-desk-export";
import { decodeCursor } from "../server/platform/keyset-cursor";
import { adminApp, openFreshDatabase, ORIGIN } from "./bench-app";
import { median, percentile, sample } from "./bench-stats";

const args = process.argv.slice(2);
const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const explain = args.includes("--explain");
const searchVariants = args.includes("--search-variants");

/**
 * The seed, all in SQL. Lead i is (i / n) of a year old with a little jitter, so the newest are
 * minutes old; `h` is a fixed pseudo-random number per lead that picks its form, status, owner and
 * meeting: 40% booking dialog, 15% each enterprise form, 30% contact form; a lead older than a day
 * is New 5% of the time, else worked (contacted 20%, booked 10%, held 10%, no-show 5%,
 * unqualified 15%, won 10%, lost 25%); most worked leads have an owner among six admins.
 */
async function seed(database: Database, n: number, adminIds: string[]) {
  const { db } = database;
  await db.execute(sql`create temporary table bench_seed as
    select i,
      ((i::bigint * 2654435761) % 1000)::int as h,
      ((i::bigint * 40503) % 997)::int as h2,
      now() - make_interval(secs => (i::float8 / ${n}) * 365 * 86400 + ((i * 7919) % 600)) as created_at
    from generate_series(1, ${n}) as s(i)`);
  await db.execute(sql`alter table bench_seed add column id uuid, add column kind text, add column source lead_origin,
    add column status lead_status, add column owner uuid`);
  await db.execute(sql`update bench_seed set
    id = gen_random_uuid(),
    source = (case when h < 400 then 'booking_dialog' when h < 550 then 'enterprise_dialog' when h < 700 then 'enterprise_inline' else 'contact_form' end)::lead_origin,
    status = (case
      when created_at > now() - interval '1 day' then (case when h2 < 700 then 'new' else 'contacted' end)
      when h2 < 50 then 'new' when h2 < 250 then 'contacted' when h2 < 350 then 'meeting_booked' when h2 < 450 then 'meeting_held'
      when h2 < 500 then 'no_show' when h2 < 650 then 'unqualified' when h2 < 750 then 'won' else 'lost' end)::lead_status`);
  await db.execute(sql`update bench_seed set kind = case when source = 'contact_form' then 'contact_request' else 'booking_inquiry' end`);
  // A contact request cannot book a meeting: its meeting statuses become Contacted.
  await db.execute(sql`update bench_seed set status = 'contacted' where kind = 'contact_request' and status in ('meeting_booked', 'meeting_held', 'no_show', 'won')`);
  const owners = sql.raw(`array[${adminIds.map((id) => `'${id}'::uuid`).join(", ")}]`);
  await db.execute(sql`update bench_seed set owner = case
    when status = 'new' and h2 % 5 <> 0 then null
    when status <> 'new' and h2 % 5 = 0 then null
    else (${owners})[1 + (h % ${adminIds.length})] end`);

  // Each lead with its form's fields: a booking or enterprise form's, or the contact form's.
  await db.execute(sql`insert into leads (id, kind, source, created_at, name, email, company, status, owner_user_id, version,
      first_response_at, meeting_booked_at, meeting_starts_at, updated_at,
      job_title, ai_goal, total_calls, tcpa_consent, consent_text_version, role, phone, industry, company_size, notes,
      page_path, referrer, utm_source, utm_medium, utm_campaign, client_ip, user_agent, bot_check, idempotency_key)
    select id, kind, source, created_at, 'Lead ' || i, 'lead' || i || '@company' || (i % 5000) || '.example', 'Company ' || (i % 5000),
      status, owner, case when status = 'new' then 1 else 2 + h % 3 end,
      case when status <> 'new' then created_at + make_interval(mins => 5 + h % 240) end,
      case when status in ('meeting_booked', 'meeting_held', 'no_show', 'won') then created_at + make_interval(mins => 10 + h2 % 2880) end,
      case when status in ('meeting_booked', 'meeting_held', 'no_show', 'won') then created_at + make_interval(days => 2 + h % 10) end,
      created_at,
      case when kind = 'booking_inquiry' then 'Owner' end,
      case when kind = 'booking_inquiry' and source <> 'booking_dialog' then 'Answer every call, day and night' end,
      case when source = 'booking_dialog' then 1 + i % 1000 end,
      case when kind = 'booking_inquiry' then true end,
      case when kind = 'booking_inquiry' then 'v1' end,
      case when kind = 'contact_request' then 'Office manager' end,
      case when kind = 'contact_request' then '+1 555 010 ' || lpad((i % 10000)::text, 4, '0') end,
      case when kind = 'contact_request' then 'law' end,
      case when kind = 'contact_request' then '11-50' end,
      case when kind = 'contact_request' then 'We miss calls after 5pm.' end,
      case when kind = 'contact_request' then '/contact' else '/pricing' end,
      case when kind = 'booking_inquiry' then 'https://search.example/' end,
      case when h % 4 = 0 then 'newsletter' end,
      case when kind = 'booking_inquiry' and h % 4 = 0 then 'email' end,
      case when kind = 'booking_inquiry' and h % 4 = 0 then 'spring' end,
      '198.51.100.' || (i % 250), 'Mozilla/5.0 (bench)', 'passed',
      case when kind = 'contact_request' then 'bench-c-' || i else 'bench-' || i end
    from bench_seed`);
  await db.execute(sql`insert into lead_events (lead_id, at, type, data)
    select id, created_at, 'created', jsonb_build_object('source', source) from bench_seed`);
  await db.execute(sql`insert into lead_events (lead_id, at, type, actor_user_id, data)
    select id, created_at + make_interval(mins => 5 + h % 240), 'status_changed', owner, jsonb_build_object('from', 'new', 'to', status)
    from bench_seed where status <> 'new'`);
  await db.execute(sql`insert into lead_events (lead_id, at, type, actor_user_id, data)
    select id, created_at + make_interval(mins => 30 + h2), 'note_added', owner, jsonb_build_object('text', 'Left a voicemail, will call back.')
    from bench_seed where owner is not null and h % 3 = 0`);
  await db.execute(sql`drop table bench_seed`);
  await db.execute(sql`analyze`);
}

const { database, drop } = await openFreshDatabase();
try {
  const { app, config, adminIds: admins, cookie } = await adminApp(database, 6);

  const seedStart = performance.now();
  await seed(database, rows, admins);
  const counts = (await database.db.execute<{ leads: number; events: number }>(sql`select (select count(*) from leads)::int as leads, (select count(*) from lead_events)::int as events`)).rows[0]!;
  console.log(`${database.kind}: seeded ${counts.leads} leads and ${counts.events} timeline entries in ${Math.round(performance.now() - seedStart)} ms`);

  const headers = { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" };

  async function call(method: string, path: string, body?: unknown) {
    const res = await app.request(`/api/admin/leads${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  }
  const search = async (body: Record<string, unknown>) => (await (await call("POST", "/search", body)).json()) as { items: { id: string; version: number }[]; nextCursor: string | null };

  // A cursor 200 pages (5,000 leads) deep, reached the way the inbox does.
  let deep: string | null = null;
  for (let i = 0; i < 200; i++) {
    const next: string | null = (await search(deep ? { cursor: deep } : {})).nextCursor;
    if (!next) break;
    deep = next;
  }
  const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
  const monday = (() => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  })();
  const someLead = (await search({ status: "meeting_held", limit: 1 })).items[0]!.id;

  const inbox: [label: string, body: Record<string, unknown>][] = [
    ["first page (25, newest first)", {}],
    ["page 201 (keyset cursor)", { cursor: deep ?? undefined }],
    ["source: enterprise_dialog", { source: "enterprise_dialog" }],
    ["source: contact_form, page 201", { source: "contact_form", cursor: deep ?? undefined }],
    ["status: new", { status: "new" }],
    ["status: won", { status: "won" }],
    ["owner: one admin", { owner: admins[2] }],
    ["owner: none", { owner: "none" }],
    ["overdue", { overdue: true }],
    ["not booked", { notBooked: true }],
    ["booked from this Monday", { bookedFrom: monday }],
    ["booked from 90 days ago", { bookedFrom: day(90) }],
    ["created: one month, 6 months ago", { from: day(200), to: day(170) }],
    ["status won + owner + source", { status: "won", owner: admins[1], source: "booking_dialog" }],
    ["search: company (many hits)", { q: "company42" }],
    ["search: one e-mail (one hit)", { q: `lead${Math.floor(rows / 2)}@company` }],
    ["search: no match (full scan)", { q: "zzzz-nothing" }],
    ["search miss + status new", { q: "zzzz-nothing", status: "new" }],
  ];
  const cases: [label: string, run: () => Promise<unknown>][] = [
    ...inbox.map(([label, body]): [string, () => Promise<unknown>] => [`inbox ${label}`, () => search(body)]),
    ["summary (dashboard counts)", () => call("GET", "/summary").then((r) => r.json())],
    ["lead page (detail + timeline)", () => call("GET", `/${someLead}`).then((r) => r.json())],
    [
      "lead page, then a change of owner (GET + PATCH)",
      async () => {
        const lead = (await (await call("GET", `/${someLead}`)).json()) as { lead: { version: number; owner: { id: string } | null } };
        const next = lead.lead.owner?.id === admins[0] ? admins[1] : admins[0];
        return call("PATCH", `/${someLead}`, { version: lead.lead.version, ownerId: next });
      },
    ],
  ];

  console.log(`\n${"case".padEnd(46)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"runs".padStart(5)}`);
  for (const [label, run] of cases) {
    const times = await sample(run, { warmUp: 3, min: 10, max: 100, seconds: 8 });
    console.log(`${label.padEnd(46)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(times.length).padStart(5)}`);
  }

  for (const [label, body] of [["export: every lead", {}], ["export: status won", { status: "won" }]] as const) {
    let exported = 0;
    const mid = median(
      await sample(
        async () => {
          const text = await (await call("POST", "/export", body)).text();
          exported = text.split("\r\n").length - 2;
        },
        { min: 3 },
      ),
    );
    console.log(`${label.padEnd(46)} ${exported} rows, median ${Math.round(mid)} ms, ${Math.round((exported / mid) * 1000)} rows/s`);
  }

  if (explain) {
    const client = (database.db as unknown as { $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
    const plan = async (label: string, query: { toSQL: () => { sql: string; params: unknown[] } } | SQL) => {
      const compiled = "toSQL" in query ? query.toSQL() : new PgDialect().sqlToQuery(query);
      const result = await client.query(`explain (analyze, buffers, costs off) ${compiled.sql}`, compiled.params);
      console.log(`\n--- ${label}\n${result.rows.map((r) => Object.values(r)[0]).join("\n")}`);
    };
    const settings = { firstContactMinutes: config.leads.firstContactMinutes };
    const page = (filters: LeadFilters, cursor: string | null = null) => leadPageQuery(database.db, filters, cursor ? decodeCursor(cursor) : null, 26, settings);
    for (const [label, body] of inbox) {
      const { cursor, ...filters } = body as LeadFilters & { cursor?: string };
      await plan(`inbox ${label}`, page(filters, cursor ?? null));
    }
    await plan("export batch (first 1,000)", leadExportBatchQuery(database.db, {}, settings, null, 1000));
    await plan("summary", leadDeskSummarySql(settings));
  }
  if (searchVariants) await timeSearchVariants(database);
} finally {
  await drop();
}

/** Median of 15 runs of a statement (after 2), in milliseconds, measured from here (round trip included). */
async function statementMedian(db: Db, statement: SQL): Promise<number> {
  return median(await sample(() => db.execute(statement), { warmUp: 2, min: 15 }));
}

/**
 * The search's scan as written (three ILIKEs), with the trigram indexes migration 0004 makes where
 * pg_trgm exists and without them (dropped in a transaction that is rolled back), against one LIKE
 * over a lower()ed concatenation; and what the indexes cost each new lead's insert.
 */
async function timeSearchVariants(database: Database) {
  const page = (where: SQL) => sql`select id from leads where ${where} order by created_at desc nulls last, id desc nulls last limit 26`;
  const threeIlikes = (q: string) => sql`(name ilike ${`%${q}%`} or email ilike ${`%${q}%`} or company ilike ${`%${q}%`})`;
  // A unit separator cannot be typed into the search (control characters are refused), so no match spans two fields.
  const oneLike = (q: string) => sql`lower(name || chr(31) || email || chr(31) || company) like ${`%${q.toLowerCase()}%`}`;
  const queries = ["zzzz-nothing", `lead${Math.floor(rows / 2)}@company`, "company42"];
  const line = async (db: Db, label: string, where: (q: string) => SQL) => {
    const times = [];
    for (const q of queries) times.push(await statementMedian(db, page(where(q))));
    console.log(`${label.padEnd(48)} ${times.map((t) => t.toFixed(1).padStart(8)).join(" ")}`);
  };
  /** One lead row inserted at a time, in a transaction rolled back afterwards: the indexes' share of a new lead. */
  const insertCost = async (db: Db) => {
    let i = 0;
    const runs = await sample(
      () =>
        db.execute(sql`insert into leads (id, kind, source, created_at, name, email, company)
        values (gen_random_uuid(), 'contact_request', 'contact_form', now(), ${`Insert Probe ${i++}`}, ${`probe-${crypto.randomUUID()}@example.com`}, 'Probe Works Ltd')`),
      { min: 300 },
    );
    return `p50 ${percentile(runs, 50).toFixed(2)} ms, p95 ${percentile(runs, 95).toFixed(2)} ms`;
  };
  const rolledBack = async (run: (tx: Db) => Promise<void>) => {
    try {
      await database.db.transaction(async (tx) => {
        await run(tx);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
  };
  const trgm = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_indexes where tablename = 'leads' and indexname like '%_trgm_idx'`);
  const indexed = trgm.rows[0]!.n === 3;
  console.log(`\nsearch variants (median of 15, ms)               ${"miss".padStart(8)} ${"one hit".padStart(8)} ${"many".padStart(8)}`);
  if (indexed) await line(database.db, "three ILIKEs, trigram indexes (migration 0004)", threeIlikes);
  await rolledBack(async (tx) => {
    if (indexed) await tx.execute(sql`drop index leads_name_trgm_idx, leads_email_trgm_idx, leads_company_trgm_idx`);
    await line(tx, "three ILIKEs, no trigram index", threeIlikes);
    await line(tx, "one LIKE over lower(name|email|company)", oneLike);
    console.log(`one lead row inserted without trigram indexes: ${await insertCost(tx)}`);
  });
  if (indexed) await rolledBack(async (tx) => console.log(`one lead row inserted with trigram indexes:    ${await insertCost(tx)}`));
}
