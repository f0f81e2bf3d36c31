import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { eq } from "drizzle-orm";
import { COMPOSED_HANDLER } from "hono/utils/constants";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, seedBookings, signedInCookie, takesNoLeads } from "../support/admin-fixtures";
import { TWO_FACTOR_REQUIRED_MESSAGE, type AllowMiddleware } from "../../server/admin/require-admin";
import { leads } from "../../server/db/schema";
import { contactBody, postJson } from "./leads-support";

/**
 * Every /api/admin route, called as anonymous, user, moderator and admin: 401 / 403 / what the
 * route's allow() says / 2xx. Adding a route without adding it here fails the "covers every route" test.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
let plainRoleId = "";
/** No outbox row, invitation or user has this id: such a call walks the guards and answers 404. */
const unknownDeliveryId = "00000000-0000-4000-8000-00000000d1e5";
/** A lead made through the contact form, for the lead desk's routes. */
let leadId = "";

beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
  const staffIds: string[] = [];
  for (const role of ["user", "moderator", "editor", "admin"] as const) {
    const staff = await createStaff(t, role);
    staffIds.push(staff.userId);
    cookies[role] = await signedInCookie(t, staff.email, staff.password);
  }
  // A second admin, and a role record the DELETE call can remove.
  staffIds.push((await createStaff(t, "admin")).userId);
  const target = await createStaff(t, "moderator");
  staffIds.push(target.userId);
  // Nobody takes leads: the walk's lead stays unowned, so its PATCH answers alike every time.
  for (const userId of staffIds) await takesNoLeads(t, userId);
  const roles = (await (await t.app.request("/api/admin/roles", { headers: { Cookie: cookies.admin! } })).json()) as {
    items: { id: string; userId: string }[];
  };
  plainRoleId = roles.items.find((r) => r.userId === target.userId)!.id;
  await seedBookings(t, [{ name: "Walk Test" }]);
  const contact = await postJson(t.app, "/api/contact", contactBody({ email: "walk@example.com" }), { "x-forwarded-for": randomIp() });
  expect(contact.status).toBe(200);
  leadId = (await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, "walk@example.com")))[0]!.id;
});
afterAll(async () => t?.close());

