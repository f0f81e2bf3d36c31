import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { ConfigError, loadConfig } from "../../server/config";
import { SIGN_IN_IP_LIMIT } from "../../server/auth/auth";
import { CLIENT_IP_HEADER } from "../../server/auth/client-ip-header";
import { ACCOUNT_FAILURE_LIMIT } from "../../server/auth/account-sign-in-limit";
import { AUTH_BODY_LIMIT_BYTES } from "../../server/auth/auth-request-body";
import { COUNTING_PIECE_BYTES, countingBody } from "../support/counting-body";

let t: TestApp;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
  admin = await createStaff(t, "admin");
});
afterAll(async () => t?.close());

/** A sign-in with extra headers and, for a socket address, the Node bindings app.request passes on. */
function signInWith(app: TestApp["app"], email: string, password: string, headers: Record<string, string>, env?: unknown) {
  return app.request(
    "/api/auth/sign-in/email",
    { method: "POST", headers: { "Content-Type": "application/json", Origin: origin, ...headers }, body: JSON.stringify({ email, password }) },
    env,
  );
}

function me(cookie: string) {
  return t.app.request("/api/admin/me", { headers: { Cookie: cookie } });
}

describe("sign-in", () => {
  // The message: docs/product.md#sign-in-credentials.
  it("answers the required message when email and password are missing", async () => {
    for (const body of [{}, { email: "", password: "" }, { email: admin.email }, { password: "x" }]) {
      const res = await t.app.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("You must provide either an email or phone number and a password");
    }
  });

  it("refuses a wrong password with better-auth's message and sets no session", async () => {
    const res = await signIn(t, admin.email, "wrong-password");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe("Invalid email or password");
    expect(cookiesFrom(res)).toBe("");
  });

  it("sets an HttpOnly, SameSite=Lax session cookie, not Secure on localhost, and the session opens the admin API", async () => {
    const res = await signIn(t, admin.email, admin.password);
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.includes("session_token="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toMatch(/Secure/i);
    const body = (await (await me(cookiesFrom(res))).json()) as { user: { email: string } };
    expect(body.user.email).toBe(admin.email);
  });

  it("has no public sign-up", async () => {
    const res = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
      body: JSON.stringify({ email: "intruder@example.com", password: "intruder-password", name: "x" }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await signIn(t, "intruder@example.com", "intruder-password")).status).toBe(401);
  });
});

function postAuth(path: string, init: { headers?: Record<string, string>; body?: BodyInit | null }) {
  return t.app.request(path, {
    method: "POST",
    headers: { Origin: origin, "X-Forwarded-For": randomIp(), ...init.headers },
    body: init.body ?? null,
    // A stream body needs half duplex in a Request.
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function expectAuthRefusal(res: Response, status: number, message: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(((await res.json()) as { message: string }).message).toMatch(message);
}

describe("request bodies under /api/auth", () => {
  const paths = ["/api/auth/sign-in/email", "/api/auth/two-factor/verify-totp", "/api/auth/sign-out", "/api/auth/two-factor/enable"];

  it(`refuses a body past ${AUTH_BODY_LIMIT_BYTES / 1024} KB with 413 while streaming, without reading the rest`, async () => {
    for (const path of paths) {
      const body = countingBody(5 * 1024 * 1024);
      const res = await postAuth(path, { headers: { "Content-Type": "application/json" }, body: body.stream });
      await expectAuthRefusal(res, 413, /too large/i);
      // The server stopped within a piece or two of the limit: 5 MB were never read.
      expect(body.pulled(), path).toBeLessThanOrEqual(AUTH_BODY_LIMIT_BYTES + 2 * COUNTING_PIECE_BYTES);
      expect(body.finished()).toBe(false);
    }
  });

  it("refuses a declared Content-Length past the limit before reading anything", async () => {
    const body = countingBody(5 * 1024 * 1024);
    const res = await postAuth("/api/auth/sign-in/email", {
      headers: { "Content-Type": "application/json", "Content-Length": String(5 * 1024 * 1024) },
      body: body.stream,
    });
    await expectAuthRefusal(res, 413, /too large/i);
    expect(body.pulled()).toBe(0);
  });

  it("refuses a body that is not JSON with 415 before reading it, and malformed JSON with 400", async () => {
    for (const path of paths) {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
        const body = countingBody(1024 * 1024);
        const res = await postAuth(path, { headers: { "Content-Type": type }, body: body.stream });
        await expectAuthRefusal(res, 415, /application\/json/);
        expect(body.pulled(), `${path} ${type}`).toBe(0);
      }
      const untyped = await t.app.request(path, { method: "POST", headers: { Origin: origin }, body: new Blob(["email=a"]) });
      await expectAuthRefusal(untyped, 415, /application\/json/);
      for (const text of ["{", '{"email":', "nul", "{}{}"]) {
        const res = await postAuth(path, { headers: { "Content-Type": "application/json" }, body: text });
        await expectAuthRefusal(res, 400, /malformed json/i);
      }
    }
  });

  it("still signs in and out with a JSON body within the limit, and signs out without any body", async () => {
    const cookie = await signedInCookie(t, admin.email, admin.password);
    const out = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: origin } });
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe("unknown paths under /api/auth", () => {
  it("answer 404 with a JSON message", async () => {
    for (const [method, path] of [
      ["GET", "/api/auth/nope"],
      ["POST", "/api/auth/sign-in/username"],
      ["GET", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/admin/list-users"],
    ] as const) {
      const res = await t.app.request(path, {
        method,
        headers: { Origin: origin, ...(method === "POST" ? { "Content-Type": "application/json" } : {}) },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("content-type"), `${method} ${path}`).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ message: "Not found" });
    }
  });
});

describe("cookies outside localhost", () => {
  it("are Secure (with the __Secure- prefix) when PUBLIC_URL is a real host", async () => {
    const https = await createTestApp({ ...adminTestEnv, PUBLIC_URL: "https://admin.example.com" });
    try {
      const staff = await createStaff(https, "admin");
      const res = await https.app.request("https://admin.example.com/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://admin.example.com", "X-Forwarded-For": randomIp() },
        body: JSON.stringify({ email: staff.email, password: staff.password }),
      });
      expect(res.status).toBe(200);
      const line = res.headers.getSetCookie().find((l) => l.includes("session_token="))!;
      expect(line).toMatch(/^__Secure-/);
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/HttpOnly/i);
    } finally {
      await https.close();
    }
  });
});

