/**
 * `npm run bench:leads`: the lead endpoint against a spawned real server (built site + API), in
 * one run beside
 *   - GET /api/health on the same server (the framework's ceiling),
 *   - the bare baseline (scripts/bench-leads-baseline.ts): a Hono route doing the same zod parse and
 *     one INSERT into the same database, nothing else,
 *   - a flood: one address sending from BENCH_FLOOD_CONNECTIONS connections while other visitors
 *     submit one lead every BENCH_TRICKLE_MS (default 100) from a process of their own
 *     (scripts/bench-leads-trickle.ts), so that the flood's load generator cannot delay their
 *     clock; refusals per second, and the others' p50/p95/p99 with and without the flood, measured
 *     in the same run, with the ratio of the two p95s;
 *   - a flood of native form posts (docs/decisions/0501): one address posting `text/plain` to
 *     /contact from BENCH_FLOOD_CONNECTIONS connections (refused 415 and counted, then 429 and
 *     paced, never rendered), while other visitors by turns load /contact and post a valid lead to
 *     it as a browser without JavaScript does (rendered), every BENCH_TRICKLE_MS; each kind's
 *     p50/p95/p99 alone and beside the flood.
 * Runs on the embedded database, and on PostgreSQL too when DATABASE_URL is set (a fresh database
 * on that server). The server runs with its default lead limits and the bot check off. Each
 * submission comes from its own client address (x-forwarded-for, trusted for the run), as real
 * visitors do, so only the flood meets the per-address limit.
 *
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=50 npm run bench:leads
 *   BENCH_DATABASES=postgres BUILD_DIR=/tmp/other-build npm run bench:leads
 *   BENCH_SCENARIOS=flood BENCH_DATABASES=postgres npm run bench:leads
 *   BENCH_SCENARIOS=native-flood BENCH_DATABASES=postgres npm run bench:leads
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, seededDataDir, spawnServer } from "../tests/support/spawn-server";
import { createPostgresDatabase } from "../tests/support/test-database";
import { markdownTable } from "./bench-stats";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const floodConnections = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 100);
const trickleMs = Number(process.env.BENCH_TRICKLE_MS ?? 100);
const databases = (process.env.BENCH_DATABASES ?? "embedded,postgres").split(",");
/**
 * BENCH_SCENARIOS (comma-separated; all by default): "throughput" (health, baseline, endpoint),
 * "flood" (the JSON endpoint's others alone and beside a flood), "native-flood" (the native
 * posts'): one or two of them is the quicker before/after comparison.
 */
const scenarios = new Set((process.env.BENCH_SCENARIOS ?? "throughput,flood,native-flood").split(","));
const FLOOD_ADDRESS = "192.0.2.66";
const NATIVE_FLOOD_ADDRESS = "192.0.2.67";

/** The /contact form's fields as a browser without JavaScript posts them. */
const contactForm = new URLSearchParams({
  website: "",
  name: "Bench Mark",
  company: "Load Test LLC",
  role: "Owner",
  email: "bench@example.com",
  phone: "",
  industry: "trades",
  company_size: "11-50",
  notes: "Benchmark lead.",
}).toString();

const leadBody = JSON.stringify({
  name: "Bench Mark",
  job_title: "Owner",
  work_email: "bench@example.com",
  company_name: "Load Test LLC",
  total_calls: 400,
  tcpa_consent: true,
  attribution: { page_path: "/pricing", utm_source: "bench" },
});

