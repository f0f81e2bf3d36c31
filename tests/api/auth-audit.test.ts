import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { asc, eq, or } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { auditLog } from "../../server/db/schema";
import { normalizedEmail } from "../../server/auth/auth-audit";

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
