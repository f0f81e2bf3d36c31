import fc from "fast-check";
import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import {
  contentTypes,
  expectHandled,
  closeStillServing,
  formBody,
  hostileJson,
  hostileString,
  isHeaderSafe,
  oddHeaders,
  rawJsonText,
  rowCounts,
  runs,
  send,
} from "./support";

/*
 * The staff sign-in endpoints (server/auth/auth-routes.ts in front of better-auth) under generated
 * bodies and headers: never a 5xx, every refusal a JSON message, and no session unless the
 * credentials (and the second factor) were right.
 */

let t: TestApp;
let staff: { email: string; password: string };
let twoFactor: { email: string; password: string; totp: OTPAuth.TOTP };
beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
  staff = await createStaff(t, "admin");
  // A second admin with an authenticator enrolled, for the half-way (pending) sign-in.
  const second = await createStaff(t, "admin");
  const cookie = await signedInCookie(t, second.email, second.password);
  const post = (path: string, body: unknown) =>
    t.app.request(path, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie, "X-Forwarded-For": randomIp() }, body: JSON.stringify(body) });
  const { totpURI } = (await (await post("/api/auth/two-factor/enable", { password: second.password })).json()) as { totpURI: string };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect((await post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
  twoFactor = { ...second, totp };
});
afterAll(() => closeStillServing(t));

async function latestAuditAction(): Promise<string | undefined> {
  const { rows } = await t.database.db.execute<{ action: string }>(sql`select action from audit_log order by created_at desc, id desc limit 1`);
  return rows[0]?.action;
}

const signInPaths = ["/api/auth/sign-in/email", "/api/auth/sign-in/email", "/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/sign-out"];

