import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { TWO_FACTOR_LIMITS } from "../../server/auth/auth";
import { twoFactors } from "../../server/db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
});
afterAll(async () => t?.close());

function post(path: string, cookie: string, body: unknown) {
  return t.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie, "X-Forwarded-For": randomIp() },
    body: JSON.stringify(body),
  });
}

describe("two-factor sign-in (TOTP)", () => {
  it("enrols an authenticator, then asks for a code at sign-in and accepts a generated one or a backup code", async () => {
    const admin = await createStaff(t, "admin");
    const cookie = await signedInCookie(t, admin.email, admin.password);

    const wrongPassword = await post("/api/auth/two-factor/enable", cookie, { password: "not-it" });
    expect(wrongPassword.status).toBe(400);

    const enable = await post("/api/auth/two-factor/enable", cookie, { password: admin.password });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes.length).toBe(10);
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;

    // Not enabled until a code is verified: signing in still needs no code.
    const before = (await (await signIn(t, admin.email, admin.password)).json()) as Record<string, unknown>;
    expect(before.twoFactorRedirect).toBeUndefined();

    expect((await post("/api/auth/two-factor/verify-totp", cookie, { code: "000000" })).status).toBe(401);
    const verify = await post("/api/auth/two-factor/verify-totp", cookie, { code: totp.generate() });
    expect(verify.status).toBe(200);
    // Enabling 2FA replaces the session: the answer carries the new cookie.
    const renewed = cookiesFrom(verify);
    expect(renewed).toMatch(/session_token=/);
    const meAfter = (await (await t.app.request("/api/admin/me", { headers: { Cookie: renewed } })).json()) as { user: { twoFactorEnabled: boolean } };
    expect(meAfter.user.twoFactorEnabled).toBe(true);

    // Sign-in now stops half-way: no session until the second factor.
    const first = await signIn(t, admin.email, admin.password);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    const pending = cookiesFrom(first);
    expect(pending).not.toMatch(/session_token=/);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: pending } })).status).toBe(401);

    expect((await post("/api/auth/two-factor/verify-totp", pending, { code: "123456" })).status).toBe(401);
    const second = await post("/api/auth/two-factor/verify-totp", pending, { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(second.status).toBe(200);
    const session = cookiesFrom(second);
    expect(session).toMatch(/session_token=/);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: session } })).status).toBe(200);

    // A backup code works once.
    const viaBackup = cookiesFrom(await signIn(t, admin.email, admin.password));
    const backup = await post("/api/auth/two-factor/verify-backup-code", viaBackup, { code: backupCodes[0] });
    expect(backup.status).toBe(200);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: cookiesFrom(backup) } })).status).toBe(200);
    const reused = cookiesFrom(await signIn(t, admin.email, admin.password));
    expect((await post("/api/auth/two-factor/verify-backup-code", reused, { code: backupCodes[0] })).status).toBe(401);
  });
});

/** An admin with two-factor sign-in enrolled: the authenticator and the backup codes. */
async function enrolledAdmin() {
  const admin = await createStaff(t, "admin");
  const cookie = await signedInCookie(t, admin.email, admin.password);
  const enable = await post("/api/auth/two-factor/enable", cookie, { password: admin.password });
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect((await post("/api/auth/two-factor/verify-totp", cookie, { code: totp.generate() })).status).toBe(200);
  return { ...admin, totp, backupCodes };
}

/** The password step of an enrolled admin: the cookie of the half-way sign-in. */
async function halfWay(admin: { email: string; password: string }) {
  const res = await signIn(t, admin.email, admin.password);
  expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
  const pending = cookiesFrom(res);
  expect(pending).not.toMatch(/session_token=/);
  return pending;
}

