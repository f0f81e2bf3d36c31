import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrivacyEraseResponse } from "@shared/api/admin-privacy-api";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, signedInCookie, takesNoLeads } from "../support/admin-fixtures";
import { resetRequestLimitKey } from "../../server/auth/auth";
import { signInAccountLimitKey } from "../../server/auth/account-sign-in-limit";
import { analyticsDaily, auditLog, bookingInquiries, contactRequests, leadEvents, leadOutbox, leads, rateLimitBuckets } from "../../server/db/schema";
import { contactBody, postJson } from "./leads-support";
import { freshIp, newBookingLead } from "./booking-outcome-support";

/*
 * /api/admin/privacy (docs/decisions/0706): an admin exports everything held about one e-mail
 * address as a JSON file, and erases it; both audited without the address.
 */

let t: TestApp;
let admin: { email: string; userId: string; cookie: string };
let moderatorCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    ...adminTestEnv,
    BETTER_AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long",
    SLACK_WEBHOOK_URL: "http://127.0.0.1:9/slack",
    LEADS_RATE_LIMIT_MAX: "1000",
  });
  const a = await createStaff(t, "admin");
  admin = { ...a, cookie: await signedInCookie(t, a.email, a.password) };
  const m = await createStaff(t, "moderator");
  // Nobody takes leads: the export and erase counts below are those of unrouted leads.
  for (const userId of [a.userId, m.userId]) await takesNoLeads(t, userId);
  moderatorCookie = await signedInCookie(t, m.email, m.password);
});
afterAll(async () => t?.close());

function call(path: "export" | "erase", body: unknown, cookie: string | null = admin.cookie) {
  return t.app.request(`/api/admin/privacy/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A request to the auth routes as a browser sends it, from an address of its own. */
const authPost = (path: string, body: unknown) =>
  t.app.request(path, { method: "POST", headers: { "content-type": "application/json", origin, "x-forwarded-for": randomIp() }, body: JSON.stringify(body) });

/**
 * One person's leads from every source, a note on one, and the rate-limit rows the app keys by
 * their address: a password-reset request and a failed sign-in with it, through the real routes.
 */
async function person() {
  const email = `Subject-${crypto.randomUUID().slice(0, 8)}@Example.com`;
  const booking = await newBookingLead(t, { work_email: email, name: "Pat Subject" });
  const contact = await postJson(t.app, "/api/contact", contactBody({ email: email.toLowerCase(), name: "Pat Subject" }), { "x-forwarded-for": freshIp() });
  expect(contact.status).toBe(200);
  const [contactLead] = await t.database.db.select({ id: leads.id }).from(leads).where(and(eq(leads.kind, "contact_request"), sql`lower(${leads.email}) = lower(${email})`));
  const note = await t.app.request(`/api/admin/leads/${booking.id}/notes`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie: admin.cookie },
    body: JSON.stringify({ text: "Called Pat, wants a demo in May" }),
  });
  expect(note.status).toBe(201);
  expect((await authPost("/api/auth/request-password-reset", { email })).status).toBe(200);
  expect((await authPost("/api/auth/sign-in/email", { email, password: "not-the-password" })).status).toBe(401);
  return { email, bookingId: booking.id, contactId: contactLead!.id };
}

describe("who may", () => {
  it("anonymous: 401; signed in without the admin role: 403; from another origin: 403; nothing read or erased", async () => {
    const { email, bookingId } = await person();
    for (const path of ["export", "erase"] as const) {
      const body = { email, confirmEmail: email };
      const anonymous = await call(path, body, null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Not signed in" });
      const moderator = await call(path, body, moderatorCookie);
      expect(moderator.status).toBe(403);
      expect(await moderator.json()).toEqual({ error: "You don't have admin privileges", code: "ADMIN_ONLY" });
      const crossSite = await t.app.request(`/api/admin/privacy/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example", cookie: admin.cookie },
        body: JSON.stringify(body),
      });
      expect(crossSite.status).toBe(403);
    }
    expect(await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, bookingId))).toHaveLength(1);
  });

  it("refuses a malformed address or an unconfirmed erasure with a 400 and a message, erasing nothing", async () => {
    const { email, bookingId } = await person();
    const cases: [string, "export" | "erase", unknown, Record<string, string>][] = [
      ["no address", "export", {}, { email: expect.any(String) as unknown as string }],
      ["not an address", "export", { email: "pat at example" }, { email: "Invalid email address" }],
      ["a control character", "export", { email: `${email}\u0000` }, { email: "Invalid email address" }],
      ["not confirmed", "erase", { email }, { confirmEmail: expect.any(String) as unknown as string }],
      ["confirmed with another", "erase", { email, confirmEmail: "someone@example.com" }, { confirmEmail: "Type the same address again to confirm" }],
    ];
    for (const [what, path, body, fieldErrors] of cases) {
      const res = await call(path, body);
      expect(res.status, what).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors, what).toEqual(fieldErrors);
    }
    expect(await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, bookingId))).toHaveLength(1);
  });
});

