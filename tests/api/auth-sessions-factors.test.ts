import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createMailboxApp, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { auditLog, passkeys, sessions, twoFactors, users } from "../../server/db/schema";
import { PASSKEY_SIGN_IN_REQUIRED } from "../../server/auth/auth";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "../../server/admin/require-admin";
import { OWN_SESSION_MESSAGES } from "../../server/routes/admin";

/** Signed-in devices, a colleague's sessions and sign-in methods, required two-factor (docs/decisions/0207). */
let t: TestApp;
let admin: { email: string; password: string; userId: string };
let adminCookie = "";
/** Delivers the queued staff mail to the development mailbox and reads what reached `to`. */
let mailTo: (to: string) => Promise<string[]>;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, admin, adminCookie, mailTo, close } = await createMailboxApp("sessions-factors-"));
}, 120_000);
afterAll(() => close?.());

const get = (app: TestApp, p: string, cookie: string) => app.app.request(p, { headers: { Cookie: cookie } });
const post = (app: TestApp, p: string, cookie: string, body?: unknown) =>
  app.app.request(p, {
    method: "POST",
    headers: { Origin: origin, Cookie: cookie, "X-Forwarded-For": randomIp(), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Signs in with a given browser name, as a second device would. */
async function signInAs(app: TestApp, staff: { email: string; password: string }, userAgent: string) {
  const res = await app.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp(), "User-Agent": userAgent },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

/** A stored passkey row, as the passkey plugin writes one after a verified registration (the browser flow is in tests/e2e/admin-passkeys.spec.ts). */
async function givePasskey(app: TestApp, userId: string) {
  await app.database.db.insert(passkeys).values({
    id: crypto.randomUUID(),
    name: "Test key",
    publicKey: "cHVibGlj",
    userId,
    credentialID: crypto.randomUUID(),
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
    transports: "usb",
  });
}

type Listed = { items: { id: string; userAgent: string | null; ipAddress: string | null; lastActiveAt: string; current: boolean }[] };

describe("a staff member's own signed-in devices", () => {
  it("lists them (browser, address, last active; this one first) without any token, and signs out the others", async () => {
    const rep = await createStaff(t, "moderator");
    const laptop = await signInAs(t, rep, "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36");
    const phone = await signInAs(t, rep, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1");

    const res = await get(t, "/api/admin/me/sessions", laptop);
    expect(res.status).toBe(200);
    const text = await res.text();
    const tokens = (await t.database.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, rep.userId))).map((s) => s.token);
    for (const token of tokens) expect(text).not.toContain(token);
    const listed = JSON.parse(text) as Listed;
    expect(listed.items).toHaveLength(2);
    expect(listed.items[0]).toMatchObject({ current: true, userAgent: expect.stringContaining("Linux"), ipAddress: expect.stringMatching(/^10\./) });
    expect(listed.items[1]).toMatchObject({ current: false, userAgent: expect.stringContaining("iPhone") });
    expect(Number.isNaN(Date.parse(listed.items[1]!.lastActiveAt))).toBe(false);

    const revoked = await post(t, "/api/admin/me/sessions/revoke-others", laptop);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect((await get(t, "/api/admin/me", phone)).status).toBe(401);
    expect((await get(t, "/api/admin/me", laptop)).status).toBe(200);
    expect(((await (await get(t, "/api/admin/me/sessions", laptop)).json()) as Listed).items).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.target, rep.userId), eq(auditLog.action, "auth.sessions.revoke")));
    expect(audit).toHaveLength(1);
  });

  it("still works for a session signed in over a day ago and kept alive since (a desk left open)", async () => {
    const rep = await createStaff(t, "moderator");
    const desk = await signInAs(t, rep, "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36");
    const phone = await signInAs(t, rep, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1");
    // Signed in 30 hours ago; renewed an hour ago, as an open inbox renews it.
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 30 * 3600_000), updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(sessions.userId, rep.userId));

    const listed = await get(t, "/api/admin/me/sessions", desk);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Listed).items).toHaveLength(2);
    const revoked = await post(t, "/api/admin/me/sessions/revoke-others", desk);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: 1 });
    expect((await get(t, "/api/admin/me", phone)).status).toBe(401);
  });

  it("signs out one other device by its id, but not this one and not someone else's", async () => {
    const rep = await createStaff(t, "admin");
    const here = await signInAs(t, rep, "Here");
    const there = await signInAs(t, rep, "There");
    const items = ((await (await get(t, "/api/admin/me/sessions", here)).json()) as Listed).items;
    const other = items.find((s) => !s.current)!;
    const self = items.find((s) => s.current)!;

    const mine = await post(t, `/api/admin/me/sessions/${self.id}/revoke`, here);
    expect(mine.status).toBe(400);
    expect(await mine.json()).toEqual({ error: OWN_SESSION_MESSAGES.current });
    // Another account's session id is not found for this one.
    expect((await post(t, `/api/admin/me/sessions/${other.id}/revoke`, adminCookie)).status).toBe(404);
    expect((await get(t, "/api/admin/me", there)).status).toBe(200);

    const res = await post(t, `/api/admin/me/sessions/${other.id}/revoke`, here);
    expect(res.status).toBe(200);
    expect((await get(t, "/api/admin/me", there)).status).toBe(401);
    expect((await get(t, "/api/admin/me", here)).status).toBe(200);
  });
});

