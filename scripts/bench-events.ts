/**
 * `npm run bench:events`: first-party analytics under load (docs/decisions/0801).
 *
 * 1. Ingest: realistic traffic into a running server: many visitors (distinct addresses through
 *    X-Forwarded-For, which the server trusts for the run; phone, tablet and desktop user agents),
 *    events in the proportions of a marketing site (per 100 page views: 8 CTA clicks, 6 dialog
 *    opens, 3 form starts, 2 demo plays, 1 scheduler shown; a third of the page views from a
 *    campaign, some from other sites). Reports events/s and p50/p99 latency, whether every
 *    accepted event was stored (the server is stopped, which writes its buffer, and the tables are
 *    counted), and lead submissions beside the flood against the same submissions alone.
 * 2. Report: seeds BENCH_REPORT_EVENTS (default 10,000,000) raw events over a year of days by SQL,
 *    with their visitor-days, rolls every finished day up with the housekeeping's own function
 *    (timed), copies the rollups a year back (so the 365-day report's previous period reads a full
 *    year too), leaves today live, and times the real app in-process (admin session, role check,
 *    query, JSON) for 30 and 365 days, filtered and not, and the CSV export.
 *
 * Runs on the embedded database and on PostgreSQL when DATABASE_URL is set (a fresh database on
 * that server), each on a fresh server started from the build (`npm run build` first).
 *
 *   npm run bench:events                        # both parts, both databases
 *   npm run bench:events -- --ingest            # only the ingest
 *   npm run bench:events -- --report            # only the report benchmark
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:events -- --ingest   # a server you started
 *     (with TRUST_PROXY_HEADER=x-forwarded-for; the stored-events check is then skipped)
 *   npm run bench:events -- --report --explain  # also EXPLAIN ANALYZE of the report's statements (30 and 365 days)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_DATABASES=postgres BENCH_REPORT_EVENTS=1000000
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../server/db/client";
import { rollupDay } from "../server/analytics/housekeeping";
import { addDays, utcDay } from "../server/analytics/days";
import { spawnServer, tempDataDir } from "../tests/support/spawn-server";
import { createPostgresDatabase } from "../tests/support/test-database";
import { adminApp, ORIGIN } from "./bench-app";
import { markdownTable, percentile, sample } from "./bench-stats";

const args = process.argv.slice(2);
const parts = args.includes("--ingest") || args.includes("--report") ? args.filter((a) => a === "--ingest" || a === "--report") : ["--ingest", "--report"];
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const leadConnections = Number(process.env.BENCH_LEAD_CONNECTIONS ?? 5);
/** The goal: this many events a second with p99 <= 50 ms. */
const targetRate = Number(process.env.BENCH_RATE ?? 2000);
const databases = (process.env.BENCH_DATABASES ?? "embedded,postgres").split(",");
const reportEvents = Number(process.env.BENCH_REPORT_EVENTS ?? 10_000_000);
const externalUrl = process.env.BENCH_URL;
const explain = args.includes("--explain");

// ---------------------------------------------------------------------------------------------
// Ingest
// ---------------------------------------------------------------------------------------------

const userAgents = {
  phone: [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  ],
  tablet: [
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  ],
  desktop: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  ],
};

const sitePaths = ["/", "/", "/", "/pricing", "/pricing", "/compare", "/enterprise", "/about", "/contact", "/book-demo", "/industries/law", "/industries/trades"];
const campaigns = [
  { source: "google", medium: "cpc", campaign: "brand" },
  { source: "google", medium: "cpc", campaign: "missed-calls" },
  { source: "linkedin", medium: "paid-social", campaign: "q2-launch" },
  { source: "newsletter", medium: "email", campaign: "april" },
];
const referrers = ["https://www.google.com/", "https://www.bing.com/", "https://www.linkedin.com/feed/", "https://news.ycombinator.com/", "https://duckduckgo.com/"];