/** A six-digit code the authenticator does not show in any step the server may accept. */
function wrongCode(totp: OTPAuth.TOTP): string {
  const near = new Set([-2, -1, 0, 1, 2].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  for (;;) {
    const code = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

async function codeAnswer(res: Response) {
  return { status: res.status, code: ((await res.json()) as { code?: string }).code, session: /session_token=/.test(cookiesFrom(res)) };
}

describe("guessing the second factor (docs/decisions/0202)", () => {
  it(`ends a half-way sign-in after ${TWO_FACTOR_LIMITS.codesPerSignIn} wrong codes of either kind: then even the right code is refused`, async () => {
    const admin = await enrolledAdmin();
    // A half-way sign-in lasts 10 minutes at most.
    const passwordStep = await signIn(t, admin.email, admin.password);
    const challenge = passwordStep.headers.getSetCookie().find((line) => line.includes("two_factor="));
    expect(challenge).toMatch(new RegExp(`Max-Age=${TWO_FACTOR_LIMITS.signInSeconds}(;|$)`));
    const pending = cookiesFrom(passwordStep);
    for (let i = 0; i < TWO_FACTOR_LIMITS.codesPerSignIn; i++) {
      // Authenticator codes and backup codes spend one allowance.
      const res =
        i % 2 === 0
          ? await post("/api/auth/two-factor/verify-totp", pending, { code: wrongCode(admin.totp) })
          : await post("/api/auth/two-factor/verify-backup-code", pending, { code: "AAAAA-BBBBB" });
      expect(res.status, `wrong code ${i + 1}`).toBe(401);
    }
    const right = await codeAnswer(await post("/api/auth/two-factor/verify-totp", pending, { code: admin.totp.generate() }));
    expect(right).toEqual({ status: 400, code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", session: false });
    // The half-way sign-in is gone: neither factor opens it any more.
    expect(await codeAnswer(await post("/api/auth/two-factor/verify-totp", pending, { code: admin.totp.generate() }))).toEqual({
      status: 401,
      code: "INVALID_TWO_FACTOR_COOKIE",
      session: false,
    });
    expect((await post("/api/auth/two-factor/verify-backup-code", pending, { code: admin.backupCodes[0] })).status).toBe(401);

    // A new password step opens a new one, and the right code completes it.
    const again = await post("/api/auth/two-factor/verify-totp", await halfWay(admin), { code: admin.totp.generate() });
    expect(again.status).toBe(200);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: cookiesFrom(again) } })).status).toBe(200);
  });

  it(`locks the second factor for ${TWO_FACTOR_LIMITS.lockSeconds / 60} minutes after ${TWO_FACTOR_LIMITS.lockAfterFailures} wrong codes in a row, across sign-ins`, async () => {
    const admin = await enrolledAdmin();
    let failures = 0;
    while (failures < TWO_FACTOR_LIMITS.lockAfterFailures) {
      const pending = await halfWay(admin);
      for (let i = 0; i < TWO_FACTOR_LIMITS.codesPerSignIn && failures < TWO_FACTOR_LIMITS.lockAfterFailures; i++, failures++) {
        expect((await post("/api/auth/two-factor/verify-totp", pending, { code: wrongCode(admin.totp) })).status).toBe(401);
      }
    }
    const lockedAt = Date.now();

    // The password is still right, but no code opens the account now, not even a backup code.
    const pending = await halfWay(admin);
    const locked = { status: 429, code: "ACCOUNT_TEMPORARILY_LOCKED", session: false };
    expect(await codeAnswer(await post("/api/auth/two-factor/verify-totp", pending, { code: admin.totp.generate() }))).toEqual(locked);
    expect(await codeAnswer(await post("/api/auth/two-factor/verify-backup-code", pending, { code: admin.backupCodes[0] }))).toEqual(locked);

    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.userId));
    const until = row!.lockedUntil!.getTime();
    expect(until).toBeGreaterThan(lockedAt + (TWO_FACTOR_LIMITS.lockSeconds - 60) * 1000);
    expect(until).toBeLessThanOrEqual(lockedAt + TWO_FACTOR_LIMITS.lockSeconds * 1000);

    // Once the lock has run out, the right code signs in again (the clock moved on).
    await t.database.db.update(twoFactors).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(twoFactors.userId, admin.userId));
    const after = await post("/api/auth/two-factor/verify-totp", await halfWay(admin), { code: admin.totp.generate() });
    expect(after.status).toBe(200);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: cookiesFrom(after) } })).status).toBe(200);
  });

  it("never trusts a device: a code sent with trustDevice is refused (400) and sets no trusted-device cookie", async () => {
    const admin = await enrolledAdmin();
    const pending = await halfWay(admin);
    for (const [path, code] of [
      ["/api/auth/two-factor/verify-totp", admin.totp.generate()],
      ["/api/auth/two-factor/verify-backup-code", admin.backupCodes[1]!],
    ] as const) {
      const res = await post(path, pending, { code, trustDevice: true });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ code: "TRUST_DEVICE_NOT_ALLOWED", message: expect.stringMatching(/every sign-in asks for a code/i) });
      expect(res.headers.getSetCookie().join("\n"), path).not.toMatch(/trust_device|session_token/);
    }
    // The refusal spent nothing: the same half-way sign-in completes with the code alone.
    const done = await post("/api/auth/two-factor/verify-totp", pending, { code: admin.totp.generate(), trustDevice: false });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().join("\n")).not.toMatch(/trust_device/);
    // And the next sign-in on this browser asks for a code again.
    await halfWay(admin);
  });
});