describe("session tampering", () => {
  it("rejects a session cookie whose token or signature was changed", async () => {
    const cookie = await signedInCookie(t, admin.email, admin.password);
    expect((await me(cookie)).status).toBe(200);
    const [name, value] = cookie.split("; ").find((p) => p.includes("session_token="))!.split(/=(.*)/s);
    const decoded = decodeURIComponent(value!);
    const [token, signature] = decoded.split(".");
    const flip = (s: string) => (s[0] === "a" ? "b" : "a") + s.slice(1);
    for (const forged of [`${flip(token!)}.${signature}`, `${token}.${flip(signature!)}`, token!, `${token}.`]) {
      const res = await me(`${name}=${encodeURIComponent(forged)}`);
      expect(res.status, forged).toBe(401);
    }
  });

  it("ends the session on sign-out: the old cookie no longer works", async () => {
    const cookie = await signedInCookie(t, admin.email, admin.password);
    const out = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: origin } });
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe("cross-origin requests", () => {
  it("refuses a cross-origin sign-out and admin write, and the write does not happen", async () => {
    const cookie = await signedInCookie(t, admin.email, admin.password);
    const evil = "https://evil.example";
    const out = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: evil } });
    expect(out.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);

    const other = await createStaff(t, null);
    const write = await t.app.request("/api/admin/roles", {
      method: "POST",
      headers: { Cookie: cookie, Origin: evil, "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ userId: other.userId, role: "admin" }),
    });
    expect(write.status).toBe(403);
    const roles = (await (await t.app.request("/api/admin/roles", { headers: { Cookie: cookie } })).json()) as { items: { userId: string }[] };
    expect(roles.items.some((r) => r.userId === other.userId)).toBe(false);
  });

  it("refuses a cross-site sign-in attempt from a browser", async () => {
    const res = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Mode": "cors",
        "X-Forwarded-For": randomIp(),
      },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(403);
    expect(cookiesFrom(res)).toBe("");
  });
});