type Call = { method: string; path: () => string; body?: () => unknown; ok: number };
const calls: Call[] = [
  { method: "GET", path: () => "/api/admin/me", ok: 200 },
  { method: "GET", path: () => "/api/admin/me/sessions", ok: 200 },
  { method: "POST", path: () => "/api/admin/me/sessions/revoke-others", ok: 200 },
  { method: "POST", path: () => `/api/admin/me/sessions/${unknownDeliveryId}/revoke`, ok: 404 },
  { method: "POST", path: () => "/api/admin/bookings/search", body: () => ({}), ok: 200 },
  { method: "POST", path: () => "/api/admin/bookings/export", body: () => ({}), ok: 200 },
  { method: "GET", path: () => "/api/admin/roles", ok: 200 },
  { method: "POST", path: () => "/api/admin/roles", body: () => ({ userId: "00000000-0000-4000-8000-000000000000", role: "user" }), ok: 422 },
  { method: "DELETE", path: () => `/api/admin/roles/${plainRoleId}`, ok: 200 },
  { method: "POST", path: () => "/api/admin/users/lookup", body: () => ({ email: "nobody@example.com" }), ok: 404 },
  { method: "GET", path: () => "/api/admin/audit-log", ok: 200 },
  { method: "POST", path: () => "/api/admin/audit-log/search", body: () => ({}), ok: 200 },
  { method: "GET", path: () => "/api/admin/invitations", ok: 200 },
  { method: "POST", path: () => "/api/admin/invitations", body: () => ({ email: "walk.invite@example.com", role: "moderator" }), ok: 201 },
  { method: "POST", path: () => `/api/admin/invitations/${unknownDeliveryId}/resend`, ok: 404 },
  { method: "DELETE", path: () => `/api/admin/invitations/${unknownDeliveryId}`, ok: 404 },
  { method: "GET", path: () => "/api/admin/staff", ok: 200 },
  { method: "POST", path: () => `/api/admin/staff/${unknownDeliveryId}/deactivate`, ok: 404 },
  { method: "POST", path: () => `/api/admin/staff/${unknownDeliveryId}/reactivate`, ok: 404 },
  { method: "POST", path: () => `/api/admin/staff/${unknownDeliveryId}/sessions/revoke`, ok: 404 },
  { method: "POST", path: () => `/api/admin/staff/${unknownDeliveryId}/reset-factors`, ok: 404 },
  { method: "GET", path: () => "/api/admin/notifications", ok: 200 },
  { method: "POST", path: () => "/api/admin/notifications/retry-all", ok: 200 },
  { method: "POST", path: () => `/api/admin/notifications/${unknownDeliveryId}/retry`, ok: 404 },
  { method: "POST", path: () => "/api/admin/leads/search", body: () => ({}), ok: 200 },
  { method: "POST", path: () => "/api/admin/leads/export", body: () => ({}), ok: 200 },
  { method: "GET", path: () => "/api/admin/leads/summary", ok: 200 },
  { method: "GET", path: () => "/api/admin/leads/routing/me", ok: 200 },
  {
    method: "PUT",
    path: () => "/api/admin/leads/routing/me",
    body: () => ({ takingLeads: true, enterpriseRotation: false, timeZone: "UTC", workDays: null, workStart: null, workEnd: null }),
    ok: 200,
  },
  { method: "GET", path: () => `/api/admin/leads/${leadId}`, ok: 200 },
  // Nobody owns the lead: the same answer however often it is sent.
  { method: "PATCH", path: () => `/api/admin/leads/${leadId}`, body: () => ({ version: 1, ownerId: null }), ok: 200 },
  { method: "POST", path: () => `/api/admin/leads/${leadId}/notes`, body: () => ({ text: "Walked" }), ok: 201 },
  { method: "GET", path: () => "/api/admin/analytics?from=2025-07-01&to=2025-07-31", ok: 200 },
  { method: "POST", path: () => "/api/admin/privacy/export", body: () => ({ email: "nobody@example.com" }), ok: 200 },
  {
    method: "POST",
    path: () => "/api/admin/privacy/erase",
    body: () => ({ email: "nobody@example.com", confirmEmail: "nobody@example.com" }),
    ok: 200,
  },
  { method: "POST", path: () => "/api/admin/analytics/export", body: () => ({ from: "2025-07-01", to: "2025-07-31" }), ok: 200 },
  { method: "GET", path: () => "/api/admin/analytics/content?from=2025-07-01&to=2025-07-31", ok: 200 },
  { method: "POST", path: () => "/api/admin/analytics/content/export", body: () => ({ from: "2025-07-01", to: "2025-07-31" }), ok: 200 },
  // The content studio. Bodies that fail validation walk every guard and store nothing.
  { method: "GET", path: () => "/api/admin/content/authors", ok: 200 },
  { method: "GET", path: () => "/api/admin/content/posts", ok: 200 },
  { method: "POST", path: () => "/api/admin/content/posts", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/posts/publish", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/posts/schedule", body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/posts/${unknownDeliveryId}`, ok: 404 },
  { method: "PUT", path: () => `/api/admin/content/posts/${unknownDeliveryId}`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/posts/${unknownDeliveryId}/publish`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/posts/${unknownDeliveryId}/schedule`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/posts/${unknownDeliveryId}/unpublish`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/posts/${unknownDeliveryId}/revisions`, ok: 404 },
  {
    method: "POST",
    path: () => `/api/admin/content/posts/${unknownDeliveryId}/revisions/${unknownDeliveryId}/restore`,
    body: () => ({}),
    ok: 400,
  },
  // Not a multipart upload: refused before the hourly allowance is counted.
  { method: "POST", path: () => "/api/admin/content/images", ok: 415 },
  // The prices and the FAQ (decision 0904); this app seeds nothing, so there are no prices yet.
  { method: "GET", path: () => "/api/admin/content/prices", ok: 404 },
  { method: "GET", path: () => "/api/admin/content/faq", ok: 200 },
  { method: "POST", path: () => "/api/admin/content/faq", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/faq/publish", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/faq/order", body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/prices/${unknownDeliveryId}`, ok: 404 },
  { method: "PUT", path: () => `/api/admin/content/prices/${unknownDeliveryId}`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/prices/${unknownDeliveryId}/publish`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/prices/${unknownDeliveryId}/schedule`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/prices/${unknownDeliveryId}/unpublish`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/prices/${unknownDeliveryId}/revisions`, ok: 404 },
  { method: "POST", path: () => `/api/admin/content/prices/${unknownDeliveryId}/revisions/${unknownDeliveryId}/restore`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/faq/${unknownDeliveryId}`, ok: 404 },
  { method: "PUT", path: () => `/api/admin/content/faq/${unknownDeliveryId}`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/faq/${unknownDeliveryId}/publish`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/faq/${unknownDeliveryId}/schedule`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/faq/${unknownDeliveryId}/unpublish`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/faq/${unknownDeliveryId}/revisions`, ok: 404 },
  { method: "POST", path: () => `/api/admin/content/faq/${unknownDeliveryId}/revisions/${unknownDeliveryId}/restore`, body: () => ({}), ok: 400 },
  // Open roles (decision 0905).
  { method: "GET", path: () => "/api/admin/content/roles", ok: 200 },
  { method: "POST", path: () => "/api/admin/content/roles", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/roles/publish", body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/roles/${unknownDeliveryId}`, ok: 404 },
  { method: "PUT", path: () => `/api/admin/content/roles/${unknownDeliveryId}`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/roles/${unknownDeliveryId}/publish`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/roles/${unknownDeliveryId}/schedule`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/roles/${unknownDeliveryId}/unpublish`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/roles/${unknownDeliveryId}/revisions`, ok: 404 },
  { method: "POST", path: () => `/api/admin/content/roles/${unknownDeliveryId}/revisions/${unknownDeliveryId}/restore`, body: () => ({}), ok: 400 },
  // Testimonials (decision 0906).
  { method: "GET", path: () => "/api/admin/content/testimonials", ok: 200 },
  { method: "POST", path: () => "/api/admin/content/testimonials", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/testimonials/publish", body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}`, ok: 404 },
  { method: "PUT", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}/publish`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}/schedule`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}/unpublish`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}/revisions`, ok: 404 },
  { method: "POST", path: () => `/api/admin/content/testimonials/${unknownDeliveryId}/revisions/${unknownDeliveryId}/restore`, body: () => ({}), ok: 400 },
  // Customer stories (decision 0906).
  { method: "GET", path: () => "/api/admin/content/stories", ok: 200 },
  { method: "POST", path: () => "/api/admin/content/stories", body: () => ({}), ok: 400 },
  { method: "POST", path: () => "/api/admin/content/stories/publish", body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/stories/${unknownDeliveryId}`, ok: 404 },
  { method: "PUT", path: () => `/api/admin/content/stories/${unknownDeliveryId}`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/stories/${unknownDeliveryId}/publish`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/stories/${unknownDeliveryId}/schedule`, body: () => ({}), ok: 400 },
  { method: "POST", path: () => `/api/admin/content/stories/${unknownDeliveryId}/unpublish`, body: () => ({}), ok: 400 },
  { method: "GET", path: () => `/api/admin/content/stories/${unknownDeliveryId}/revisions`, ok: 404 },
  { method: "POST", path: () => `/api/admin/content/stories/${unknownDeliveryId}/revisions/${unknownDeliveryId}/restore`, body: () => ({}), ok: 400 },
];

function call(c: Call, cookie?: string, app: TestApp = t) {
  const headers: Record<string, string> = { Origin: origin };
  if (cookie) headers.Cookie = cookie;
  if (c.body) headers["Content-Type"] = "application/json";
  return app.app.request(c.path(), { method: c.method, headers, body: c.body ? JSON.stringify(c.body()) : undefined });
}

/**
 * Who may call each route, read from the routers' own route list: every /api/admin route carries
 * an `allow(...)` middleware whose roles the matrix below is built from, so a route's rule is
 * written once (in its router) and a route without one fails here.
 */
function declaredRoutes(app: TestApp) {
  const byRoute = new Map<string, readonly string[] | undefined>();
  for (const r of app.app.routes) {
    if (!r.path.startsWith("/api/admin/") || r.method === "ALL") continue;
    const key = `${r.method} ${r.path.replace(/:[a-zA-Z]+/g, "x")}`;
    // A router with its own onError is mounted with each handler wrapped; the wrapper keeps the original.
    const handler = (r.handler as { [COMPOSED_HANDLER]?: unknown })[COMPOSED_HANDLER] ?? r.handler;
    const roles = (handler as Partial<AllowMiddleware>).allowedRoles;
    if (!byRoute.has(key) || roles) byRoute.set(key, roles);
  }
  return byRoute;
}
const keyOf = (c: Call) =>
  `${c.method} ${c.path().replace(plainRoleId, "x").replaceAll(unknownDeliveryId, "x").replace(leadId, "x").split("?")[0]}`;

describe("admin API authorization", () => {
  it("covers every route mounted under /api/admin, and every route says who may call it", () => {
    const declared = declaredRoutes(t);
    expect(declared.size).toBeGreaterThan(0);
    expect(new Set(calls.map(keyOf))).toEqual(new Set(declared.keys()));
    for (const [route, roles] of declared) expect(roles, route).toBeDefined();
  });

  it("opens the lead desk, and only the lead desk, to the moderator", () => {
    const moderatorRoutes = [...declaredRoutes(t)].filter(([, roles]) => roles!.includes("moderator")).map(([route]) => route);
    expect(moderatorRoutes.sort()).toEqual(
      [
        "GET /api/admin/me",
        "POST /api/admin/leads/search",
        "GET /api/admin/leads/summary",
        "GET /api/admin/leads/x",
        "PATCH /api/admin/leads/x",
        "POST /api/admin/leads/x/notes",
        // Their own place in the lead rotation ("Taking leads", working hours).
        "GET /api/admin/leads/routing/me",
        "PUT /api/admin/leads/routing/me",
        // Their own signed-in devices (docs/decisions/0207).
        "GET /api/admin/me/sessions",
        "POST /api/admin/me/sessions/revoke-others",
        "POST /api/admin/me/sessions/x/revoke",
      ].sort(),
    );
  });

  it("opens the content studio, and only the studio, to the editor", () => {
    const editorRoutes = [...declaredRoutes(t)].filter(([, roles]) => roles!.includes("editor")).map(([route]) => route);
    const mine = ["GET /api/admin/me", "GET /api/admin/me/sessions", "POST /api/admin/me/sessions/revoke-others", "POST /api/admin/me/sessions/x/revoke"];
    expect(editorRoutes.filter((route) => !route.includes("/api/admin/content/")).sort()).toEqual(mine.sort());
    // 32, and 10 each for open roles (decision 0905), testimonials and stories (decision 0906).
    expect(editorRoutes.filter((route) => route.includes("/api/admin/content/"))).toHaveLength(62);
    // Moderators and editors never share a route but their own account's.
    const moderatorRoutes = [...declaredRoutes(t)].filter(([, roles]) => roles!.includes("moderator")).map(([route]) => route);
    expect(moderatorRoutes.filter((route) => editorRoutes.includes(route)).sort()).toEqual(mine.sort());
  });

  for (const c of calls) {
    it(`${c.method} ${c.path().split("?")[0]}: 401 anonymous, 403 user, and the moderator and editor as the route allows`, async () => {
      const anonymous = await call(c);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Not signed in" });
      const user = await call(c, cookies.user);
      expect(user.status).toBe(403);
      expect(await user.json()).toEqual({ error: "You don't have admin privileges" });
      const moderatorMay = declaredRoutes(t).get(keyOf(c))!.includes("moderator");
      if (!moderatorMay) {
        const res = await call(c, cookies.moderator);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: "You don't have admin privileges", code: "ADMIN_ONLY" });
      }
      if (!declaredRoutes(t).get(keyOf(c))!.includes("editor")) {
        const res = await call(c, cookies.editor);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: "You don't have admin privileges", code: "ADMIN_ONLY" });
      }
    });
  }

  // Run after the refusals so the DELETE still finds its record.
  it("lets the moderator through on the lead desk's routes, the editor on the studio's and the admin on every route", async () => {
    const declared = declaredRoutes(t);
    for (const c of calls.filter((c) => declared.get(keyOf(c))!.includes("moderator"))) {
      const res = await call(c, cookies.moderator);
      expect(res.status, `moderator ${c.method} ${c.path()}`).toBe(c.ok);
    }
    for (const c of calls.filter((c) => declared.get(keyOf(c))!.includes("editor"))) {
      const res = await call(c, cookies.editor);
      expect(res.status, `editor ${c.method} ${c.path()}`).toBe(c.ok);
    }
    for (const c of calls) {
      const res = await call(c, cookies.admin);
      expect(res.status, `${c.method} ${c.path()}`).toBe(c.ok);
    }
  });

  it("tells the client which role signed in", async () => {
    for (const role of ["moderator", "editor", "admin"] as const) {
      const res = await t.app.request("/api/admin/me", { headers: { Cookie: cookies[role]! } });
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe(role);
    }
  });
});

describe("two-factor sign-in required for admins (ADMIN_REQUIRE_TWO_FACTOR=true)", () => {
  let strict: TestApp;
  let admin: { email: string; password: string };
  let adminCookie = "";
  const strictCookies: Record<string, string> = {};

  beforeAll(async () => {
    strict = await createTestApp({ ...adminTestEnv, ADMIN_REQUIRE_TWO_FACTOR: "true" });
    for (const role of ["user", "moderator"] as const) {
      const staff = await createStaff(strict, role);
      strictCookies[role] = await signedInCookie(strict, staff.email, staff.password);
    }
    admin = await createStaff(strict, "admin");
    adminCookie = await signedInCookie(strict, admin.email, admin.password);
  });
  afterAll(async () => strict?.close());

  const me = (app: TestApp, cookie: string) => app.app.request("/api/admin/me", { headers: { Cookie: cookie } });

  it("is off by default: GET /api/admin/me says two-factor is not required", async () => {
    const body = (await (await me(t, cookies.admin!)).json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
  });

  it("GET /api/admin/me answers an admin without two-factor, saying enrolment is required", async () => {
    const res = await me(strict, adminCookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: Record<string, unknown> }).user).toMatchObject({
      email: admin.email,
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });
  });

  it("every other admin route answers 403 TWO_FACTOR_REQUIRED to that admin, and changes nothing", async () => {
    for (const c of calls.filter((c) => c.path() !== "/api/admin/me")) {
      const res = await call(c, adminCookie, strict);
      expect(res.status, `${c.method} ${c.path()}`).toBe(403);
      expect(await res.json()).toEqual({ error: TWO_FACTOR_REQUIRED_MESSAGE, code: "TWO_FACTOR_REQUIRED" });
    }
    const unknown = await strict.app.request("/api/admin/nothing-here", { headers: { Cookie: adminCookie } });
    expect(unknown.status).toBe(403);
    const { auditLog } = await import("../../server/db/schema");
    const rows = await strict.database.db.select().from(auditLog);
    expect(rows.some((row) => row.action === "bookings.export" || row.action.startsWith("role.") || row.action.startsWith("lead"))).toBe(false);
  });

  it("still answers 401 without a session and 403 without a staff role, as before", async () => {
    for (const c of calls) {
      expect((await call(c, undefined, strict)).status).toBe(401);
      const res = await call(c, strictCookies.user, strict);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "You don't have admin privileges" });
    }
  });

  it("once the admin enrols through /api/auth/two-factor, every route opens", async () => {
    const post = (path: string, cookie: string, body: unknown) =>
      strict.app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie, "X-Forwarded-For": randomIp() },
        body: JSON.stringify(body),
      });
    const enable = await post("/api/auth/two-factor/enable", adminCookie, { password: admin.password });
    expect(enable.status).toBe(200);
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    const verify = await post("/api/auth/two-factor/verify-totp", adminCookie, { code: totp.generate() });
    expect(verify.status).toBe(200);
    const enrolled = cookiesFrom(verify);

    expect(((await (await me(strict, enrolled)).json()) as { user: Record<string, unknown> }).user).toMatchObject({
      twoFactorEnabled: true,
      twoFactorRequired: true,
    });
    for (const path of ["/api/admin/roles", "/api/admin/audit-log", "/api/admin/notifications", "/api/admin/leads/summary"]) {
      expect((await strict.app.request(path, { headers: { Cookie: enrolled } })).status, path).toBe(200);
    }
  });
});

describe("the admin API's error envelope", () => {
  it("answers an unknown admin path with 404 { error } once signed in, 401 before", async () => {
    const unknown = (cookie?: string) => t.app.request("/api/admin/nothing-here", { headers: cookie ? { Cookie: cookie } : {} });
    expect((await unknown()).status).toBe(401);
    const res = await unknown(cookies.admin);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("answers an unexpected failure with 500 { error }", async () => {
    const broken = await createTestApp(adminTestEnv);
    const staff = await createStaff(broken, "admin");
    const cookie = await signedInCookie(broken, staff.email, staff.password);
    await broken.close();
    const res = await broken.app.request("/api/admin/roles", { headers: { Cookie: cookie } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Internal server error" });
  });
});
