import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp } from "../support/admin-fixtures";
import { accounts, auditLog, leadOutbox, sessions, userRoles, users } from "../../server/db/schema";
import { loadConfig } from "../../server/config";
import { SSO_ERROR_MESSAGES, ssoErrorMessage } from "@shared/staff-sso";
import { ID_TOKEN_REFUSAL } from "../../server/auth/staff-sso";
import { FakeProvider, GOOGLE, MICROSOFT, TENANT, type Identity } from "../support/fake-sso-provider";
import { capturedLogger } from "../support/captured-logger";
import { createApp } from "../../server/app";
import { FAILED_SIGN_IN_AUDIT_LIMIT } from "../../server/auth/failed-sign-in-audit";

/**
 * Single sign-on for existing staff (docs/decisions/0215), through better-auth's real flow:
 * POST /api/auth/sign-in/social gives the provider's authorize URL, and the provider's redirect to
 * /api/auth/callback/<provider> is replayed with its state cookie. The providers' token endpoints
 * are a local fake on 127.0.0.1 (tests/support/fake-sso-provider.ts) that checks the client
 * credentials and PKCE like the real ones: Microsoft's through better-auth's `authority` option
 * (MICROSOFT_AUTHORITY), Google's, which better-auth fixes at https://oauth2.googleapis.com/token,
 * by forwarding that one URL to the fake (any other outside request fails the test). The built
 * server's exchange with Microsoft is tested in tests/process/staff-sso.test.ts.
 */

const fake = new FakeProvider();
let t: TestApp;
/** An app without single sign-on configured (no provider's client id or secret). */
let plain: TestApp;
const log = capturedLogger("info");
const plainLog = capturedLogger("info");
const realFetch = globalThis.fetch;

beforeAll(async () => {
  await fake.start();
  // Google's token endpoint is fixed inside better-auth: that one URL goes to the fake; nothing else may leave.
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === fake.url) return realFetch(input, init);
    if (url.href === "https://oauth2.googleapis.com/token") return realFetch(`${fake.url}/google/token`, init);
    throw new Error(`unexpected outside request in a test: ${url.origin}`);
  });
  t = await createTestApp({
    ...adminTestEnv,
    GOOGLE_CLIENT_ID: GOOGLE.id,
    GOOGLE_CLIENT_SECRET: GOOGLE.secret,
    MICROSOFT_CLIENT_ID: MICROSOFT.id,
    MICROSOFT_CLIENT_SECRET: MICROSOFT.secret,
    MICROSOFT_TENANT_ID: TENANT,
    MICROSOFT_AUTHORITY: fake.url,
    STAFF_SSO_DOMAINS: "example.com, staff.example.org",
  }, { logger: log.logger });
  plain = await createTestApp(adminTestEnv, { logger: plainLog.logger });
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.close();
  await plain?.close();
  await fake.stop();
});

/**
 * The whole browser round trip: start, the provider's page (the fake), and the callback from the
 * client address `ip`, on another instance (`callbackApp`, same database) if asked. Each start has
 * an address of its own: better-auth allows 3 sign-in starts per address in 10 seconds.
 */
async function signInWith(
  provider: "google" | "microsoft",
  identity: Identity,
  { app = t, callbackApp = app.app, ip = randomIp() }: { app?: TestApp; callbackApp?: TestApp["app"]; ip?: string } = {},
) {
  const start = await app.app.request("/api/auth/sign-in/social", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
    body: JSON.stringify({ provider, callbackURL: "/admin/login", errorCallbackURL: "/admin/login" }),
  });
  expect(start.status).toBe(200);
  const authorizeUrl = new URL(((await start.json()) as { url: string }).url);
  const code = fake.authorize(authorizeUrl, identity);
  const state = authorizeUrl.searchParams.get("state")!;
  const callback = await callbackApp.request(`/api/auth/callback/${provider}?code=${code}&state=${encodeURIComponent(state)}`, {
    headers: { Cookie: cookiesFrom(start), "X-Forwarded-For": ip },
  });
  const location = new URL(callback.headers.get("location") ?? "", origin);
  return { authorizeUrl, callback, location, cookie: cookiesFrom(callback) };
}

const sessionCount = async () => (await t.database.db.select({ id: sessions.id }).from(sessions)).length;
const linked = (userId: string, providerId: string) =>
  t.database.db.select().from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)));