describe("brute force", () => {
  // One flow per limit: each wrong password costs a password hash (about half a second of CPU).
  it("limits sign-in attempts from one address, whatever x-agentdesk-client-ip it sends; the refused ones cost the account nothing", async () => {
    const victim = await createStaff(t, "admin");
    const forge = (i: number) => ({ [CLIENT_IP_HEADER]: `203.0.113.${i + 1}` });
    // Behind the proxy (TRUST_PROXY_HEADER): the proxy's entry counts, whatever else is sent.
    const attacker = randomIp();
    for (let i = 0; i < SIGN_IN_IP_LIMIT.max; i++) {
      expect((await signInWith(t.app, victim.email, `guess-${i}`, { "X-Forwarded-For": attacker, ...forge(i) })).status).toBe(401);
    }
    const limited = await signInWith(t.app, victim.email, victim.password, { "X-Forwarded-For": attacker, ...forge(SIGN_IN_IP_LIMIT.max) });
    expect(limited.status).toBe(429);
    expect(cookiesFrom(limited)).toBe("");
    // The limit lives in the database (auth_rate_limits), so every instance sees it.
    const { auditLog, authRateLimits } = await import("../../server/db/schema");
    const rows = await t.database.db.select().from(authRateLimits);
    expect(rows.some((r) => r.key.includes(attacker) && r.count >= SIGN_IN_IP_LIMIT.max)).toBe(true);

    // Attempts the address limit refuses do not count against the account...
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT.max; i++) {
      const res = await signIn(t, victim.email, `more-${i}`, attacker);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { code?: string }).code).not.toBe("ACCOUNT_TEMPORARILY_LOCKED");
    }
    // ...nor are they failed sign-ins in the audit log (moved from auth-audit.test.ts): better-auth's 429s.
    const failed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, victim.userId), eq(auditLog.action, "auth.sign-in.failed")));
    expect(failed).toHaveLength(SIGN_IN_IP_LIMIT.max);
    // Only the SIGN_IN_IP_LIMIT.max checked passwords count: the owner still gets in from elsewhere.
    expect((await signIn(t, victim.email, victim.password, randomIp())).status).toBe(200);
  });

  it("reached directly, the socket's address picks the bucket: neither a forged x-agentdesk-client-ip nor X-Forwarded-For moves it", async () => {
    const forge = (i: number) => ({ [CLIENT_IP_HEADER]: `203.0.113.${i + 1}` });
    // No TRUST_PROXY_HEADER: the socket's address counts.
    const direct = await createTestApp({ PUBLIC_URL: origin });
    try {
      const staff = await createStaff(direct, "admin");
      const socket = { incoming: { socket: { remoteAddress: "198.51.100.77", remotePort: 40_000 } } };
      const answers = [];
      for (let i = 0; i <= SIGN_IN_IP_LIMIT.max; i++) {
        const res = await signInWith(direct.app, staff.email, `guess-${i}`, { ...forge(i), "X-Forwarded-For": `192.0.2.${i + 1}` }, socket);
        answers.push(res.status);
      }
      expect(answers).toEqual([...Array(SIGN_IN_IP_LIMIT.max).fill(401), 429]);
      // Another socket address is another visitor.
      const other = { incoming: { socket: { remoteAddress: "198.51.100.78", remotePort: 40_001 } } };
      expect((await signInWith(direct.app, staff.email, staff.password, {}, other)).status).toBe(200);
    } finally {
      await direct.close();
    }
  });

  it("locks one account after its limit of wrong passwords, however many arrive at once across two instances; others stay open; the lock is audited once", async () => {
    const { createApp } = await import("../../server/app");
    const { auditLog } = await import("../../server/db/schema");
    const second = createApp({ ...t.deps, auth: undefined });
    const victim = await createStaff(t, "admin");
    const attempts = 4 * ACCOUNT_FAILURE_LIMIT.max;
    // Every attempt from its own address, so better-auth's per-address limit never stops one.
    const answers = await Promise.all(
      Array.from({ length: attempts }, async (_, i) => {
        const res = await (i % 2 === 0 ? t.app : second).request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
          body: JSON.stringify({ email: victim.email, password: `guess-${i}` }),
        });
        const body = (await res.json()) as { code?: string; message?: string };
        return { status: res.status, code: body.code, message: body.message };
      }),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    const locked = answers.filter((a) => a.status === 429 && a.code === "ACCOUNT_TEMPORARILY_LOCKED");
    expect({ checked, locked: locked.length }).toEqual({ checked: ACCOUNT_FAILURE_LIMIT.max, locked: attempts - ACCOUNT_FAILURE_LIMIT.max });
    expect(locked[0]!.message).toMatch(/Too many failed sign-in attempts for this account/);
    // The right password is refused too, from yet another address.
    const refused = await signIn(t, victim.email, victim.password, randomIp());
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts for this account/);

    // The audit log (moved from auth-audit.test.ts): each checked password, and the lock once, when it starts.
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, victim.userId));
    expect(rows.filter((row) => row.action === "auth.sign-in.failed")).toHaveLength(ACCOUNT_FAILURE_LIMIT.max);
    expect(rows.filter((row) => row.action === "auth.sign-in.locked")).toMatchObject([{ actorUserId: victim.userId, actorEmail: victim.email }]);

    // Another account is not locked.
    expect((await signIn(t, admin.email, admin.password, randomIp())).status).toBe(200);
  });

  it("a second app instance on the same database sees the same address limit", async () => {
    const { createApp } = await import("../../server/app");
    const second = createApp({ ...t.deps, auth: undefined });
    const attacker = randomIp();
    for (let i = 0; i < SIGN_IN_IP_LIMIT.max; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": attacker },
        body: JSON.stringify({ email: `nobody${i}@example.com`, password: "whatever-1" }),
      });
      expect(res.status).toBe(401);
    }
    const res = await second.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": attacker },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(429);
  });
});

describe("configuration", () => {
  it("refuses to start in production without BETTER_AUTH_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://example.com" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://example.com" })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        BETTER_AUTH_SECRET: "x".repeat(40),
        PUBLIC_URL: "https://example.com",
        ALLOW_IN_PRODUCTION: "embedded-database,example-content,no-bot-check",
      }),
    ).not.toThrow();
  });
});