/** Per 100 page views: 8 CTA clicks, 6 dialog opens, 3 form starts, 2 demo plays, 1 scheduler shown. */
const eventWeights: [string, number, string | undefined][] = [
  ["page_view", 100, undefined],
  ["cta_click", 8, "hero"],
  ["dialog_open", 6, "booking"],
  ["form_start", 3, "booking"],
  ["demo_play", 2, undefined],
  ["scheduler_shown", 1, undefined],
];
const totalWeight = eventWeights.reduce((sum, [, w]) => sum + w, 0);
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

const VISITORS = 20_000;
const visitors = Array.from({ length: VISITORS }, (_, i) => {
  const r = Math.random();
  const device = r < 0.55 ? "phone" : r < 0.6 ? "tablet" : "desktop";
  return { ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, ua: pick(userAgents[device]) };
});

function nextEvent(): string {
  let roll = Math.random() * totalWeight;
  let chosen = eventWeights[0]!;
  for (const entry of eventWeights) {
    if ((roll -= entry[1]) < 0) {
      chosen = entry;
      break;
    }
  }
  const [name, , detail] = chosen;
  const event: Record<string, unknown> = { name, path: pick(sitePaths) };
  if (detail) event.detail = detail;
  if (name === "page_view") {
    const r = Math.random();
    if (r < 0.33) event.utm = pick(campaigns);
    else if (r < 0.6) event.referrer = pick(referrers);
  }
  return JSON.stringify(event);
}

const eventRequests: autocannon.Request[] = [
  {
    method: "POST",
    path: "/api/events",
    setupRequest: (request) => {
      const visitor = pick(visitors);
      return {
        ...request,
        headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": visitor.ip, "user-agent": visitor.ua, origin: ORIGIN },
        body: nextEvent(),
      };
    },
  },
];

const leadRequests: autocannon.Request[] = [
  {
    method: "POST",
    path: "/api/submit-booking",
    setupRequest: (request) => {
      const visitor = pick(visitors);
      return {
        ...request,
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `172.16.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`,
          "user-agent": visitor.ua,
          "idempotency-key": crypto.randomUUID(),
          origin: ORIGIN,
        },
        body: JSON.stringify({
          name: "Bench Mark",
          job_title: "Owner",
          work_email: "bench@example.com",
          company_name: "Load Test LLC",
          total_calls: 400,
          tcpa_consent: true,
        }),
      };
    },
  },
];

/** As fast as `conns` connections go. */
const run = (url: string, requests: autocannon.Request[], seconds: number, conns: number) =>
  autocannon({ url, connections: conns, duration: seconds, timeout: 30, requests });

/**
 * Events at `rate` a second, evenly spread (a few every millisecond), each sent when due whether
 * or not earlier ones were answered, as independent visitors' beacons arrive. autocannon's own
 * rate sends each second's requests in one burst at its start, which measures the burst's queue.
 */