const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe("configuration", () => {
  it("offers a button only for a provider with both its client id and secret", () => {
    expect(t.config.runtime.staffSignOn).toEqual(["google", "microsoft"]);
    expect(loadConfig({ NODE_ENV: "test" }).runtime.staffSignOn).toEqual([]);
    expect(loadConfig({ NODE_ENV: "test", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).runtime.staffSignOn).toEqual(["google"]);
  });

  it("refuses a half-configured provider and a Microsoft sign-in open to every tenant", () => {
    expect(() => loadConfig({ NODE_ENV: "test", GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "test", MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: "s" })).toThrow(/MICROSOFT_TENANT_ID: required/);
    for (const tenant of ["common", "organizations", "consumers"]) {
      expect(() => loadConfig({ NODE_ENV: "test", MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: "s", MICROSOFT_TENANT_ID: tenant })).toThrow(/must name your organisation's tenant/);
    }
    expect(() => loadConfig({ NODE_ENV: "test", STAFF_SSO_DOMAINS: "example.com,not a domain" })).toThrow(/STAFF_SSO_DOMAINS/);
  });

  it("answers a provider that is not configured with an error, not a redirect", async () => {
    const res = await plain.app.request("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ provider: "google", callbackURL: "/admin/login" }),
    });
    expect(res.status).toBe(404);
  });
});

describe("a staff member signs in with Google", () => {
  it("goes to Google with our client id, a state and PKCE, comes back signed in, and is audited and told of the link", async () => {
    const staff = await createStaff(t, "admin");
    const { authorizeUrl, callback, location, cookie } = await signInWith("google", { email: staff.email });

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(authorizeUrl.searchParams.get("client_id")).toBe(GOOGLE.id);
    expect(authorizeUrl.searchParams.get("state")).toMatch(/.{16,}/);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/google`);
    // The code went to the token endpoint with the PKCE verifier (the fake checked it against the challenge).
    expect(fake.exchanges.at(-1)?.provider).toBe("google");
    expect(fake.exchanges.at(-1)?.params.get("code_verifier")).toMatch(/.{43,}/);

    expect(callback.status).toBe(302);
    expect(location.pathname).toBe("/admin/login");
    expect(location.searchParams.has("error")).toBe(false);
    const me = await t.app.request("/api/admin/me", { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: staff.email, role: "admin" } });

    const [account] = await linked(staff.userId, "google");
    expect(account).toBeDefined();
    // The provider's access token is stored encrypted, not as issued.
    expect(account!.accessToken).not.toBe(fake.accessTokens.at(-1));
    expect(account!.accessToken).not.toContain(fake.accessTokens.at(-1)!);
    const signIns = (await auditOf("auth.sign-in")).filter((r) => r.actorUserId === staff.userId);
    expect(signIns.map((r) => (r.details as { method: string }).method)).toEqual(["google"]);
    expect((await auditOf("auth.sign-in-method.linked")).filter((r) => r.actorUserId === staff.userId)).toHaveLength(1);
    const mail = (await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.channel, "staff_email"))).filter(
      (row) => (row.payload as { to: string }).to === staff.email,
    );
    expect(mail).toHaveLength(1);
    expect((mail[0]!.payload as { subject: string }).subject).toBe("Google sign-in was added to your admin account");

    // A second sign-in uses the linked account: signed in again, no second notice.
    const again = await signInWith("google", { email: staff.email });
    expect(again.location.searchParams.has("error")).toBe(false);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: again.cookie } })).status).toBe(200);
    expect((await auditOf("auth.sign-in-method.linked")).filter((r) => r.actorUserId === staff.userId)).toHaveLength(1);
  });
});

describe("a staff member signs in with Microsoft", () => {
  it("goes to the configured tenant and comes back signed in", async () => {
    const staff = await createStaff(t, "moderator", `rep-${crypto.randomUUID().slice(0, 8)}@staff.example.org`);
    const { authorizeUrl, location, cookie } = await signInWith("microsoft", { email: staff.email });
    expect(authorizeUrl.href.startsWith(`${fake.url}/${TENANT}/oauth2/v2.0/authorize?`)).toBe(true);
    expect(authorizeUrl.searchParams.get("client_id")).toBe(MICROSOFT.id);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.has("error")).toBe(false);
    const me = await t.app.request("/api/admin/me", { headers: { Cookie: cookie } });
    expect(await me.json()).toMatchObject({ user: { email: staff.email, role: "moderator" } });
    expect(fake.exchanges.at(-1)?.provider).toBe("microsoft");
  });
});

describe("who is refused", () => {
  /** A refusal: back on /admin/login with a code the page words plainly, no e-mail in the URL, no session. */
  async function expectRefused(result: Awaited<ReturnType<typeof signInWith>>, code: string, email: string, sessionsBefore: number) {
    expect(result.callback.status).toBe(302);
    expect(result.location.origin + result.location.pathname).toBe(`${origin}/admin/login`);
    expect(result.location.searchParams.get("error")).toBe(code);
    expect(result.location.href.toLowerCase()).not.toContain(email.toLowerCase());
    expect(result.location.href.toLowerCase()).not.toContain(encodeURIComponent(email).toLowerCase());
    expect(ssoErrorMessage(code)).not.toBe(code);
    expect(result.cookie).not.toMatch(/session_token=/);
    expect(await sessionCount()).toBe(sessionsBefore);
  }

  it("an e-mail no staff account has: no user, no session", async () => {
    for (const email of ["stranger@example.com", "stranger@elsewhere.test"]) {
      for (const provider of ["google", "microsoft"] as const) {
        const before = await sessionCount();
        const result = await signInWith(provider, { email });
        await expectRefused(result, "signup_disabled", email, before);
        expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
    }
    const failed = (await auditOf("auth.sign-in.failed")).filter((r) => (r.details as { reason?: string }).reason === "no account with this e-mail");
    expect(failed.length).toBeGreaterThanOrEqual(4);
  });

  it("an account without a staff role: nothing linked, no session", async () => {
    const plain = await createStaff(t, null);
    const before = await sessionCount();
    await expectRefused(await signInWith("google", { email: plain.email }), "NOT_STAFF", plain.email, before);
    expect(await linked(plain.userId, "google")).toEqual([]);
    const failed = (await auditOf("auth.sign-in.failed")).filter((r) => r.actorUserId === plain.userId);
    expect(failed.map((r) => (r.details as { reason: string }).reason)).toEqual(["no staff role"]);
  });

  it("staff outside STAFF_SSO_DOMAINS: nothing linked, no session", async () => {
    const outside = await createStaff(t, "admin", `admin-${crypto.randomUUID().slice(0, 8)}@elsewhere.test`);
    const before = await sessionCount();
    await expectRefused(await signInWith("microsoft", { email: outside.email }), "SSO_DOMAIN_NOT_ALLOWED", outside.email, before);
    expect(await linked(outside.userId, "microsoft")).toEqual([]);
  });

  it("a deactivated staff member, and one whose staff role was removed after linking", async () => {
    const staff = await createStaff(t, "moderator");
    expect((await signInWith("google", { email: staff.email })).location.searchParams.has("error")).toBe(false);
    await t.database.db.delete(sessions).where(eq(sessions.userId, staff.userId));

    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, staff.userId));
    let before = await sessionCount();
    await expectRefused(await signInWith("google", { email: staff.email }), "ACCOUNT_DEACTIVATED", staff.email, before);

    await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, staff.userId));
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, staff.userId));
    before = await sessionCount();
    await expectRefused(await signInWith("google", { email: staff.email }), "NOT_STAFF", staff.email, before);
  });

  it("a provider e-mail the provider has not verified is never linked", async () => {
    const staff = await createStaff(t, "admin");
    for (const provider of ["google", "microsoft"] as const) {
      const before = await sessionCount();
      await expectRefused(await signInWith(provider, { email: staff.email, verified: false }), "account_not_linked", staff.email, before);
      expect(await linked(staff.userId, provider)).toEqual([]);
    }
  });

  it("a callback without its state cookie (another browser, or too late): back on the login page, no session", async () => {
    const staff = await createStaff(t, "admin");
    const start = await t.app.request("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ provider: "google", callbackURL: "/admin/login", errorCallbackURL: "/admin/login" }),
    });
    const authorizeUrl = new URL(((await start.json()) as { url: string }).url);
    const code = fake.authorize(authorizeUrl, { email: staff.email });
    const before = await sessionCount();
    const failedBefore = (await auditOf("auth.sign-in.failed")).length;
    const res = await t.app.request(`/api/auth/callback/google?code=${code}&state=${encodeURIComponent(authorizeUrl.searchParams.get("state")!)}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, origin);
    expect(location.origin + location.pathname).toBe(`${origin}/admin/login`);
    expect(ssoErrorMessage(location.searchParams.get("error") ?? "")).toMatch(/did not complete/);
    expect(await sessionCount()).toBe(before);
    // No sign-in was started in this browser: logged, not audited (anyone can send such a callback).
    expect((await auditOf("auth.sign-in.failed")).length).toBe(failedBefore);
  });

  it("a callback to another sign-in than the one this browser started: refused and audited", async () => {
    const start = () =>
      t.app.request("/api/auth/sign-in/social", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
        body: JSON.stringify({ provider: "microsoft", callbackURL: "/admin/login", errorCallbackURL: "/admin/login" }),
      });
    const mine = await start();
    const theirs = new URL(((await (await start()).json()) as { url: string }).url);
    const code = fake.authorize(theirs, { email: "someone@example.com" });
    const ip = randomIp();
    const res = await t.app.request(`/api/auth/callback/microsoft?code=${code}&state=${encodeURIComponent(theirs.searchParams.get("state")!)}`, {
      headers: { Cookie: cookiesFrom(mine), "X-Forwarded-For": ip },
    });
    expect(new URL(res.headers.get("location")!, origin).searchParams.get("error")).toBe("state_mismatch");
    const rows = (await auditOf("auth.sign-in.failed")).filter((r) => (r.details as { ip: string }).ip === ip);
    expect(rows).toMatchObject([{ actorUserId: null, actorEmail: null, details: { step: "single sign-on", method: "microsoft", reason: "not started in this browser, or expired" } }]);
  });

  it("a provider's id token posted directly: refused before it is looked at", async () => {
    const staff = await createStaff(t, "admin");
    const before = await sessionCount();
    for (const provider of ["google", "microsoft"] as const) {
      const res = await t.app.request("/api/auth/sign-in/social", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
        body: JSON.stringify({ provider, idToken: { token: `header.${Buffer.from(JSON.stringify({ email: staff.email })).toString("base64url")}.sig` } }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject(ID_TOKEN_REFUSAL);
    }
    expect(await sessionCount()).toBe(before);
  });

  it("audits each refusal once, with its reason", async () => {
    const reasons = (await auditOf("auth.sign-in.failed")).map((r) => (r.details as { reason: string; step: string }).reason);
    expect(new Set(reasons)).toEqual(
      new Set(["no account with this e-mail", "no staff role", "e-mail domain not allowed", "deactivated", "provider e-mail not verified", "not started in this browser, or expired"]),
    );
    // Refusals our hooks write (with who it was) are not written a second time without them.
    const anonymous = (await auditOf("auth.sign-in.failed")).filter((r) => r.actorUserId === null);
    expect(new Set(anonymous.map((r) => (r.details as { reason: string }).reason))).toEqual(
      new Set(["no account with this e-mail", "provider e-mail not verified", "not started in this browser, or expired"]),
    );
  });

  it("words every refusal plainly on the login page", () => {
    for (const code of Object.keys(SSO_ERROR_MESSAGES)) expect(ssoErrorMessage(code)).toMatch(/^[A-Z][^_]+\.$/);
    expect(ssoErrorMessage("something_else")).toMatch(/did not complete/);
  });
});

describe("the audit log cannot be flooded (docs/decisions/0202)", () => {
  const notAudited = (records: Record<string, unknown>[]) => records.filter((r) => String(r.msg).startsWith("failed sign-in not audited"));

  it("callbacks no sign-in started, forged state cookies and sign-ins with a provider not configured are logged, never audited: the admin page's log stays as it was", async () => {
    const staff = await createStaff(t, "admin");
    const { cookie } = await signInWith("google", { email: staff.email });
    const page = async () => ((await (await t.app.request("/api/admin/audit-log", { headers: { Cookie: cookie } })).json()) as { items: { id: string }[] }).items.map((e) => e.id);
    const shown = await page();
    expect(shown.length).toBeGreaterThan(0);
    const plainRows = async () => (await plain.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    const plainBefore = await plainRows();
    const logged = notAudited(log.records()).length;
    const plainLogged = notAudited(plainLog.records()).length;

    // A sign-in started elsewhere, whose callback anyone may replay without its browser's cookie.
    const started = await t.app.request("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
      body: JSON.stringify({ provider: "google", callbackURL: "/admin/login", errorCallbackURL: "/admin/login" }),
    });
    const realState = new URL(((await started.json()) as { url: string }).url).searchParams.get("state")!;
    const forgedCookie = started.headers.getSetCookie().find((c) => /\.state=/.test(c))!.split(";")[0]!.replace(/=.*/, "=forged.signature");
    const requests: [TestApp, string, RequestInit][] = [
      [t, "/api/auth/callback/google?code=x&state=made-up", {}],
      [t, `/api/auth/callback/google?code=x&state=${encodeURIComponent(realState)}`, {}],
      [t, "/api/auth/callback/microsoft?error=access_denied&state=made-up", {}],
      [t, "/api/auth/callback/google?code=x&state=made-up", { headers: { Cookie: forgedCookie } }],
      [plain, "/api/auth/callback/google?code=x&state=made-up", {}],
      [plain, "/api/auth/sign-in/social", { method: "POST", headers: { "Content-Type": "application/json", Origin: origin }, body: JSON.stringify({ provider: "microsoft", callbackURL: "/admin/login" }) }],
    ];
    const ips: string[] = [];
    // Four of each: not one may reach the log (before, each did, and 120 pushed the page's 100 off).
    for (let i = 0; i < 4 * requests.length; i++) {
      const [app, path, init] = requests[i % requests.length]!;
      ips.push(randomIp());
      const res = await app.app.request(path, { ...init, headers: { ...init.headers, "X-Forwarded-For": ips.at(-1)! } });
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await page()).toEqual(shown);
    expect(await plainRows()).toBe(plainBefore);
    // Each is logged, saying why and what, without the client's address.
    expect(notAudited(log.records()).length - logged).toBe(16);
    expect(notAudited(plainLog.records()).length - plainLogged).toBe(8);
    expect(notAudited(log.records()).at(-1)).toMatchObject({ level: 30, step: "single sign-on", method: "google", msg: "failed sign-in not audited: no sign-in was started in this browser" });
    expect(notAudited(plainLog.records()).at(-1)).toMatchObject({ method: "microsoft", msg: "failed sign-in not audited: refused before a sign-in started" });
    const text = log.text() + plainLog.text();
    for (const ip of ips) expect(text).not.toContain(ip);
  });

  it(`audits at most ${FAILED_SIGN_IN_AUDIT_LIMIT.max} failed sign-ins per client address in 10 minutes, counted across instances; the rest are logged`, async () => {
    const second = createApp({ ...t.deps, auth: undefined });
    const ip = randomIp();
    const logged = notAudited(log.records()).length;
    const attempts = FAILED_SIGN_IN_AUDIT_LIMIT.max + 3;
    for (let i = 0; i < attempts; i++) {
      // Started on one instance, called back on either: each a real sign-in refused.
      const { location } = await signInWith("google", { email: `stranger-${i}@example.com` }, { ip, callbackApp: i % 2 === 0 ? t.app : second });
      expect(location.searchParams.get("error")).toBe("signup_disabled");
    }
    const rows = (await auditOf("auth.sign-in.failed")).filter((r) => (r.details as { ip: string }).ip === ip);
    expect(rows).toHaveLength(FAILED_SIGN_IN_AUDIT_LIMIT.max);
    expect(notAudited(log.records()).slice(logged)).toMatchObject(
      Array.from({ length: attempts - FAILED_SIGN_IN_AUDIT_LIMIT.max }, () => ({ reason: "no account with this e-mail", msg: "failed sign-in not audited: its client address had 5 audited in 10 minutes" })),
    );
    expect(log.text()).not.toContain(ip);
    // Another address is audited as before.
    const other = randomIp();
    await signInWith("microsoft", { email: "stranger-elsewhere@example.com" }, { ip: other });
    expect((await auditOf("auth.sign-in.failed")).filter((r) => (r.details as { ip: string }).ip === other)).toHaveLength(1);
  });
});

describe("two-factor sign-in required for admins (ADMIN_REQUIRE_TWO_FACTOR=true)", () => {
  it("trusts the provider's sign-in as it stands, but an admin without two-factor still has to set it up", async () => {
    const strict = await createTestApp({
      ...adminTestEnv,
      ADMIN_REQUIRE_TWO_FACTOR: "true",
      GOOGLE_CLIENT_ID: GOOGLE.id,
      GOOGLE_CLIENT_SECRET: GOOGLE.secret,
    });
    try {
      const staff = await createStaff(strict, "admin");
      const { location, cookie } = await signInWith("google", { email: staff.email }, { app: strict });
      expect(location.searchParams.has("error")).toBe(false);
      const me = await strict.app.request("/api/admin/me", { headers: { Cookie: cookie } });
      expect(await me.json()).toMatchObject({ user: { twoFactorEnabled: false, twoFactorRequired: true } });
      const leads = await strict.app.request("/api/admin/leads", { headers: { Cookie: cookie } });
      expect(leads.status).toBe(403);
      expect(await leads.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    } finally {
      await strict.close();
    }
  }, 60_000);
});
