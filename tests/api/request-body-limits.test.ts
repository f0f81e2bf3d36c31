import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, signedInCookie } from "../support/admin-fixtures";
import { COUNTING_PIECE_BYTES, countingBody, streamInit } from "../support/counting-body";
import { LEAD_BODY_LIMIT_BYTES } from "../../server/routes/leads";
import { ADMIN_PRIVACY_BODY_LIMIT_BYTES } from "../../server/routes/admin-privacy";
import { LEAD_EVENTS_BODY_LIMIT_BYTES } from "../../server/routes/lead-events";
import { AUTH_BODY_LIMIT_BYTES } from "../../server/auth/auth-request-body";
import { EVENTS_BODY_LIMIT_BYTES } from "../../server/routes/events";
import { ANALYTICS_EXPORT_BODY_LIMIT_BYTES } from "../../server/routes/admin-analytics";
import { IMAGE_MESSAGES } from "../../shared/schemas/content-image";
import { ADMIN_CONTENT_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from "../../server/routes/admin-content";

/*
 * Every route that takes a request body, in one list: each refuses a body of the wrong type with
 * 415 before reading any of it, and a body past its limit with 413 while streaming, after reading
 * at most the limit (docs/decisions/0202). A route that takes no body never reads one. A route
 * added without an entry here fails the "covers every POST and PATCH route" test.
 */

type BodyRoute = {
  method?: "POST" | "PATCH" | "PUT";
  path: string;
  type: string;
  /** A type the route refuses (text/plain unless said). */
  wrongType?: string;
  limit: number;
  json: boolean;
  admin?: boolean;
  /** What the 413 says, when not "… too large …": the studio's upload speaks of the image. */
  tooLargeMessage?: string;
  /** Sent besides the type: POST /api/events answers a request without a browser's user agent 202 unread (a bot). */
  headers?: Record<string, string>;
};

const BROWSER = { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36" };

/** No lead, role or delivery has this id: body checks come before any lookup. */
const absentId = "00000000-0000-4000-8000-00000000d1e5";

/** The admin JSON routes' limit (server/routes/admin.ts). */
const ADMIN_BODY_LIMIT_BYTES = 16 * 1024;
/** A token and a password: the invitation links' limit (server/routes/staff-invitations.ts). */
const STAFF_LINK_BODY_LIMIT_BYTES = 4 * 1024;

const bodyRoutes: BodyRoute[] = [
  { path: "/api/submit-booking", type: "application/json", limit: LEAD_BODY_LIMIT_BYTES, json: true },
  { path: "/api/contact", type: "application/json", limit: LEAD_BODY_LIMIT_BYTES, json: true },
  { path: "/api/lead-events", type: "application/json", limit: LEAD_EVENTS_BODY_LIMIT_BYTES, json: true },
  // navigator.sendBeacon sends text/plain.
  { path: "/api/events", type: "text/plain;charset=UTF-8", wrongType: "application/x-www-form-urlencoded", limit: EVENTS_BODY_LIMIT_BYTES, json: true, headers: BROWSER },
  { path: "/api/admin/analytics/export", type: "application/json", limit: ANALYTICS_EXPORT_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/analytics/content/export", type: "application/json", limit: ANALYTICS_EXPORT_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/bookings/search", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/bookings/export", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/roles", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/audit-log/search", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/users/lookup", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/leads/search", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/leads/export", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { method: "PATCH", path: `/api/admin/leads/${absentId}`, type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: `/api/admin/leads/${absentId}/notes`, type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/invitations", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  { method: "PUT", path: "/api/admin/leads/routing/me", type: "application/json", limit: ADMIN_BODY_LIMIT_BYTES, json: true, admin: true },
  // The content studio: a post's body is far larger than the other admin forms.
  ...["/api/admin/content/posts", "/api/admin/content/posts/publish", "/api/admin/content/posts/schedule"].map((path) => ({
    path,
    type: "application/json",
    limit: ADMIN_CONTENT_BODY_LIMIT_BYTES,
    json: true,
    admin: true,
  })),
  { method: "PUT", path: `/api/admin/content/posts/${absentId}`, type: "application/json", limit: ADMIN_CONTENT_BODY_LIMIT_BYTES, json: true, admin: true },
  ...["publish", "schedule", "unpublish"].map((action) => ({
    path: `/api/admin/content/posts/${absentId}/${action}`,
    type: "application/json",
    limit: ADMIN_CONTENT_BODY_LIMIT_BYTES,
    json: true,
    admin: true,
  })),
  {
    path: `/api/admin/content/posts/${absentId}/revisions/${absentId}/restore`,
    type: "application/json",
    limit: ADMIN_CONTENT_BODY_LIMIT_BYTES,
    json: true,
    admin: true,
  },
  // Prices and FAQ items (decision 0904): the same limit as posts (an answer is rich text).
  ...[
    "/api/admin/content/faq",
    "/api/admin/content/faq/publish",
    "/api/admin/content/faq/order",
    // Testimonials and customer stories (decision 0906): the studio's limit too.
    "/api/admin/content/testimonials",
    "/api/admin/content/testimonials/publish",
    "/api/admin/content/stories",
    "/api/admin/content/stories/publish",
  ].map((path) => ({
    path,
    type: "application/json",
    limit: ADMIN_CONTENT_BODY_LIMIT_BYTES,
    json: true,
    admin: true,
  })),
  // Open roles (decision 0905): the same limit (a description is rich text).
  ...["/api/admin/content/roles", "/api/admin/content/roles/publish"].map((path) => ({
    path,
    type: "application/json",
    limit: ADMIN_CONTENT_BODY_LIMIT_BYTES,
    json: true,
    admin: true,
  })),
  ...["prices", "faq", "roles", "testimonials", "stories"].flatMap((kind) => [
    { method: "PUT", path: `/api/admin/content/${kind}/${absentId}`, type: "application/json", limit: ADMIN_CONTENT_BODY_LIMIT_BYTES, json: true, admin: true },
    ...["publish", "schedule", "unpublish", `revisions/${absentId}/restore`].map((action) => ({
      path: `/api/admin/content/${kind}/${absentId}/${action}`,
      type: "application/json",
      limit: ADMIN_CONTENT_BODY_LIMIT_BYTES,
      json: true,
      admin: true,
    })),
  ]),
  {
    path: "/api/admin/content/images",
    type: "multipart/form-data; boundary=x",
    limit: UPLOAD_BODY_LIMIT_BYTES,
    json: true,
    admin: true,
    tooLargeMessage: IMAGE_MESSAGES.size,
  },
  { path: "/api/staff/invitations/check", type: "application/json", limit: STAFF_LINK_BODY_LIMIT_BYTES, json: true },
  { path: "/api/staff/invitations/accept", type: "application/json", limit: STAFF_LINK_BODY_LIMIT_BYTES, json: true },
  { path: "/api/admin/privacy/export", type: "application/json", limit: ADMIN_PRIVACY_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/admin/privacy/erase", type: "application/json", limit: ADMIN_PRIVACY_BODY_LIMIT_BYTES, json: true, admin: true },
  { path: "/api/auth/sign-in/email", type: "application/json", limit: AUTH_BODY_LIMIT_BYTES, json: true },
  { path: "/api/auth/two-factor/verify-totp", type: "application/json", limit: AUTH_BODY_LIMIT_BYTES, json: true },
  { path: "/book-demo", type: "application/x-www-form-urlencoded", limit: LEAD_BODY_LIMIT_BYTES, json: false },
  { path: "/enterprise", type: "application/x-www-form-urlencoded", limit: LEAD_BODY_LIMIT_BYTES, json: false },
  { path: "/contact", type: "multipart/form-data; boundary=x", limit: LEAD_BODY_LIMIT_BYTES, json: false },
];

/**
 * Routes that take no body at all: two admin actions, and the public JSON endpoints' answer to
 * PUT and PATCH (405 with Allow: POST), which must not read what it refuses either.
 */
const bodiless: { method: "POST" | "PUT" | "PATCH"; path: string }[] = [
  { method: "POST", path: "/api/admin/notifications/retry-all" },
  { method: "POST", path: `/api/admin/notifications/${absentId}/retry` },
  { method: "POST", path: `/api/admin/invitations/${absentId}/resend` },
  { method: "POST", path: `/api/admin/staff/${absentId}/deactivate` },
  { method: "POST", path: `/api/admin/staff/${absentId}/reactivate` },
  { method: "POST", path: `/api/admin/staff/${absentId}/sessions/revoke` },
  { method: "POST", path: `/api/admin/staff/${absentId}/reset-factors` },
  { method: "POST", path: "/api/admin/me/sessions/revoke-others" },
  { method: "POST", path: `/api/admin/me/sessions/${absentId}/revoke` },
  ...["/api/submit-booking", "/api/contact", "/api/lead-events", "/api/events"].flatMap((path) => [
    { method: "PUT" as const, path },
    { method: "PATCH" as const, path },
  ]),
];

let t: TestApp;
let adminCookie = "";
beforeAll(async () => {
  t = await createTestApp({ ...adminTestEnv, LEADS_RATE_LIMIT_MAX: "1000" }, {}, { site: "lazy" });
  const admin = await createStaff(t, "admin");
  adminCookie = await signedInCookie(t, admin.email, admin.password);
});
afterAll(async () => t?.close());

function send(route: { method?: string; path: string; admin?: boolean; headers?: Record<string, string> }, type: string, stream: ReadableStream<Uint8Array>) {
  const headers: Record<string, string> = { "content-type": type, origin, "x-forwarded-for": randomIp(), ...route.headers };
  if (route.admin || route.path.startsWith("/api/admin/")) headers.cookie = adminCookie;
  return t.app.request(route.path, streamInit(route.method ?? "POST", headers, stream));
}

describe("request bodies on every route that takes one", () => {
  it("covers every POST and PATCH route", () => {
    const declared = new Set(
      t.app.routes.filter((r) => r.method === "POST" || r.method === "PATCH" || r.method === "PUT").map((r) => `${r.method} ${r.path.replace(/:(id|userId|revisionId)\b/g, absentId)}`),
    );
    const listed = [...bodyRoutes, ...bodiless].map((r) => `${r.method ?? "POST"} ${r.path}`);
    // better-auth's endpoints sit behind one catch-all route (/api/auth/*): two stand for them.
    const notAuth = (route: string) => !route.split(" ")[1]!.startsWith("/api/auth/");
    expect(new Set([...declared].filter(notAuth))).toEqual(new Set(listed.filter(notAuth)));
  });

  for (const route of bodyRoutes) {
    it(`${route.method ?? "POST"} ${route.path}: 415 for another type before reading, 413 past ${route.limit / 1024} KB while streaming`, async () => {
      const wrongType = countingBody(1024 * 1024);
      const refused = await send(route, route.wrongType ?? "text/plain", wrongType.stream);
      expect(refused.status).toBe(415);
      expect(wrongType.pulled(), "bytes read before the type was refused").toBe(0);
      if (route.json) expect(refused.headers.get("content-type")).toMatch(/^application\/json/);

      const tooLarge = countingBody(Math.max(5 * 1024 * 1024, 2 * route.limit));
      const res = await send(route, route.type, tooLarge.stream);
      expect(res.status).toBe(413);
      expect(tooLarge.pulled()).toBeLessThanOrEqual(route.limit + 2 * COUNTING_PIECE_BYTES);
      expect(tooLarge.finished()).toBe(false);
      const text = await res.text();
      if (route.json) {
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        if (route.tooLargeMessage) expect(JSON.parse(text)).toMatchObject({ error: route.tooLargeMessage });
        else expect(text).toMatch(/too large/i);
      } else expect(text).toContain("Your message is too long to send.");
    });
  }

  for (const route of bodiless) {
    it(`${route.method} ${route.path} takes no body and reads none`, async () => {
      const body = countingBody(5 * 1024 * 1024);
      const res = await send(route, "application/json", body.stream);
      expect(res.status).toBeLessThan(500);
      expect(body.pulled()).toBe(0);
    });
  }
});