describe("the export", () => {
  it("is a JSON file of every lead with the address (any case): desk row, submission with its consent evidence, timeline with notes, notifications", async () => {
    const { email, bookingId, contactId } = await person();
    const other = await newBookingLead(t);
    const res = await call("export", { email: email.toUpperCase() });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = (await res.json()) as {
      email: string;
      leads: { id: string; lead: Record<string, unknown>; submission: { kind: string; fields: Record<string, unknown> }; timeline: { type: string; data: Record<string, unknown> }[]; notifications: { channel: string; topic: string }[] }[];
    };
    expect(data.leads.map((l) => l.id).sort()).toEqual([bookingId, contactId].sort());
    expect(data.leads.map((l) => l.id)).not.toContain(other.id);
    const booking = data.leads.find((l) => l.id === bookingId)!;
    expect(booking.lead).toMatchObject({ name: "Pat Subject", email, status: "new", kind: "booking_inquiry" });
    expect(booking.lead).not.toHaveProperty("referenceHash");
    expect(booking.submission.kind).toBe("booking_inquiry");
    expect(booking.submission.fields).toMatchObject({ workEmail: email, tcpaConsent: true, consentTextVersion: expect.any(String), clientIp: expect.any(String) });
    expect(booking.timeline.map((e) => e.type)).toEqual(["created", "note_added"]);
    expect(booking.timeline[1]!.data).toEqual({ text: "Called Pat, wants a demo in May" });
    expect(booking.notifications.map((n) => `${n.channel}:${n.topic}`)).toContain("slack:lead_stored");
    const contact = data.leads.find((l) => l.id === contactId)!;
    expect(contact.submission.kind).toBe("contact_request");
    // Audited, without the address.
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "privacy.export")).orderBy(sql`${auditLog.createdAt} desc`).limit(1);
    expect(audit).toMatchObject({ actorUserId: admin.userId, target: null, details: { leads: 2 } });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it("of an address nobody holds: a file with no leads", async () => {
    const res = await call("export", { email: "nobody-here@example.com" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: "nobody-here@example.com", leads: [] });
  });
});

describe("the erasure", () => {
  it("deletes the leads of every source, their timeline and notes, submissions, notifications and rate-limit rows; others and the analytics counts stay", async () => {
    const { email, bookingId, contactId } = await person();
    const other = await newBookingLead(t);
    // Another person's address that ends like this one asks for a reset too: their row stays.
    const lookalike = `x${email.toLowerCase()}`;
    expect((await authPost("/api/auth/request-password-reset", { email: lookalike })).status).toBe(200);
    const addressRows = [resetRequestLimitKey(email), signInAccountLimitKey(email)];
    const bucketsOf = async (keys: string[]) =>
      (await t.database.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets).where(inArray(rateLimitBuckets.key, keys))).map((r) => r.key).sort();
    expect(await bucketsOf(addressRows)).toEqual([...addressRows].sort());
    const counts = { visitors: 3, ctaClicks: 2, dialogOpens: 2, formStarts: 2, submissions: 2, meetingsBooked: 1, pageviews: 9, demoPlays: 0 };
    await t.database.db.insert(analyticsDaily).values({ day: "2026-01-01", entryPath: "/", utmSource: "", utmMedium: "", utmCampaign: "", referrerHost: "", device: "phone", ...counts });
    const analyticsBefore = await t.database.db.select().from(analyticsDaily);
    const ids = [bookingId, contactId];
    const notices = await t.database.db.select({ id: leadOutbox.id }).from(leadOutbox).where(sql`${leadOutbox.leadId} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    expect(notices.length).toBeGreaterThan(0);

    const res = await call("erase", { email: email.toLowerCase(), confirmEmail: email });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as PrivacyEraseResponse;
    // The audit entry: the person's failed sign-in (auth.sign-in.failed keeps the attempted address).
    expect(body.erased).toEqual({ leads: 2, submissions: 2, timelineEntries: 3, notifications: notices.length, rateLimitRows: 2, auditEntries: 1 });
    expect(body.leftToThirdParties).toMatch(/CRM.*own deletion/);
    expect(body.leftToThirdParties).toContain("HubSpot");

    const left = async (table: typeof leads | typeof bookingInquiries | typeof contactRequests) =>
      t.database.db.select({ id: table.id }).from(table).where(sql`${table.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    expect(await left(leads)).toEqual([]);
    expect(await left(bookingInquiries)).toEqual([]);
    expect(await left(contactRequests)).toEqual([]);
    expect(await t.database.db.select().from(leadEvents).where(sql`${leadEvents.leadId} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)).toEqual([]);
    expect(await t.database.db.select().from(leadOutbox).where(sql`${leadOutbox.leadId} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)).toEqual([]);
    expect(await bucketsOf(addressRows)).toEqual([]);
    expect(await bucketsOf([resetRequestLimitKey(lookalike)])).toEqual([resetRequestLimitKey(lookalike)]);
    // Someone else's lead and the analytics counts are untouched.
    expect(await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, other.id))).toHaveLength(1);
    expect(await t.database.db.select().from(analyticsDaily)).toEqual(analyticsBefore);
    // An export after it finds nothing.
    expect(await (await call("export", { email })).json()).toMatchObject({ leads: [] });

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "privacy.erase")).orderBy(sql`${auditLog.createdAt} desc`).limit(1);
    expect(audit).toMatchObject({ actorUserId: admin.userId, target: null, details: body.erased });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain(email.toLowerCase());
  });
});