const randomIp = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`;

type Row = {
  database: string;
  target: string;
  rps: number;
  p50: number;
  p95?: number;
  p99: number;
  /** Answers other than 2xx that the scenario does not expect (the flood expects 429s). */
  unexpected: number;
  errors: number;
  total: number;
  note?: string;
};

/** A POST of the lead body, each request from a fresh address (or always from `address`). */
function posting(address?: string): Partial<autocannon.Options> {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: leadBody,
    setupClient: (client) => {
      // A fresh idempotency key per submission, as the site's forms send one.
      const next = () =>
        client.setHeaders({ "content-type": "application/json", "x-forwarded-for": address ?? randomIp(), "idempotency-key": crypto.randomUUID() });
      next();
      client.on("response", next);
    },
  };
}

function run(url: string, options: Partial<autocannon.Options>, seconds: number, conns = connections) {
  // A slow answer counts in the latency figures rather than as a client timeout.
  return autocannon({ url, connections: conns, duration: seconds, timeout: 30, ...options });
}

function row(database: string, target: string, result: autocannon.Result, unexpected = result.non2xx, note?: string): Row {
  return {
    database,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected,
    errors: result.errors,
    total: result.requests.total,
    note,
  };
}

/** The baseline server as its own process (like the real one), healthy before it is measured. */
async function startBaseline(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, "bench-leads-baseline.ts")], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`baseline server exited with ${child.exitCode}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error("baseline server did not start in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

type Figures = { count: number; statuses: Record<string, number>; p50: number; p95: number; p99: number; max: number };
type Trickle = Figures & { kinds: Partial<Record<"lead" | "page", Figures>> };

/** Other visitors at a steady trickle, from their own process (scripts/bench-leads-trickle.ts). */
function trickle(url: string, kind: "json" | "native" = "json"): Promise<Trickle> {
  const body = kind === "json" ? leadBody : contactForm;
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, "bench-leads-trickle.ts")], {
    env: { ...process.env, URL: url, BENCH_DURATION: String(duration), BENCH_TRICKLE_MS: String(trickleMs), BENCH_BODY: body, BENCH_KIND: kind },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!) as Trickle) : reject(new Error(`trickle exited with ${code}`)))),
  );
}

function trickleRow(database: string, target: string, t: Figures, note?: string): Row {
  const ok = t.statuses["200"] ?? 0;
  return { database, target, rps: Math.round(t.count / duration), p50: t.p50, p95: t.p95, p99: t.p99, unexpected: t.count - ok, errors: t.statuses["0"] ?? 0, total: t.count, note };
}

/**
 * Other visitors loading /contact and posting its form natively, alone and then beside one
 * address flooding it with posts that are no form: one row per kind and phase.
 */
async function nativeFlood(database: string, serverUrl: string): Promise<Row[]> {
  const page = `${serverUrl}/contact`;
  const alone = await trickle(page, "native");
  const flooding: Partial<autocannon.Options> = {
    method: "POST",
    headers: { "content-type": "text/plain", origin: serverUrl, "x-forwarded-for": NATIVE_FLOOD_ADDRESS },
    body: "name=Ada",
  };
  const [flood, during] = await Promise.all([run(page, flooding, duration, floodConnections), trickle(page, "native")]);
  const codes = flood.statusCodeStats ?? {};
  const refused = (codes["429"]?.count ?? 0) + (codes["415"]?.count ?? 0);
  const floodRow = row(database, `native flood: text/plain to /contact, one address (${floodConnections} conns)`, flood, flood.non2xx - refused);
  floodRow.p95 = flood.latency.p97_5;
  floodRow.note = `${Math.round(refused / duration)} refusals/s (${codes["415"]?.count ?? 0} 415, ${codes["429"]?.count ?? 0} 429; p95 column: p97.5)`;
  const every = `every ${2 * trickleMs} ms`;
  const rows = [floodRow];
  for (const [kind, label] of [["page", `GET /contact ${every}`], ["lead", `native POST /contact ${every}`]] as const) {
    const calm = alone.kinds[kind]!;
    const busy = during.kinds[kind]!;
    rows.push(
      trickleRow(database, `others alone: ${label}`, calm),
      trickleRow(database, `others during the native flood: ${label}`, busy, `p95 ${(busy.p95 / Math.max(0.1, calm.p95)).toFixed(1)}x alone`),
    );
  }
  return rows;
}

