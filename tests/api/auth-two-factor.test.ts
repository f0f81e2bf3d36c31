import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";

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