async function paced(url: string, rate: number, seconds: number): Promise<{ rps: number; p50: number; p99: number; non202: number; errors: number; total: number; accepted: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL("/api/events", url);
  const latencies: number[] = [];
  let non202 = 0;
  let errors = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const send = () => {
    const visitor = pick(visitors);
    const body = nextEvent();
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        target,
        {
          method: "POST",
          agent,
          headers: { "content-type": "text/plain;charset=UTF-8", "content-length": Buffer.byteLength(body), "x-forwarded-for": visitor.ip, "user-agent": visitor.ua, origin: ORIGIN },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - started);
            if (res.statusCode !== 202) non202++;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      const due = Math.min(Math.floor(((now - start) / 1000) * rate), Math.floor(seconds * rate));
      while (sent < due) {
        sent++;
        send();
      }
      if (now >= end) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  await Promise.all(pending);
  agent.destroy();
  const at = (p: number) => Math.round(percentile(latencies, p)) || 0;
  return { rps: Math.round(latencies.length / seconds), p50: at(50), p99: at(99), non202, errors, total: sent, accepted: latencies.length - non202 };
}

type IngestRow = { database: string; target: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number; note: string };

function ingestRow(database: string, target: string, result: autocannon.Result, note = ""): IngestRow {
  return {
    database,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
    note,
  };
}

async function countStored(database: Database): Promise<{ events: number; visits: number }> {
  const { rows } = await database.db.execute<{ events: number; visits: number }>(
    sql`select (select count(*) from analytics_events)::int as events, (select count(*) from analytics_visits)::int as visits`,
  );
  return rows[0]!;
}

async function benchIngest(database: string, databaseUrl: string | undefined): Promise<IngestRow[]> {
  const rows: IngestRow[] = [];
  const server = externalUrl
    ? null
    : await spawnServer({ env: { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", TRUST_PROXY_HEADER: "x-forwarded-for", RECAPTCHA_SITE_KEY: "", RECAPTCHA_SECRET_KEY: "", PUBLIC_URL: ORIGIN } });
  const url = externalUrl ?? server!.url;
  let accepted = 0;
  try {
    const warmUp = await run(url, eventRequests, 2, connections);
    accepted += warmUp.statusCodeStats?.["202"]?.count ?? 0;
    const even = await paced(url, targetRate, duration);
    accepted += even.accepted;
    rows.push({ database, target: `POST /api/events at ${targetRate}/s, evenly paced`, rps: even.rps, p50: even.p50, p99: even.p99, non2xx: even.non202, errors: even.errors, total: even.total, note: "" });
    const events = await run(url, eventRequests, duration, connections);
    accepted += events.statusCodeStats?.["202"]?.count ?? 0;
    rows.push(ingestRow(database, `POST /api/events, as fast as it goes (${connections} conns)`, events));
    const leadsAlone = await run(url, leadRequests, duration, leadConnections);
    rows.push(ingestRow(database, `lead submissions alone (${leadConnections} conns)`, leadsAlone));
    const [flood, leads] = await Promise.all([run(url, eventRequests, duration, connections), run(url, leadRequests, duration, leadConnections)]);
    accepted += flood.statusCodeStats?.["202"]?.count ?? 0;
    rows.push(ingestRow(database, `POST /api/events beside the leads (${connections} conns)`, flood));
    rows.push(ingestRow(database, `lead submissions during the events flood (${leadConnections} conns)`, leads));
  } finally {
    await server?.stop();
  }
  if (server) {
    const output = server.output();
    // The buffer's warning, as JSON or pretty-printed: droppedFull, droppedClosed and failed.
    const drops = [...output.matchAll(/"?(?:droppedFull|droppedClosed|failed)"?:\s*(\d+)/g)];
    const dropped = drops.reduce((sum, m) => sum + Number(m[1]), 0);
    if (dropped > 0) console.log(`[${database}] the server's warnings:\n${output.split("\n").filter((line) => !/ is (not set|OFF)/.test(line)).join("\n")}`);
    const opened = databaseUrl
      ? await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 })
      : await openDatabase({ kind: "pglite", dataDir: server.dataDir });
    try {
      const stored = await countStored(opened);
      // Each stored lead is a submission event too; autocannon does not count answers that arrive after its time is up.
      const leads = rows.filter((r) => r.target.startsWith("lead")).reduce((sum, r) => sum + r.total, 0);
      rows[0]!.note = `${accepted} events accepted (202) in all runs, the warm-up included, ${stored.events - leads} stored besides the ${leads} submissions (${stored.visits} visitor-days), ${dropped} dropped by the server`;
      // Dropping when the buffer is full is by design (and counted); losing an event silently is not.
      if (stored.events - leads < accepted - dropped) process.exitCode = 1;
    } finally {
      await opened.close();
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const DAYS = 365;
/** Events per visitor-day the seed makes, on average (page views 1-9, skewed low, plus the steps). */
const EVENTS_PER_VISIT = 3.45;

/** (utm source, medium, campaign, referrer host): the first ones most often (direct, search). */
const channels: [string, string, string, string][] = [
  ["", "", "", ""],
  ["", "", "", "google.com"],
  ["google", "cpc", "brand", ""],
  ["", "", "", "bing.com"],
  ["google", "cpc", "missed-calls", ""],
  ["", "", "", "linkedin.com"],
  ["linkedin", "paid-social", "q2-launch", ""],
  ["newsletter", "email", "april", ""],
  ["newsletter", "email", "may", ""],
  ["", "", "", "duckduckgo.com"],
  ["capterra", "referral", "", ""],
  ["g2", "referral", "", ""],
  ["", "", "", "news.ycombinator.com"],
  ["facebook", "paid-social", "retarget", ""],
  ["google", "cpc", "competitor", ""],
  ["partner-acme", "referral", "co-marketing", ""],
  ["", "", "", "reddit.com"],
  ["youtube", "video", "demo-launch", ""],
  ["bing", "cpc", "brand", ""],
  ["", "", "", "chatgpt.com"],
  ["podcast", "audio", "ep-42", ""],
  ["webinar", "email", "june-webinar", ""],
  ["", "", "", "t.co"],
  ["producthunt", "referral", "launch", ""],
  ["", "", "", "news.google.com"],
];
const landingPaths = ["/", "/pricing", "/compare", "/enterprise", "/book-demo", "/about", "/contact", "/industries/law", "/industries/trades", "/industries/healthcare", "/blog/missed-calls", "/blog/ai-receptionist", "/careers", "/support", "/privacy", "/terms", "/industries/real-estate", "/blog/pricing-explained", "/compare/answering-service", "/demo"];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function seedReportData(database: Database, today: string) {
  const { db } = database;
  const first = addDays(today, -DAYS);
  const perDay = Math.round(reportEvents / DAYS / EVENTS_PER_VISIT);
  const channelValues = channels.map(([s, m, c, r], i) => `(${i + 1}, ${literal(s)}, ${literal(m)}, ${literal(c)}, ${literal(r)})`).join(", ");
  const paths = `array[${landingPaths.map(literal).join(", ")}]`;
  const started = performance.now();
  // A month per statement: the embedded database holds a statement's work in memory.
  for (let from = first; from <= today; from = addDays(from, 30)) {
    const to = addDays(from, 29) < today ? addDays(from, 29) : today;
    await db.execute(sql.raw(`
      with s as (
        select d::date as day, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6
          from generate_series('${from}'::date, '${to}'::date, interval '1 day') d, generate_series(1, ${perDay}) i
      ),
      c(i, src, med, camp, ref) as (values ${channelValues})
      insert into analytics_visits (day, visitor, first_at, entry_path, referrer_host, utm_source, utm_medium, utm_campaign, device,
                                    cta_click, dialog_open, form_start, submitted, meeting_booked, pageviews, demo_plays)
      select s.day, gen_random_uuid(), s.day + s.r1 * interval '1 day',
             (${paths})[1 + floor(power(s.r2, 2) * ${landingPaths.length})::int],
             c.ref, c.src, c.med, c.camp,
             case when s.r4 < 0.55 then 'phone' when s.r4 < 0.6 then 'tablet' else 'desktop' end,
             s.r5 < 0.08, s.r5 < 0.06, s.r5 < 0.03, s.r5 < 0.012, s.r5 < 0.005,
             1 + floor(power(s.r1, 2) * 9)::int, (s.r6 < 0.02)::int
        from s join c on c.i = 1 + floor(power(s.r3, 3) * ${channels.length})::int`));
    await db.execute(sql.raw(`
      insert into analytics_events (day, at, visitor, name, path, detail)
      select v.day, v.first_at + g * interval '40 seconds', v.visitor, 'page_view', v.entry_path, null
        from analytics_visits v cross join lateral generate_series(1, v.pageviews) g where v.day between '${from}' and '${to}'
      union all select day, first_at + interval '10 seconds', visitor, 'cta_click', entry_path, 'hero' from analytics_visits where cta_click and day between '${from}' and '${to}'
      union all select day, first_at + interval '12 seconds', visitor, 'dialog_open', entry_path, 'booking' from analytics_visits where dialog_open and day between '${from}' and '${to}'
      union all select day, first_at + interval '20 seconds', visitor, 'form_start', entry_path, 'booking' from analytics_visits where form_start and day between '${from}' and '${to}'
      union all select day, first_at + interval '90 seconds', visitor, 'submission', entry_path, null from analytics_visits where submitted and day between '${from}' and '${to}'
      union all select day, first_at + interval '5 minutes', visitor, 'meeting_booked', entry_path, null from analytics_visits where meeting_booked and day between '${from}' and '${to}'
      union all select day, first_at + interval '30 seconds', visitor, 'demo_play', entry_path, null from analytics_visits where demo_plays > 0 and day between '${from}' and '${to}'`));
    process.stdout.write(`  seeded ${to}\r`);
  }
  const seedSeconds = (performance.now() - started) / 1000;
  await db.execute(sql`analyze analytics_visits`);
  await db.execute(sql`analyze analytics_events`);

  // Every finished day rolled up by the housekeeping's own function, as it would have been day by day.
  const rollupStarted = performance.now();
  for (let day = first; day < today; day = addDays(day, 1)) await rollupDay(db, day);
  const rollupMs = (performance.now() - rollupStarted) / DAYS;
  // The year before, from the same rollups: the 365-day report's previous period reads a full year too.
  await db.execute(sql`insert into analytics_daily
    select day - ${DAYS}::int, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device, visitors, cta_clicks, dialog_opens,
           form_starts, submissions, meetings_booked, pageviews, demo_plays
      from analytics_daily`);
  await db.execute(sql`insert into analytics_daily_breakdowns
    select day - ${DAYS}::int, filter_dimension, filter_value, dimension, value, visitors, cta_clicks, dialog_opens,
           form_starts, submissions, meetings_booked, pageviews, demo_plays
      from analytics_daily_breakdowns`);
  await db.execute(sql`insert into analytics_rollup_days (day) select day - ${DAYS}::int from analytics_rollup_days`);
  await db.execute(sql`analyze analytics_daily_breakdowns`);
  await db.execute(sql`analyze analytics_daily`);
  const { rows } = await db.execute<{ events: number; visits: number; daily: number; breakdowns: number; today: number }>(sql`select
    (select count(*) from analytics_events)::int as events, (select count(*) from analytics_visits)::int as visits,
    (select count(*) from analytics_daily)::int as daily, (select count(*) from analytics_daily_breakdowns)::int as breakdowns,
    (select count(*) from analytics_visits where day = ${today})::int as today`);
  return { ...rows[0]!, seedSeconds, rollupMs };
}

async function benchReport(label: string, database: Database) {
  const today = utcDay(Date.now());
  console.log(`\n[${label}] seeding ${reportEvents.toLocaleString("en")} events over ${DAYS} days…`);
  const seeded = await seedReportData(database, today);
  console.log(
    `[${label}] seeded in ${seeded.seedSeconds.toFixed(0)} s: ${seeded.events.toLocaleString("en")} events, ${seeded.visits.toLocaleString("en")} visitor-days ` +
      `(${seeded.today.toLocaleString("en")} today, live), ${seeded.daily.toLocaleString("en")} rollup rows and ${seeded.breakdowns.toLocaleString("en")} breakdown rows over ${2 * DAYS} days; ` +
      `one day's rollup took ${seeded.rollupMs.toFixed(1)} ms on average`,
  );

  const { app, cookie } = await adminApp(database);

  const cases: [string, () => Response | Promise<Response>][] = [];
  const get = (name: string, query: Record<string, string>) =>
    cases.push([name, () => app.request(`/api/admin/analytics?${new URLSearchParams(query)}`, { headers: { cookie } })]);
  get("30 days", { from: addDays(today, -29), to: today });
  get("365 days", { from: addDays(today, -364), to: today });
  get("30 days, source google", { from: addDays(today, -29), to: today, source: "google" });
  get("365 days, landing /pricing", { from: addDays(today, -364), to: today, landing: "/pricing" });
  get("365 days, device phone", { from: addDays(today, -364), to: today, device: "phone" });
  get("30 days ending yesterday (rollups only)", { from: addDays(today, -30), to: addDays(today, -1) });
  cases.push([
    "CSV export, 365 days",
    () =>
      app.request("/api/admin/analytics/export", {
        method: "POST",
        headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ from: addDays(today, -364), to: today }),
      }),
  ]);

  if (explain) {
    // Each statement the report runs, explained once with its real values.
    const db = database.db as unknown as { execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }> };
    const execute = db.execute.bind(db);
    db.execute = async (query) => {
      const plan = await execute(sql`explain (analyze, buffers) ${query as ReturnType<typeof sql>}`);
      console.log(plan.rows.map((r) => Object.values(r)[0]).join("\n"), "\n");
      return execute(query);
    };
    for (const [name, request] of cases.slice(0, 2)) {
      console.log(`\n[${label}] EXPLAIN ANALYZE: ${name}`);
      await (await request()).arrayBuffer();
    }
    db.execute = execute;
  }

  const results: { name: string; p50: number; p95: number; max: number; runs: number }[] = [];
  for (const [name, request] of cases) {
    const times = await sample(
      async () => {
        const res = await request();
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
      },
      { warmUp: 3, min: 10, max: 50, seconds: 8 },
    );
    results.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100), runs: times.length });
  }
  console.log(`\n[${label}] report over ${seeded.events.toLocaleString("en")} stored events (ms, in-process app with session and role check)`);
  console.log(
    markdownTable(
      ["case", "p50", "p95", "max", "runs"],
      "lrrrr",
      results.map((r) => [r.name, r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1), r.runs]),
    ),
  );
  return results;
}