describe("an admin and a colleague's access", () => {
  it("ends every session of a colleague (each gets 401), audited and e-mailed; a moderator may not", async () => {
    const rep = await createStaff(t, "moderator");
    const one = await signInAs(t, rep, "One");
    const two = await signInAs(t, rep, "Two");
    expect((await post(t, `/api/admin/staff/${admin.userId}/sessions/revoke`, one)).status).toBe(403);

    const res = await post(t, `/api/admin/staff/${rep.userId}/sessions/revoke`, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: rep.userId, email: rep.email, sessionsEnded: 2 });
    for (const cookie of [one, two]) expect((await get(t, "/api/admin/me", cookie)).status).toBe(401);
    expect((await get(t, "/api/admin/me", adminCookie)).status).toBe(200);
    // They can sign in again at once: nothing else changed.
    expect((await signIn(t, rep.email, rep.password)).status).toBe(200);

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.target, rep.userId), eq(auditLog.action, "staff.sessions.revoke")));
    expect(entry).toMatchObject({ actorEmail: admin.email, details: { email: rep.email, sessionsEnded: 2 } });
    expect((await mailTo(rep.email)).some((m) => m.includes("signed you out of the admin area on every device"))).toBe(true);
  });

  it("resets a colleague's authenticator and passkeys (they lost their phone): audited, e-mailed, signed out, password sign-in asks no code", async () => {
    const rep = await createStaff(t, "moderator");
    const cookie = await signedInCookie(t, rep.email, rep.password);
    const enable = await post(t, "/api/auth/two-factor/enable", cookie, { password: rep.password });
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    expect((await post(t, "/api/auth/two-factor/verify-totp", cookie, { code: totp.generate() })).status).toBe(200);
    await givePasskey(t, rep.userId);
    const pending = await signIn(t, rep.email, rep.password);
    expect(((await pending.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);

    expect((await post(t, `/api/admin/staff/${admin.userId}/reset-factors`, adminCookie)).status).toBe(400);
    const res = await post(t, `/api/admin/staff/${rep.userId}/reset-factors`, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: rep.userId, email: rep.email, twoFactorRemoved: true, passkeysRemoved: 1, sessionsEnded: 1 });

    expect((await get(t, "/api/admin/me", cookie)).status).toBe(401);
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, rep.userId))).toEqual([]);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, rep.userId))).toEqual([]);
    const [row] = await t.database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, rep.userId));
    expect(row?.on).toBe(false);
    const again = await signIn(t, rep.email, rep.password);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.target, rep.userId), eq(auditLog.action, "staff.factors.reset")));
    expect(entry).toMatchObject({ actorEmail: admin.email, details: { twoFactorRemoved: true, passkeysRemoved: 1, sessionsEnded: 1 } });
    const mails = await mailTo(rep.email);
    expect(mails.some((m) => m.includes("reset your sign-in methods"))).toBe(true);
    // Turning the authenticator on was e-mailed too (a new way into the account).
    expect(mails.some((m) => m.includes("Two-factor sign-in with an authenticator app was turned on"))).toBe(true);
  });

  it("e-mails a role given or taken with the assign-role form", async () => {
    const rep = await createStaff(t, "moderator");
    const given = await post(t, "/api/admin/roles", adminCookie, { userId: rep.userId, role: "admin" });
    expect(given.status).toBe(201);
    const { record } = (await given.json()) as { record: { id: string } };
    expect((await t.app.request(`/api/admin/roles/${record.id}`, { method: "DELETE", headers: { Origin: origin, Cookie: adminCookie } })).status).toBe(200);
    const mails = await mailTo(rep.email);
    expect(mails.some((m) => m.includes(`${admin.email} gave you the admin role`))).toBe(true);
    expect(mails.some((m) => m.includes(`${admin.email} removed your admin role`))).toBe(true);
  });
});

describe("two-factor required for every staff role (ADMIN_REQUIRE_TWO_FACTOR=true)", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ ...adminTestEnv, ADMIN_REQUIRE_TWO_FACTOR: "true" });
  }, 120_000);
  afterAll(async () => strict?.close());

  it("sends a moderator without a second factor to the set-up (403 TWO_FACTOR_REQUIRED); a passkey opens the desk", async () => {
    const rep = await createStaff(strict, "moderator");
    const cookie = await signedInCookie(strict, rep.email, rep.password);
    const me = (await (await get(strict, "/api/admin/me", cookie)).json()) as { user: Record<string, unknown> };
    expect(me.user).toMatchObject({ role: "moderator", twoFactorRequired: true, twoFactorEnabled: false, passkeys: 0 });
    const refused = await post(strict, "/api/admin/leads/search", cookie, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: TWO_FACTOR_REQUIRED_MESSAGE, code: "TWO_FACTOR_REQUIRED" });

    await givePasskey(strict, rep.userId);
    expect((await post(strict, "/api/admin/leads/search", cookie, {})).status).toBe(200);
    expect(((await (await get(strict, "/api/admin/me", cookie)).json()) as { user: Record<string, unknown> }).user).toMatchObject({ passkeys: 1 });

    // Their password alone no longer signs them in: the passkey is their way in.
    const password = await signIn(strict, rep.email, rep.password);
    expect(password.status).toBe(403);
    expect(await password.json()).toMatchObject(PASSKEY_SIGN_IN_REQUIRED);
  });
});