describe("sign-in under generated input", () => {
  it("any body, content type and headers: no 5xx, a JSON message on refusal, a session only for the right password", async () => {
    let signedIn = 0;
    const credentials = formBody({ email: "x", password: "y", name: "Eve Example" }).chain((body) =>
      fc
        .record({
          email: fc.constantFrom(staff.email, staff.email.toUpperCase(), ` ${staff.email} `, twoFactor.email, "nobody@example.com", body.email as string),
          password: fc.constantFrom(staff.password, "wrong-password", "", body.password as string),
        })
        .map((real) => ({ ...body, ...("email" in body ? { email: real.email } : {}), ...("password" in body ? { password: real.password } : {}) })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signInPaths),
        fc.oneof({ weight: 3, arbitrary: rawJsonText(credentials) }, { weight: 1, arbitrary: rawJsonText(hostileJson) }),
        contentTypes(["application/json"]),
        oddHeaders,
        async (path, body, type, headers) => {
          const init: Record<string, string> = { ...headers };
          if (type !== undefined) init["content-type"] = type;
          const before = await rowCounts(t);
          const res = await send(t, path, { method: "POST", headers: init, body });
          if (!res) return;
          const status = res.status;
          const answer = (await expectHandled(res, `POST ${path} ${body.slice(0, 100)}`, { json: true })) as Record<string, unknown> | null;
          const after = await rowCounts(t);
          const rightPassword = body.includes(JSON.stringify(staff.password).slice(1, -1));
          if (path === "/api/auth/sign-in/email" && status === 200 && rightPassword) {
            signedIn++;
            expect(after.sessions).toBe(before.sessions + 1);
            expect(answer).toMatchObject({ user: { email: staff.email } });
          } else {
            // Sign-up is closed (staff accounts are made by the CLI), and nothing else signs in.
            expect(after.sessions, `POST ${path} ${status} made a session`).toBe(before.sessions);
            expect(after.roles).toBe(before.roles);
          }
        },
      ),
      runs(200),
    );
    if (process.env.FUZZ_VERBOSE) console.log(`signed in ${signedIn}`);
  });

  it("two-factor verification with any body, with or without a half-way sign-in: no 5xx, JSON refusals, no session", async () => {
    const first = await signIn(t, twoFactor.email, twoFactor.password);
    expect(((await first.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    const pending = cookiesFrom(first);
    // Codes the authenticator accepts right now: a generated one that hits them is no refusal.
    const valid = new Set([-1, 0, 1].map((step) => twoFactor.totp.generate({ timestamp: Date.now() + step * 30_000 })));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code", "/api/auth/two-factor/verify-otp", "/api/auth/two-factor/send-otp", "/api/auth/two-factor/disable"),
        fc.oneof(
          fc.record({ code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[0-9a-zA-Z-]{1,12}$/), hostileString, hostileJson), trustDevice: fc.oneof(fc.boolean(), hostileJson) }, { requiredKeys: [] }),
          hostileJson,
        ).map((body) => JSON.stringify(body) ?? "null"),
        fc.oneof(fc.constant(pending), fc.constant(""), hostileString.filter(isHeaderSafe), fc.constant(`${pending}; better-auth.two_factor=forged`)),
        async (path, body, cookie) => {
          if ([...valid].some((code) => body.includes(code))) return;
          const before = await rowCounts(t);
          const res = await send(t, path, { method: "POST", headers: { "content-type": "application/json", origin, cookie, "x-forwarded-for": randomIp() }, body });
          if (!res) return;
          const status = res.status;
          await expectHandled(res, `POST ${path} ${body.slice(0, 100)}`, { json: true });
          expect(status, `POST ${path} ${body.slice(0, 100)} accepted`).toBeGreaterThanOrEqual(400);
          const { audit: auditAfter, ...after } = await rowCounts(t);
          const { audit: auditBefore, ...unchanged } = before;
          expect(after).toEqual(unchanged);
          // A wrong code for a real half-way sign-in is a failed sign-in in the audit log
          // (docs/decisions/0202); nothing else is written.
          expect(auditAfter - auditBefore).toBeLessThanOrEqual(1);
          if (auditAfter > auditBefore) expect(await latestAuditAction()).toBe("auth.sign-in.failed");
        },
      ),
      runs(125),
    );
  });

  // A body far past what a sign-in needs is refused with 413, not read whole
  // (server/auth/auth-request-body.ts, docs/decisions/0202).
  it("a sign-in body past a small limit is refused with 413 and a JSON message", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 256 * 1024, max: 2 * 1024 * 1024 }), fc.constantFrom("/api/auth/sign-in/email", "/api/auth/two-factor/verify-totp"), async (size, path) => {
        const body = JSON.stringify({ email: staff.email, password: "x".repeat(size) });
        const before = await rowCounts(t);
        const res = await send(t, path, { method: "POST", headers: { "content-type": "application/json", origin, "x-forwarded-for": randomIp() }, body });
        const status = res!.status;
        await expectHandled(res!, `POST ${path} of ${size} bytes`, { json: true });
        expect(status).toBe(413);
        expect(await rowCounts(t)).toEqual(before);
      }),
      runs(10),
    );
  });

  // A path under /api/auth that better-auth does not serve answers a JSON message, as every other
  // unknown /api path does (server/app.ts, server/auth/auth-routes.ts).
  it("an unknown path under /api/auth answers 404 with a JSON message", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST"),
        fc.oneof(fc.constantFrom("sign-in/username", "sign-in/social", "nope", "sign-in", "two-factor", "admin/list-users"), fc.stringMatching(/^[a-z][a-z/-]{0,20}$/)),
        async (method, path) => {
          const res = await send(t, `/api/auth/${path}`, { method, headers: { "content-type": "application/json", origin }, body: method === "POST" ? "{}" : undefined });
          if (!res || res.status !== 404) return;
          await expectHandled(res, `${method} /api/auth/${path}`, { json: true });
        },
      ),
      runs(20),
    );
  });

  it("the right password still signs in after the fuzzing (from a fresh address)", async () => {
    const fresh = await createStaff(t, "admin");
    expect((await signIn(t, fresh.email, fresh.password)).status).toBe(200);
  });
});
