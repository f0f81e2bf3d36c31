/**
 * `npm run bench:leads`: lead submissions per second and p99 latency against a spawned real
 * server (built site + API), next to a bare GET /api/health on the same run. Runs on the embedded
 * database, and on PostgreSQL too when DATABASE_URL is set (a fresh database on that server).
 * Bot check off and the per-IP rate limit raised, so the write path itself is measured. Each
 * submission comes from its own client address (x-forwarded-for, trusted for the run), as real
 * visitors do: from one address, every request would queue on that address's rate-limit row.
 *
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=50 npm run bench:leads
 */
import autocannon from "autocannon";
import { spawnServer } from "../tests/support/spawn-server";
import { createPostgresDatabase } from "../tests/support/test-database";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

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

type Row = { database: string; target: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number };

async function run(url: string, options: Partial<autocannon.Options>, seconds: number) {
  // A slow answer counts in the latency figures rather than as a client timeout.
  return autocannon({ url, connections, duration: seconds, timeout: 30, ...options });
}

async function benchOne(database: string, env: Record<string, string | undefined>): Promise<Row[]> {
  const server = await spawnServer({
    env: {
      ...env,
      LOG_LEVEL: "warn",
      LEADS_RATE_LIMIT_MAX: "1000000000",
      TRUST_PROXY_HEADER: "x-forwarded-for",
      RECAPTCHA_SITE_KEY: "",
      RECAPTCHA_SECRET_KEY: "",
    },
  });
  const rows: Row[] = [];
  try {
    const targets: [string, Partial<autocannon.Options>][] = [
      ["GET /api/health", { method: "GET" }],
      [
        "POST /api/submit-booking",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: leadBody,
          setupClient: (client) => {
            const next = () => client.setHeaders({ "content-type": "application/json", "x-forwarded-for": randomIp() });
            next();
            client.on("response", next);
          },
        },
      ],
    ];
    for (const [target, options] of targets) {
      const url = `${server.url}${target.split(" ")[1]}`;
      await run(url, options, 2); // warm-up
      const result = await run(url, options, duration);
      rows.push({
        database,
        target,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        total: result.requests.total,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const results: Row[] = [];
console.log(`bench:leads: ${connections} connections, ${duration} s per target (after a 2 s warm-up)`);
results.push(...(await benchOne("embedded (PGlite)", { DATABASE_URL: undefined })));
const postgres = await createPostgresDatabase();
if (postgres) {
  try {
    results.push(...(await benchOne("PostgreSQL", { DATABASE_URL: postgres.url })));
  } finally {
    await postgres.drop();
  }
} else {
  console.log("(DATABASE_URL not set: PostgreSQL skipped)");
}

console.log("");
console.log("| database | target | req/s | p50 ms | p99 ms | non-2xx | errors | requests |");
console.log("|---|---|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(`| ${r.database} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.total} |`);
}
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) {
  console.error("\nSome requests failed: the figures above are not a clean run.");
  process.exitCode = 1;
}
