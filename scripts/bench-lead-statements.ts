/**
 * Where a stored lead's CPU goes, statement by statement: the same leads as
 * scripts/bench-lead-store.ts (storeLead on a fresh PostgreSQL database, two admins in rotation,
 * every lead from its own address), with node-postgres's Client.query wrapped to read the
 * backend's /proc/<pid>/schedstat and Node's process.cpuUsage around each statement. Node's share
 * "in query" is the driver's work plus waiting's overhead; "between" is everything else (Drizzle
 * building, the transaction's code).
 *
 *   DATABASE_URL=postgres://... tsx scripts/bench-lead-statements.ts [leads=500] [warm-up=200]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { leadFitOf } from "../server/leads/lead-fit";
import { notificationPlan, storeLead } from "../server/leads/lead-service";
import { RateLimiter, databaseBuckets } from "../server/platform/rate-limiter";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import type { Db } from "../server/db/client";
import { sql } from "drizzle-orm";
import { adminApp, backendCpuMs, leadBenchConfig, openFreshDatabase } from "./bench-app";

const count = Number(process.argv[2] ?? 500);
const warmUp = Number(process.argv[3] ?? 200);
if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL: the backend's CPU is read from /proc, so this measures PostgreSQL only");

const config = leadBenchConfig();


type Sum = { n: number; dbMs: number; nodeMs: number };
const sums = new Map<string, Sum>();
let measuring = false;
/** The last SELECT storeLead sent (the staff query), for BENCH_EXPLAIN. */
const seen: { select: { client: pg.Client; text: string; values: unknown[] } | null } = { select: null };
let betweenFrom: NodeJS.CpuUsage | null = null;
const between: Sum = { n: 0, dbMs: 0, nodeMs: 0 };
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as QueryFn;
(pg.Client.prototype as { query: QueryFn }).query = function (this: pg.Client & { processID?: number }, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "?");
  const label = text.replace(/\s+/g, " ").slice(0, 70);
  const pid = this.processID;
  if (measuring && /^\s*select/i.test(text)) seen.select = { client: this, text, values: Array.isArray(args[1]) ? args[1] : ((first as { values?: unknown[] })?.values ?? []) };
  if (!measuring || !pid) return original.apply(this, args);
  if (betweenFrom) {
    between.nodeMs += cpuMs(process.cpuUsage(betweenFrom));
    between.n++;
  }
  const node0 = process.cpuUsage();
  const db0 = backendCpuMs(pid);
  const done = () => {
    const s = sums.get(label) ?? { n: 0, dbMs: 0, nodeMs: 0 };
    s.n++;
    s.dbMs += backendCpuMs(pid) - db0;
    s.nodeMs += cpuMs(process.cpuUsage(node0));
    sums.set(label, s);
    betweenFrom = process.cpuUsage();
  };
  const result = original.apply(this, args) as Promise<unknown>;
  return result.then(
    (r) => (done(), r),
    (e: unknown) => {
      done();
      throw e;
    },
  );
};

async function storeOne(db: Db, limiter: RateLimiter, i: number) {
  const id = crypto.randomUUID();
  const email = `lead${i}-${id.slice(0, 8)}@acme-${i % 97}.com`;
  const totalCalls = i % 5 === 0 ? 200_000 : 5_000;
  const result = await storeLead(db, {
    form: { kind: "booking_inquiry", sourceForm: "booking_dialog", name: "Ada Lovelace", jobTitle: "Head of Support", workEmail: email, companyName: "Acme Ltd", totalCalls, aiGoal: null, tcpaConsent: true, consentTextVersion: CONSENT_TEXT_VERSION },
    evidence: {
      pagePath: "/pricing", referrer: "https://www.google.com/", utmSource: "google", utmMedium: "cpc", utmCampaign: "spring", utmTerm: null, utmContent: null,
      firstArticlePath: null, clientIp: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, userAgent: "Mozilla/5.0 (bench)", botCheck: "passed", idempotencyKey: crypto.randomUUID(),
    },
    identity: { id, referenceHash: crypto.createHash("sha256").update(id).digest("hex"), fit: leadFitOf(email, totalCalls, config.leads.enterpriseCallsPerMonth) },
    plan: notificationPlan(config, "booking_inquiry", "passed"),
    tokenHash: null,
    limit: { limiter, spec: { key: `lead:10.0.${i}`, max: config.leads.rateLimit.max, windowSeconds: config.leads.rateLimit.windowSeconds } },
  });
  if (result.outcome !== "created") throw new Error(`lead ${i}: ${result.outcome}`);
}

const { database, drop } = await openFreshDatabase();
try {
  await adminApp(database, 2);
  const { db } = database;
  const limiter = new RateLimiter(databaseBuckets(db));
  for (let i = 0; i < warmUp; i++) await storeOne(db, limiter, i);
  measuring = true;
  const node0 = process.cpuUsage();
  for (let i = warmUp; i < warmUp + count; i++) {
    betweenFrom = process.cpuUsage();
    await storeOne(db, limiter, i);
    betweenFrom = null;
  }
  const totalNode = cpuMs(process.cpuUsage(node0));
  measuring = false;
  const per = (ms: number) => +(ms / count).toFixed(3);
  const rows = [...sums].map(([label, s]) => ({ statement: label, perLead: +(s.n / count).toFixed(2), dbMs: per(s.dbMs), nodeMs: per(s.nodeMs) }));
  console.table(rows);
  const dbSum = rows.reduce((a, r) => a + r.dbMs, 0);
  console.log(JSON.stringify({ leads: count, nodeTotalMs: per(totalNode), nodeBetweenMs: per(between.nodeMs), dbTotalMs: +dbSum.toFixed(3), load: fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0] }));
  if (process.env.BENCH_EXPLAIN === "1") {
    // Planning against execution for the last SELECT a store sent (the staff query), as sent.
    const { select } = seen;
    if (select) {
      // On the pooled connection that sent it, idle now: in a transaction rolled back, as the locks it takes are real.
      await select.client.query("begin");
      for (let i = 0; i < 3; i++) {
        const { rows } = await select.client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers, summary) ${select.text}`, select.values);
        const plan = rows.map((r) => r["QUERY PLAN"]);
        if (i === 2) console.log(plan.join("\n"));
        else console.log(plan.filter((line) => /Planning Time|Execution Time/.test(line)).join(", "));
      }
      await select.client.query("rollback");
    }
  }
  if (process.env.BENCH_KEEP === "1") {
    const { rows } = await db.execute<{ name: string }>(sql`select current_database() as name`);
    console.log(`kept database ${rows[0]?.name} (drop it when done)`);
  }
} finally {
  if (process.env.BENCH_KEEP === "1") await database.close();
  else await drop();
}
