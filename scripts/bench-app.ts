// What the in-process admin benchmarks (bench-admin-bookings, bench-admin-leads, bench-events'
// report) share: a fresh database, and the real Hono app on it with admins signed in, so that each
// timed request pays the session check, the role check, the query and the JSON as in production.
import crypto from "node:crypto";
import fs from "node:fs";
import { ensureStaffAccount } from "../server/admin/staff-accounts";
import { createApp } from "../server/app";
import { createAuth } from "../server/auth/auth";
import { loadConfig } from "../server/config";
import { openDatabase, type Database } from "../server/db/client";
import { createLogger } from "../server/logger";
import { cookiesFrom } from "../tests/support/cookies";
import { createPostgresDatabase } from "../tests/support/test-database";

export const ORIGIN = "http://localhost:3000";

/**
 * The config the lead-store benchmarks (bench-lead-store, bench-lead-statements) store leads with:
 * every notification channel on, to addresses nothing answers, so each lead queues its whole outbox.
 */
export const leadBenchConfig = () =>
  loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: ORIGIN,
    SMTP_URL: "smtp://127.0.0.1:2525",
    LEADS_NOTIFY_TO: "sales@example.com",
    SLACK_WEBHOOK_URL: "http://127.0.0.1:9/slack",
    LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook",
    LEADS_WEBHOOK_SECRET: "bench-webhook-secret-bench-webhook-secret",
  });

/** A PostgreSQL backend's time on a CPU so far, ms (/proc/<pid>/schedstat: nanoseconds, not 10 ms ticks). */
export function backendCpuMs(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

/** A new PostgreSQL database when DATABASE_URL is set, else an in-memory PGlite; `drop` ends it. */
export async function openFreshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgres = await createPostgresDatabase();
  const database = await openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "memory" });
  return {
    database,
    drop: async () => {
      await database.close();
      await postgres?.drop();
    },
  };
}

/**
 * The app on `database` with `admins` admin accounts (bench0@example.com, ...), the first signed
 * in: its session cookie, and every admin's user id.
 */
export async function adminApp(database: Database, admins = 1) {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: ORIGIN,
    TRUST_PROXY_HEADER: "x-forwarded-for",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
  });
  const logger = createLogger("silent");
  const auth = createAuth({ config, database, logger });
  const app = createApp({ config, database, logger, auth });
  const password = `pw-${crypto.randomUUID()}`;
  const adminIds: string[] = [];
  for (let i = 0; i < admins; i++) {
    adminIds.push((await ensureStaffAccount(auth, database.db, { email: `bench${i}@example.com`, password, role: "admin" })).userId);
  }
  const signIn = await app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "X-Forwarded-For": "10.9.9.9" },
    body: JSON.stringify({ email: "bench0@example.com", password }),
  });
  if (!signIn.ok) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
  return { app, config, adminIds, cookie: cookiesFrom(signIn) };
}
