import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { asc, desc, eq, inArray, or } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { auditLog } from "../../server/db/schema";
import { normalizedEmail } from "../../server/auth/auth-audit";
import { loadConfig } from "../../server/config";
import { encodeCursor } from "../../server/platform/keyset-cursor";
import { addDays, utcDay } from "@shared/utc-day";
import type { AuditLogResponse } from "@shared/api/admin-api";
import { outboxWorkerFor } from "../support/outbox";

/*
 * Staff sign-in events in the audit log (docs/decisions/0202): who, what, from which address;
 * never a password, code or token.
 */

let t: TestApp;
/** Every secret a test handled: none of them may appear in any audit row. */
const secrets = new Set<string>();

beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
});
afterAll(async () => {
  if (t) {
    const rows = await t.database.db.select().from(auditLog);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text, "an audit row holds a secret").not.toContain(secret);
    expect(secrets.size).toBeGreaterThan(10);
    await t.close();
  }
});

async function staff() {
  const account = await createStaff(t, "admin");
  secrets.add(account.password);
  return account;
}

/** Audit rows about one account (by user id or e-mail), oldest first, without the CLI's admin.create. */
async function auditOf(who: { userId?: string | null; email: string }) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorEmail, who.email), ...(who.userId ? [eq(auditLog.actorUserId, who.userId)] : [])))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.filter((row) => row.action !== "admin.create");
}

function post(path: string, cookie: string, body: unknown, ip = randomIp()) {
  return t.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie, "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  });
}

function keepTokens(res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const value = decodeURIComponent(line.split(";")[0]!.split("=").slice(1).join("="));
    if (value) for (const part of value.split(".")) if (part.length >= 16) secrets.add(part);
  }
}

describe("sign-in and sign-out", () => {
  it("records a sign-in with the account, the method and the client address", async () => {
    const admin = await staff();
    const ip = randomIp();
    const res = await signIn(t, admin.email, admin.password, ip);
    expect(res.status).toBe(200);
    keepTokens(res);
    const rows = await auditOf(admin);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "auth.sign-in",
      actorUserId: admin.userId,
      actorEmail: admin.email,
      target: admin.userId,
      details: { ip, method: "password" },
    });
  });

  it("records a wrong password against the account, and an unknown account by its normalised e-mail", async () => {
    const admin = await staff();
    const ip = randomIp();
    secrets.add("Wrong-Password-For-Audit-1");
    expect((await signIn(t, admin.email, "Wrong-Password-For-Audit-1", ip)).status).toBe(401);
    expect(await auditOf(admin)).toMatchObject([
      { action: "auth.sign-in.failed", actorUserId: admin.userId, actorEmail: admin.email, details: { ip, step: "password", reason: "wrong password" } },
    ]);

    secrets.add("Guess-For-Nobody-2");
    expect((await signIn(t, "Nobody.Audit@Example.COM", "Guess-For-Nobody-2", ip)).status).toBe(401);
    expect(await auditOf({ email: "nobody.audit@example.com" })).toMatchObject([
      { action: "auth.sign-in.failed", actorUserId: null, target: null, details: { ip, step: "password", reason: "no account with this e-mail" } },
    ]);
  });

  it("records nothing for a request that never reached a password check", async () => {
    const admin = await staff();
    const send = (body: unknown, ip = randomIp()) =>
      t.app.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": ip },
        body: JSON.stringify(body),
      });
    expect((await send({ email: admin.email })).status).toBe(400);
    expect((await send({ email: "not-an-email", password: "whatever-1" })).status).toBe(400);
    expect(await auditOf(admin)).toEqual([]);
    expect(await auditOf({ email: "not-an-email" })).toEqual([]);
    // Refusals past the per-address limit, and the account lock (recorded once, when it starts),
    // are asserted on the audit log in auth-security.test.ts's brute-force flows, which drive them.
  });

  it("records a sign-out with the account that signed out, and nothing for a sign-out without a session", async () => {
    const admin = await staff();
    const cookie = await signedInCookie(t, admin.email, admin.password);
    const out = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: origin } });
    expect(out.status).toBe(200);
    const stray = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: origin } });
    expect(stray.status).toBe(200);
    expect((await auditOf(admin)).map((row) => row.action)).toEqual(["auth.sign-in", "auth.sign-out"]);
  });
});

