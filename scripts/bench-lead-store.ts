/**
 * The CPU one lead costs to store, storeLead alone (no HTTP, no zod, no bot check): Node's CPU
 * (process.cpuUsage) plus the PostgreSQL backend's (its /proc/<pid>/stat, so the database must run
 * on this machine), per lead, over leads stored one after another on a fresh database with two
 * admins in the rotation, so that each lead is routed to an owner. Each lead counts against its own
 * address's limit (or claims a bot token, BENCH_BOT_CHECK=1) and queues a configured server's notifications (staff
 * e-mail, Slack, webhook, owner's e-mail, enterprise alert where it fits, first-contact check,
 * follow-ups). Issue 40 bounded this at 2x of the ten-CTE statement it replaced.
 *
 *   DATABASE_URL=postgres://... tsx scripts/bench-lead-store.ts [leads=1500] [warm-up=300]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import { leadFitOf } from "../server/leads/lead-fit";
import { notificationPlan, storeLead } from "../server/leads/lead-service";
import { RateLimiter, databaseBuckets } from "../server/platform/rate-limiter";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import type { Db } from "../server/db/client";
import { adminApp, backendCpuMs, leadBenchConfig, openFreshDatabase } from "./bench-app";

const count = Number(process.argv[2] ?? 1500);
// As a server stores a lead: with the bot check off (the default), the submission is counted in the
// transaction and there is no token; with it on (BENCH_BOT_CHECK=1), it was counted before and its
// token is claimed.
const botCheck = process.env.BENCH_BOT_CHECK === "1";
const warmUp = Number(process.argv[3] ?? 300);
if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL: the backend's CPU is read from /proc, so this measures PostgreSQL only");

const config = leadBenchConfig();


async function storeOne(db: Db, limiter: RateLimiter, i: number) {
  const id = crypto.randomUUID();
  const email = `lead${i}-${id.slice(0, 8)}@acme-${i % 97}.com`;
  const totalCalls = i % 5 === 0 ? 200_000 : 5_000;
  const result = await storeLead(db, {
    form: {
      kind: "booking_inquiry",
      sourceForm: "booking_dialog",
      name: "Ada Lovelace",
      jobTitle: "Head of Support",
      workEmail: email,
      companyName: "Acme Ltd",
      totalCalls,
      aiGoal: null,
      tcpaConsent: true,
      consentTextVersion: CONSENT_TEXT_VERSION,
    },
    evidence: {
      pagePath: "/pricing",
      referrer: "https://www.google.com/",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: null,
      utmContent: null,
      firstArticlePath: null,
      clientIp: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      userAgent: "Mozilla/5.0 (bench)",
      botCheck: "passed",
      idempotencyKey: crypto.randomUUID(),
    },
    identity: { id, referenceHash: crypto.createHash("sha256").update(id).digest("hex"), fit: leadFitOf(email, totalCalls, config.leads.enterpriseCallsPerMonth) },
    plan: notificationPlan(config, "booking_inquiry", "passed"),
    tokenHash: botCheck ? crypto.randomBytes(32).toString("hex") : null,
    limit: botCheck ? undefined : { limiter, spec: { key: `lead:10.0.${i}`, max: config.leads.rateLimit.max, windowSeconds: config.leads.rateLimit.windowSeconds } },
  });
  if (result.outcome !== "created") throw new Error(`lead ${i}: ${result.outcome}`);
}

const { database, drop } = await openFreshDatabase();
try {
  await adminApp(database, 2);
  const { db } = database;
  const limiter = new RateLimiter(databaseBuckets(db));
  for (let i = 0; i < warmUp; i++) await storeOne(db, limiter, i);
  // Sequential stores use one pooled connection; every backend of this database is summed anyway.
  const { rows } = await db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database()`);
  const pids = rows.map((r) => Number(r.pid));
  const backend = () => pids.reduce((sum, pid) => sum + backendCpuMs(pid), 0);
  let next = warmUp;
  /** Stores n more leads; the CPU they took, ms: Node's and the backends'. */
  const measure = async (n: number) => {
    const node0 = process.cpuUsage();
    const db0 = backend();
    for (const end = next + n; next < end; next++) await storeOne(db, limiter, next);
    const node = process.cpuUsage(node0);
    return { leads: n, nodeMs: (node.user + node.system) / 1000, dbMs: backend() - db0 };
  };
  if (process.env.BENCH_STEP === "1") {
    // Driven by scripts/bench-lead-store-pair.ts: one batch per line read, its CPU written back, so
    // that two builds' batches alternate and the machine's load falls on both alike.
    console.log("ready");
    for await (const line of readline.createInterface({ input: process.stdin })) {
      if (line === "done") break;
      console.log(JSON.stringify(await measure(Number(line))));
    }
  } else {
    const [load] = fs.readFileSync("/proc/loadavg", "utf8").split(" ");
    const t0 = performance.now();
    const { nodeMs, dbMs } = await measure(count);
    const per = (ms: number) => +(ms / count).toFixed(3);
    console.log(JSON.stringify({ botCheck, leads: count, load: Number(load), nodeMs: per(nodeMs), dbMs: per(dbMs), cpuMs: per(nodeMs + dbMs), wallMs: per(performance.now() - t0) }));
  }
} finally {
  await drop();
}