// ---------------------------------------------------------------------------------------------

const ingestRows: IngestRow[] = [];
if (parts.includes("--ingest")) {
  console.log(`bench:events ingest: ${connections} connections, ${duration} s per run (after a 2 s warm-up), ${VISITORS.toLocaleString("en")} visitors`);
  if (externalUrl) {
    ingestRows.push(...(await benchIngest(externalUrl, undefined)));
  } else {
    if (databases.includes("embedded")) ingestRows.push(...(await benchIngest("embedded (PGlite)", undefined)));
    if (databases.includes("postgres")) {
      const postgres = await createPostgresDatabase();
      if (!postgres) console.log("(DATABASE_URL not set: PostgreSQL skipped)");
      else {
        try {
          ingestRows.push(...(await benchIngest("PostgreSQL", postgres.url)));
        } finally {
          await postgres.drop();
        }
      }
    }
  }
  console.log(
    `\n${markdownTable(
      ["database", "target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "requests", ""],
      "llrrrrrrl",
      ingestRows.map((r) => [r.database, r.target, r.rps, r.p50, r.p99, r.non2xx, r.errors, r.total, r.note]),
    )}`,
  );
  if (ingestRows.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.error("\nSome requests failed: the figures above are not a clean run.");
    process.exitCode = 1;
  }
}

if (parts.includes("--report")) {
  if (databases.includes("embedded")) {
    const dataDir = tempDataDir("bench-events");
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      await benchReport("embedded (PGlite)", database);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (databases.includes("postgres")) {
    const postgres = await createPostgresDatabase();
    if (!postgres) console.log("(DATABASE_URL not set: PostgreSQL skipped)");
    else {
      const database = await openDatabase({ kind: "postgres", url: postgres.url });
      try {
        await benchReport("PostgreSQL", database);
      } finally {
        await database.close();
        await postgres.drop();
      }
    }
  }
}