describe("two-factor sign-in", () => {
  it("records enrolment, half-way and completed sign-ins, wrong codes, new backup codes and turning it off", async () => {
    const admin = await staff();
    const signInRes = await signIn(t, admin.email, admin.password);
    keepTokens(signInRes);
    const cookie = cookiesFrom(signInRes);

    const enable = await post("/api/auth/two-factor/enable", cookie, { password: admin.password });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    secrets.add(totp.secret.base32);
    for (const code of backupCodes) secrets.add(code);
    // A wrong code while enrolling is no sign-in attempt.
    expect((await post("/api/auth/two-factor/verify-totp", cookie, { code: "000000" })).status).toBe(401);
    const code = totp.generate();
    const verified = await post("/api/auth/two-factor/verify-totp", cookie, { code });
    expect(verified.status).toBe(200);
    keepTokens(verified);
    const enrolled = cookiesFrom(verified);

    // Half-way: the password is right, the second factor pending; then a wrong code, then a right one.
    const ip = randomIp();
    const first = await signIn(t, admin.email, admin.password, ip);
    expect(((await first.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    keepTokens(first);
    const pending = cookiesFrom(first);
    expect((await post("/api/auth/two-factor/verify-totp", pending, { code: "123456" }, ip)).status).toBe(401);
    const second = await post("/api/auth/two-factor/verify-totp", pending, { code: totp.generate({ timestamp: Date.now() + 30_000 }) }, ip);
    expect(second.status).toBe(200);
    keepTokens(second);

    const viaBackup = cookiesFrom(await signIn(t, admin.email, admin.password));
    const backup = await post("/api/auth/two-factor/verify-backup-code", viaBackup, { code: backupCodes[0] });
    expect(backup.status).toBe(200);
    keepTokens(backup);

    const regenerated = await post("/api/auth/two-factor/generate-backup-codes", enrolled, { password: admin.password });
    expect(regenerated.status).toBe(200);
    for (const c of ((await regenerated.json()) as { backupCodes: string[] }).backupCodes) secrets.add(c);

    const disabled = await post("/api/auth/two-factor/disable", enrolled, { password: admin.password });
    expect(disabled.status).toBe(200);

    const rows = await auditOf(admin);
    expect(rows.map((row) => [row.action, (row.details as Record<string, unknown>).method ?? null])).toEqual([
      ["auth.sign-in", "password"],
      ["auth.two-factor.enabled", "totp"],
      ["auth.sign-in.failed", "totp"],
      ["auth.sign-in", "totp"],
      ["auth.sign-in", "backup-code"],
      ["auth.two-factor.backup-codes", null],
      ["auth.two-factor.disabled", null],
    ]);
    expect(rows[2]).toMatchObject({ actorUserId: admin.userId, details: { ip, step: "two-factor", reason: "wrong code" } });
    expect(rows[3]).toMatchObject({ actorUserId: admin.userId, actorEmail: admin.email, details: { ip } });
  });
});

describe("attempted e-mails as stored", () => {
  it("are trimmed, lower-case, without control characters (PostgreSQL refuses NUL) and at most 254 characters", () => {
    expect(normalizedEmail(" Ev\u0000e@Example.COM\u0085\n")).toBe("eve@example.com");
    expect(normalizedEmail(`${"a".repeat(400)}@example.com`)).toHaveLength(254);
    expect(normalizedEmail("\u0000 ")).toBeNull();
    expect(normalizedEmail(42)).toBeNull();
  });
});

describe("the admin users page", () => {
  it("lists sign-in events in the audit log the admin API answers", async () => {
    const admin = await staff();
    const cookie = await signedInCookie(t, admin.email, admin.password);
    const res = await t.app.request("/api/admin/audit-log", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { action: string; actorEmail: string | null }[] };
    expect(items).toContainEqual(expect.objectContaining({ action: "auth.sign-in", actorEmail: admin.email }));
  });
});

describe("the audit log API (docs/decisions/0202)", () => {
  let cookie = "";
  beforeAll(async () => {
    const admin = await staff();
    cookie = await signedInCookie(t, admin.email, admin.password);
  });

  const get = (query = "", who = cookie) => t.app.request(`/api/admin/audit-log${query}`, { headers: who ? { Cookie: who } : {} });
  const search = (body: unknown, who = cookie) =>
    t.app.request("/api/admin/audit-log/search", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, ...(who ? { Cookie: who } : {}) },
      body: JSON.stringify(body),
    });
  const page = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AuditLogResponse;
  };

  /** Entries of one made-up actor, `count` of them, three to an instant, `at` the newest. */
  async function entriesOf(actorEmail: string, count: number, at: Date, action: "role.assign" | "role.remove" = "role.assign") {
    const rows = Array.from({ length: count }, (_, i) => ({ actorEmail, action, createdAt: new Date(at.getTime() - Math.floor(i / 3) * 1000), details: { n: i } }));
    return t.database.db.insert(auditLog).values(rows).returning({ id: auditLog.id });
  }

  it("pages through every entry, newest first, 100 to a page unless a limit says otherwise, with no entry twice or left out", async () => {
    await entriesOf(`pager-${crypto.randomUUID().slice(0, 8)}@example.com`, 230, new Date(Date.now() - 3_600_000));
    const all = await t.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(all.length).toBeGreaterThan(230);

    const first = await page(await get());
    expect(first.items).toHaveLength(100);
    expect(first.items.map((e) => e.id)).toEqual(all.slice(0, 100).map((r) => r.id));
    expect(first.nextCursor).toEqual(expect.any(String));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditLogResponse = await page(await get(`?limit=70${cursor ? `&cursor=${cursor}` : ""}`));
      expect(next.items.length).toBeLessThanOrEqual(70);
      seen.push(...next.items.map((e) => e.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it("filters by actor (any part of the address, any case), action and whole UTC days; the actor only in a POST body", async () => {
    const actor = `filter-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const day = addDays(utcDay(Date.now()), -3);
    const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);
    // The last second of the day before, the whole day, and the first instant of the day after.
    const before = await ids(entriesOf(actor, 1, new Date(`${addDays(day, -1)}T23:59:59.999Z`)));
    const during = [...(await ids(entriesOf(actor, 2, new Date(`${day}T23:59:59.999Z`)))), ...(await ids(entriesOf(actor, 1, new Date(`${day}T00:00:00.000Z`), "role.remove")))];
    const after = await ids(entriesOf(actor, 1, new Date(`${addDays(day, 1)}T00:00:00.000Z`), "role.remove"));
    const found = async (body: Record<string, unknown>) => (await page(await search(body))).items.map((e) => e.id).sort();

    expect(await found({ actor: actor.slice(0, 15).toUpperCase() })).toEqual([...before, ...during, ...after].sort());
    expect(await found({ actor, action: "role.remove" })).toEqual([during[2]!, ...after].sort());
    expect(await found({ actor, from: day, to: day })).toEqual([...during].sort());
    expect(await found({ actor, from: addDays(day, 1) })).toEqual(after);
    expect(await found({ actor, to: addDays(day, -1) })).toEqual(before);
    // LIKE's wildcards match themselves.
    expect(await found({ actor: "filter-%@example.com" })).toEqual([]);
    expect(await found({ actor: actor.replace("-", "_") })).toEqual([]);

    // Pages of a filter: two at a time, in order, to the end.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditLogResponse = await page(await search({ actor, limit: 2, ...(cursor ? { cursor } : {}) }));
      walked.push(...next.items.map((e) => e.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(walked).toHaveLength(5);
    expect(new Set(walked)).toEqual(new Set([...before, ...during, ...after]));

    // In the query string: action and days, and a message for an actor (an address in a URL).
    const byDay = await page(await get(`?action=role.remove&from=${day}&to=${day}`));
    expect(byDay.items.map((e) => e.id)).toContain(during[2]);
    expect(byDay.items.every((e) => e.action === "role.remove" && e.createdAt.startsWith(day))).toBe(true);
    const inUrl = await get(`?actor=${encodeURIComponent(actor)}`);
    expect(inUrl.status).toBe(400);
    expect(await inUrl.json()).toMatchObject({ fieldErrors: { actor: "Filter by actor with POST /api/admin/audit-log/search: an address never goes into a URL" } });
  });

  it("refuses a bad page, limit or filter with a 400 and its message, and answers only admins", async () => {
    const refusals: [string, Response, Record<string, string>][] = [
      ["limit 0", await get("?limit=0"), { limit: "Limit must be from 1 to 500" }],
      ["limit 501", await get("?limit=501"), { limit: "Limit must be from 1 to 500" }],
      ["limit abc", await get("?limit=abc"), { limit: "Limit must be a whole number" }],
      ["limit 2.5", await search({ limit: 2.5 }), { limit: "Limit must be a whole number" }],
      ["two limits", await get("?limit=5&limit=6"), { limit: "Limit must be a whole number" }],
      ["a made-up cursor", await get("?cursor=not-a-cursor"), { cursor: "Invalid page cursor" }],
      ["a cursor on 30 February", await search({ cursor: encodeCursor({ ts: "2026-02-30T00:00:00.000000Z", id: crypto.randomUUID() }) }), { cursor: "Invalid page cursor" }],
      ["an unknown action", await get("?action=auth.everything"), { action: "Unknown action" }],
      ["not a day", await get("?from=2026-02-30"), { from: "Not a valid date" }],
      ["days out of order", await search({ from: "2026-03-02", to: "2026-03-01" }), { to: "The start date must not be after the end date" }],
      ["a NUL in the actor", await search({ actor: "a\u0000b" }), { actor: "Actor must not contain control characters" }],
      ["a long actor", await search({ actor: "a".repeat(255) }), { actor: "Actor must be at most 254 characters" }],
    ];
    for (const [what, res, fieldErrors] of refusals) {
      expect(res.status, what).toBe(400);
      expect(((await res.json()) as { fieldErrors?: Record<string, string> }).fieldErrors, what).toEqual(fieldErrors);
    }
    expect((await get("", "")).status).toBe(401);
    expect((await search({}, "")).status).toBe(401);
    const moderator = await createStaff(t, "moderator");
    secrets.add(moderator.password);
    const moderatorCookie = await signedInCookie(t, moderator.email, moderator.password);
    expect((await get("", moderatorCookie)).status).toBe(403);
    expect((await search({}, moderatorCookie)).status).toBe(403);
  });

  it("keeps an entry AUDIT_RETENTION_DAYS days (400 unless set): the server's housekeeping deletes older ones", async () => {
    expect(t.config.audit.retentionDays).toBe(400);
    expect(loadConfig({ NODE_ENV: "test", AUDIT_RETENTION_DAYS: "30" }).audit.retentionDays).toBe(30);
    for (const wrong of ["0", "-5", "1.5", "ten", "3651"]) {
      expect(() => loadConfig({ NODE_ENV: "test", AUDIT_RETENTION_DAYS: wrong }), wrong).toThrow(/AUDIT_RETENTION_DAYS/);
    }
    const day = 86_400_000;
    const [old, kept] = await t.database.db
      .insert(auditLog)
      .values([
        { action: "role.assign", actorEmail: "old@example.com", createdAt: new Date(Date.now() - 401 * day) },
        { action: "role.assign", actorEmail: "kept@example.com", createdAt: new Date(Date.now() - 399 * day) },
      ])
      .returning({ id: auditLog.id });
    // The outbox worker runs the housekeeping as it starts, then every 10 minutes; a notifier
    // without channels, so nothing queued by the other tests is sent.
    const worker = outboxWorkerFor(t, { notifier: { channels: [], deliver: async () => {}, close: () => {} }, auditRetentionDays: t.config.audit.retentionDays });
    worker.start();
    try {
      await expect.poll(async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, old!.id))).length, { timeout: 10_000 }).toBe(0);
    } finally {
      await worker.stop();
    }
    expect(await t.database.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.id, [kept!.id]))).toHaveLength(1);
  });
});
