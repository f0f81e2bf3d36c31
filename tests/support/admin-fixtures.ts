import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { AppRole } from "@shared/schemas/admin";
import { createAuth } from "../../server/auth/auth";
import { ensureStaffAccount } from "../../server/admin/staff-accounts";
import { bookingInquiries, leads } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createTestApp, type TestApp } from "./test-app";
import { cookiesFrom } from "./cookies";
import { outboxWorkerFor } from "./outbox";

export { cookiesFrom };

/** Env for admin API tests: client addresses come from X-Forwarded-For so tests can vary them. */
export const adminTestEnv = { TRUST_PROXY_HEADER: "x-forwarded-for", PUBLIC_URL: "http://localhost:3000" };
export const origin = "http://localhost:3000";

/** A fresh random address, so one test's sign-ins never eat another's rate-limit allowance. */
export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * Staff passwords: an app's n-th account gets this worker's n-th password, so no two accounts of
 * one app share a password, while the files of one worker (which share its modules) hash each of
 * them once. better-auth's scrypt costs 0.3-0.5 s of CPU a hash on a 2-core machine, and the fast
 * project made about 200 accounts a run. The hash stored is better-auth's own, salted, at its cost.
 */
const workerPasswordSeed = crypto.randomUUID();
const accountsMade = new WeakMap<TestApp, number>();
const hashOfPassword = new Map<string, Promise<string>>();

function nextStaffPassword(t: TestApp): string {
  const n = accountsMade.get(t) ?? 0;
  accountsMade.set(t, n + 1);
  return `pw-${workerPasswordSeed}-${n}`;
}

export async function createStaff(t: TestApp, role: AppRole | null, email = `${role ?? "plain"}-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const password = nextStaffPassword(t);
  const auth = createAuth({ config: t.config, database: t.database, logger: createLogger("silent") });
  // This helper's own auth instance (never the app's) hashes each password once per worker.
  const context = await auth.$context;
  const hash = context.password.hash;
  context.password.hash = (plain) => {
    let hashed = hashOfPassword.get(plain);
    if (!hashed) {
      hashed = hash(plain);
      hashOfPassword.set(plain, hashed);
      hashed.catch(() => hashOfPassword.delete(plain));
    }
    return hashed;
  };
  // ensureStaffAccount always grants a role; a user without any role gets one then loses it.
  const result = await ensureStaffAccount(auth, t.database.db, { email, password, role: role ?? "user" });
  if (role === null) {
    const { userRoles } = await import("../../server/db/schema");
    const { eq } = await import("drizzle-orm");
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, result.userId));
  }
  return { email, password, userId: result.userId };
}

/**
 * Takes a staff member out of the lead rotation, so the leads a test makes arrive Unassigned as
 * before routing: for tests about something else whose counts a new owner would change.
 */
export async function takesNoLeads(t: TestApp, userId: string) {
  const { leadDeskStaff } = await import("../../server/db/schema");
  await t.database.db.insert(leadDeskStaff).values({ userId, takingLeads: false }).onConflictDoUpdate({ target: leadDeskStaff.userId, set: { takingLeads: false } });
}

export async function signIn(t: TestApp, email: string, password: string, ip = randomIp()) {
  return t.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": ip },
    body: JSON.stringify({ email, password }),
  });
}

export async function signedInCookie(t: TestApp, email: string, password: string): Promise<string> {
  const res = await signIn(t, email, password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}

/**
 * An admin test app whose staff mail goes to the development mailbox (no SMTP_URL) in a data
 * directory of its own, with an admin signed in. `mailTo` delivers the queued mail and reads what
 * reached an address; `close` ends the app and removes the directory.
 */
export async function createMailboxApp(prefix: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const t = await createTestApp({ ...adminTestEnv, DATA_DIR: dataDir });
  const admin = await createStaff(t, "admin");
  const adminCookie = await signedInCookie(t, admin.email, admin.password);
  async function mailTo(to: string): Promise<string[]> {
    const worker = outboxWorkerFor(t, { logger: t.deps.logger });
    await worker.runOnce();
    const dir = path.join(dataDir, "mailbox");
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")));
    return mails.filter((m) => m.includes(`\nTo: ${to}\n`));
  }
  async function close() {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return { t, dataDir, admin, adminCookie, mailTo, close };
}

let seq = 0;
/**
 * Inserts booking inquiries the way the lead API stores them (defaults overridable per row): one
 * lead each, answered as the booking_inquiries view reads them, in the order given.
 */
export async function seedBookings(t: TestApp, rows: Partial<typeof bookingInquiries.$inferSelect>[]) {
  if (rows.length === 0) return [];
  const values = rows.map((row) => {
    const inquiry = {
      name: "Pat Example",
      workEmail: "pat@example.com",
      companyName: "Example Co",
      jobTitle: "Owner",
      tcpaConsent: true,
      sourceForm: "booking_dialog" as const,
      consentTextVersion: "v1",
      idempotencyKey: `seed-${Date.now()}-${seq++}-${crypto.randomUUID()}`,
      ...row,
    };
    const { workEmail, companyName, sourceForm, id = crypto.randomUUID(), ...rest } = inquiry;
    return { ...rest, id, kind: "booking_inquiry" as const, source: sourceForm, email: workEmail, company: companyName };
  });
  await t.database.db.insert(leads).values(values);
  const stored = await t.database.db.select().from(bookingInquiries).where(inArray(bookingInquiries.id, values.map((v) => v.id)));
  return values.map((v) => stored.find((row) => row.id === v.id)!);
}