async function measure(database: string, url: string, options: Partial<autocannon.Options>, target: string) {
  await run(url, options, 2); // warm-up
  return row(database, target, await run(url, options, duration));
}

async function benchOne(database: string, env: Record<string, string | undefined>, baselineEnv: Record<string, string>): Promise<Row[]> {
  const server = await spawnServer({
    env: { ...env, LOG_LEVEL: "warn", TRUST_PROXY_HEADER: "x-forwarded-for", RECAPTCHA_SITE_KEY: "", RECAPTCHA_SECRET_KEY: "" },
  });
  const baseline = scenarios.has("throughput") ? await startBaseline(baselineEnv) : undefined;
  const rows: Row[] = [];
  try {
    if (scenarios.has("throughput")) {
      rows.push(await measure(database, `${server.url}/api/health`, { method: "GET" }, "GET /api/health"));
      rows.push(await measure(database, `${baseline!.url}/submit-booking`, posting(), "bare baseline: zod parse + one INSERT"));
      rows.push(await measure(database, `${server.url}/api/submit-booking`, posting(), "POST /api/submit-booking"));
    }

    if (scenarios.has("flood")) {
      const endpoint = `${server.url}/api/submit-booking`;
      const othersAlone = await trickle(endpoint);
      rows.push(trickleRow(database, `others alone (one lead every ${trickleMs} ms)`, othersAlone));
      const [flood, others] = await Promise.all([run(endpoint, posting(FLOOD_ADDRESS), duration, floodConnections), trickle(endpoint)]);
      const refused = flood.statusCodeStats?.["429"]?.count ?? 0;
      const floodRow = row(database, `flood: one address (${floodConnections} conns)`, flood, flood.non2xx - refused);
      floodRow.p95 = flood.latency.p97_5;
      floodRow.note = `${Math.round(refused / duration)} refusals/s, ${flood["2xx"]} accepted (p95 column: p97.5)`;
      const ratio = others.p95 / Math.max(0.1, othersAlone.p95);
      rows.push(floodRow, trickleRow(database, `others during the flood (one lead every ${trickleMs} ms)`, others, `p95 ${ratio.toFixed(1)}x alone`));
    }
    if (scenarios.has("native-flood")) rows.push(...(await nativeFlood(database, server.url)));
  } finally {
    await baseline?.stop();
    await server.stop();
  }
  if (scenarios.has("throughput")) rows[2]!.note = `${Math.round((100 * rows[2]!.rps) / Math.max(1, rows[1]!.rps))}% of the baseline`;
  return rows;
}

const results: Row[] = [];
console.log(
  `bench:leads (${[...scenarios].join(", ")}): ${connections} connections, ${duration} s per target (after a 2 s warm-up); ` +
    `flood ${floodConnections} connections from one address beside other visitors at one request every ${trickleMs} ms`,
);
if (databases.includes("embedded")) {
  const dataDir = await seededDataDir("bench-baseline");
  results.push(...(await benchOne("embedded (PGlite)", { DATABASE_URL: undefined }, { DATA_DIR: dataDir })));
}
if (databases.includes("postgres")) {
  const postgres = await createPostgresDatabase();
  if (postgres) {
    try {
      results.push(...(await benchOne("PostgreSQL", { DATABASE_URL: postgres.url }, { DATABASE_URL: postgres.url })));
    } finally {
      await postgres.drop();
    }
  } else {
    console.log("(DATABASE_URL not set: PostgreSQL skipped)");
  }
}

console.log(
  `\n${markdownTable(
    ["database", "target", "req/s", "p50 ms", "p95 ms", "p99 ms", "unexpected non-2xx", "errors", "requests", ""],
    "llrrrrrrrl",
    results.map((r) => [r.database, r.target, r.rps, r.p50, r.p95, r.p99, r.unexpected, r.errors, r.total, r.note]),
  )}`,
);
if (results.some((r) => r.unexpected > 0 || r.errors > 0)) {
  console.error("\nSome requests failed: the figures above are not a clean run.");
  process.exitCode = 1;
}