describe("the audit log", () => {
  /** An export of the lead desk or the bookings, searched for `q`: audited with its filters. */
  async function exportSearching(kind: "leads" | "bookings", q: string) {
    const res = await t.app.request(`/api/admin/${kind}/export`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie: admin.cookie },
      body: JSON.stringify({ q }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await res.text();
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, `${kind}.export`)).orderBy(sql`${auditLog.createdAt} desc`).limit(1);
    return row!;
  }

  it("is in the export where it holds the address; erasure puts [erased] in its place, counts the entries, and leaves longer addresses alone", async () => {
    const { email } = await person();
    const lower = email.toLowerCase();
    const [failedSignIn] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "auth.sign-in.failed"), eq(auditLog.actorEmail, lower)));
    expect(failedSignIn).toBeDefined();
    const bookingsExport = await exportSearching("bookings", email.toUpperCase());
    const leadsExport = await exportSearching("leads", `Pat ${email}`);
    // Other people whose addresses contain this one.
    const longer = [await exportSearching("bookings", `x${lower}`), await exportSearching("leads", `${lower}.au`), await exportSearching("leads", `x+${lower}`)];

    const exported = (await (await call("export", { email })).json()) as { auditEntries: { id: string; action: string; actorEmail: string | null; details: unknown }[] };
    expect(exported.auditEntries.map((e) => e.id).sort()).toEqual([failedSignIn!.id, bookingsExport.id, leadsExport.id].sort());
    expect(exported.auditEntries.find((e) => e.id === failedSignIn!.id)).toMatchObject({ action: "auth.sign-in.failed", actorEmail: lower });
    expect(exported.auditEntries.find((e) => e.id === leadsExport.id)).toMatchObject({ action: "leads.export", details: { filters: { q: `Pat ${email}` } } });

    const res = await call("erase", { email, confirmEmail: email });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PrivacyEraseResponse).erased.auditEntries).toBe(3);
    const after = async (id: string) => (await t.database.db.select().from(auditLog).where(eq(auditLog.id, id)))[0]!;
    // The entries stay, saying what was done, when and by whom; only the address is gone.
    expect(await after(failedSignIn!.id)).toMatchObject({ action: "auth.sign-in.failed", actorEmail: "[erased]", actorUserId: null, details: { step: "password" } });
    expect(await after(bookingsExport.id)).toMatchObject({ actorEmail: admin.email, actorUserId: admin.userId, details: { filters: { q: "[erased]" } } });
    expect(await after(leadsExport.id)).toMatchObject({ details: { filters: { q: "Pat [erased]" } } });
    for (const row of longer) expect(await after(row.id)).toEqual(row);
    const everything = JSON.stringify(await t.database.db.select().from(auditLog)).toLowerCase();
    expect(everything.replaceAll(`x${lower}`, "").replaceAll(`${lower}.au`, "").replaceAll(`x+${lower}`, "")).not.toContain(lower);
    // An export after it finds no entry about the address.
    expect(await (await call("export", { email })).json()).toMatchObject({ auditEntries: [] });
  });
});
