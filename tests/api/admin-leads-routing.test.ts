import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LeadDetailResponse, LeadsPage } from "@shared/api/lead-desk-api";
import { HOURS_MESSAGE, TIME_ZONE_MESSAGE, type RoutingSettings, type RoutingSettingsResponse } from "@shared/schemas/lead-routing";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, signedInCookie } from "../support/admin-fixtures";
import { leadDeskStaff, leadEvents, leads } from "../../server/db/schema";
import { bookingBody, contactBody, postJson } from "./leads-support";

/*
 * Round-robin owners (docs/decisions/0711): every new lead gets an owner in the statement that
 * stores it, in strict turns among the staff taking leads now; "Taking leads" off, outside working
 * hours: skipped; an open lead's address keeps its owner; enterprise-fit leads go to the enterprise
 * rotation when it has anyone; nobody in rotation: Unassigned. The fairness across instances on
 * PostgreSQL is tests/process/lead-rotation.test.ts.
 */

type Staff = { userId: string; email: string; cookie: string };
let t: TestApp;
let ana: Staff;
let ben: Staff;
let cat: Staff;
let mo: Staff;

async function staff(role: "admin" | "moderator", name: string): Promise<Staff> {
  const s = await createStaff(t, role, `${name}-${crypto.randomUUID().slice(0, 6)}@example.com`);
  return { userId: s.userId, email: s.email, cookie: role === "admin" ? await signedInCookie(t, s.email, s.password) : "" };
}

beforeAll(async () => {
  t = await createTestApp({ ...adminTestEnv, LEADS_RATE_LIMIT_MAX: "10000", LEADS_ENTERPRISE_CALLS_PER_MONTH: "10000" });
  ana = await staff("admin", "ana");
  ben = await staff("admin", "ben");
  cat = await staff("admin", "cat");
  mo = await staff("moderator", "mo");
  // Four accounts' password hashes on a shared 2-core machine: more than the default 30 s at times.
}, 120_000);
afterAll(async () => t?.close());

/** Each test starts with everyone taking leads, on the defaults. */
beforeEach(async () => {
  await t.database.db.delete(leadDeskStaff);
});

function admin(who: Staff, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Cookie: who.cookie, Origin: origin };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return t.app.request(`/api/admin/leads${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const defaults: RoutingSettings = { takingLeads: true, enterpriseRotation: false, timeZone: "UTC", workDays: null, workStart: null, workEnd: null };

async function setRouting(who: Staff, change: Partial<RoutingSettings>) {
  const res = await admin(who, "PUT", "/routing/me", { ...defaults, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as RoutingSettingsResponse;
}

/** A lead through its public endpoint; answers its id and owner's id. */
async function submit(overrides: Record<string, unknown> = {}, kind: "booking" | "contact" = "booking") {
  const email = String(overrides.email ?? `lead-${crypto.randomUUID().slice(0, 8)}@plumbing-example.com`);
  const body = kind === "booking" ? bookingBody({ work_email: email, ...overrides, email: undefined }) : contactBody({ ...overrides, email });
  const res = await postJson(t.app, kind === "booking" ? "/api/submit-booking" : "/api/contact", body, { "x-forwarded-for": randomIp() });
  expect(res.status, await res.clone().text()).toBe(200);
  const [row] = await t.database.db.select({ id: leads.id, owner: leads.ownerUserId }).from(leads).where(eq(leads.email, email)).orderBy(sql`${leads.createdAt} desc`).limit(1);
  return row!;
}

const countBy = (owners: (string | null)[]) => owners.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o ?? "none"]: (acc[o ?? "none"] ?? 0) + 1 }), {});

describe("round robin", () => {
  it("gives every lead an owner in strict turns, moderators included, and names the owner in the inbox and on the lead page", async () => {
    const owners: (string | null)[] = [];
    for (let i = 0; i < 8; i++) owners.push((await submit()).owner);
    const counts = countBy(owners);
    expect(Object.keys(counts).sort()).toEqual([ana.userId, ben.userId, cat.userId, mo.userId].sort());
    expect(Object.values(counts)).toEqual([2, 2, 2, 2]);
    // Strict turns: the same order every round.
    expect(owners.slice(4)).toEqual(owners.slice(0, 4));

    const lead = await submit();
    const detail = (await (await admin(ana, "GET", `/${lead.id}`)).json()) as LeadDetailResponse;
    expect(detail.lead.owner?.email).toMatch(/@example\.com$/);
    expect(detail.lead.owner?.id).toBe(lead.owner);
    const entry = detail.timeline.find((e) => e.type === "owner_changed");
    expect(entry).toMatchObject({ actor: null, data: { from: null, to: { id: lead.owner, email: detail.lead.owner!.email }, reason: "rotation", rotation: "general" } });
    const page = (await (await admin(ana, "POST", "/search", { owner: lead.owner, limit: 100 })).json()) as LeadsPage;
    expect(page.items.find((item) => item.id === lead.id)?.owner?.email).toBe(detail.lead.owner!.email);
  });

  it("skips whoever switched themselves out; with nobody taking leads a lead stays Unassigned", async () => {
    const off = await setRouting(ben, { takingLeads: false });
    expect(off).toEqual({ settings: { ...defaults, takingLeads: false }, availableNow: false });
    expect(((await (await admin(ben, "GET", "/routing/me")).json()) as RoutingSettingsResponse).settings.takingLeads).toBe(false);
    const owners: (string | null)[] = [];
    for (let i = 0; i < 6; i++) owners.push((await submit()).owner);
    expect(owners).not.toContain(ben.userId);
    expect(Object.values(countBy(owners))).toEqual([2, 2, 2]);

    for (const who of [ana, cat]) await setRouting(who, { takingLeads: false });
    await t.database.db.insert(leadDeskStaff).values({ userId: mo.userId, takingLeads: false });
    const lead = await submit();
    expect(lead.owner).toBeNull();
    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).orderBy(asc(leadEvents.at));
    expect(events.map((e) => e.type)).toEqual(["created"]);
  });

  it("takes no turn for a retry of a stored lead: the next lead goes to whoever was next", async () => {
    const order: (string | null)[] = [];
    for (let i = 0; i < 4; i++) order.push((await submit()).owner);
    const email = `retried-${crypto.randomUUID().slice(0, 8)}@plumbing-example.com`;
    const key = { "idempotency-key": crypto.randomUUID() };
    const body = bookingBody({ work_email: email });
    const first = await postJson(t.app, "/api/submit-booking", body, { "x-forwarded-for": randomIp(), ...key });
    expect(first.status).toBe(200);
    const [stored] = await t.database.db.select({ owner: leads.ownerUserId }).from(leads).where(eq(leads.email, email));
    expect(stored!.owner).toBe(order[0]);
    // Its owner out of rotation, so that the retry is not theirs by its address and goes to the turn.
    const owner = [ana, ben, cat, mo].find((s) => s.userId === stored!.owner)!;
    await t.database.db.insert(leadDeskStaff).values({ userId: owner.userId, takingLeads: false });
    const retry = await postJson(t.app, "/api/submit-booking", body, { "x-forwarded-for": randomIp(), ...key });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(await t.database.db.$count(leads, eq(leads.email, email))).toBe(1);
    await t.database.db.delete(leadDeskStaff);
    expect((await submit()).owner).toBe(order[1]);
  });

  it("skips staff outside their working hours, in their own time zone", async () => {
    // Working every day but today (in Tokyo), and a window that has just closed in Tokyo.
    const tokyoToday = Number(new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", weekday: "short" }).format(new Date()).replace(/Mon|Tue|Wed|Thu|Fri|Sat|Sun/, (d) => String(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(d) + 1)));
    const notToday = await setRouting(ana, { timeZone: "Asia/Tokyo", workDays: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== tokyoToday) });
    expect(notToday.availableNow).toBe(false);
    const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    const pad = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
    expect((await setRouting(ben, { timeZone: "America/New_York", workStart: pad(hour + 1), workEnd: pad(hour + 2) })).availableNow).toBe(false);
    // A window across midnight that holds now.
    expect((await setRouting(cat, { timeZone: "America/New_York", workStart: pad(hour), workEnd: pad(hour - 1) })).availableNow).toBe(true);
    const owners: (string | null)[] = [];
    for (let i = 0; i < 4; i++) owners.push((await submit()).owner);
    expect(countBy(owners)).toEqual({ [cat.userId]: 2, [mo.userId]: 2 });
  });
});

describe("the same address, the enterprise rotation", () => {
  it("gives a lead from an address with an open lead to that lead's owner; a closed one does not count", async () => {
    const email = `again-${crypto.randomUUID().slice(0, 6)}@law-example.com`;
    const first = await submit({ email });
    const others = [await submit(), await submit()];
    expect(others.map((o) => o.owner)).not.toContain(first.owner);
    const second = await submit({ email: email.toUpperCase() }, "contact");
    expect(second.owner).toBe(first.owner);
    const [entry] = await t.database.db.select().from(leadEvents).where(sql`${leadEvents.leadId} = ${second.id} and ${leadEvents.type} = 'owner_changed'`);
    expect(entry!.data).toMatchObject({ reason: "same_address" });

    await t.database.db.update(leads).set({ status: "lost" }).where(sql`lower(${leads.email}) = lower(${email})`);
    const afterClose = await submit({ email });
    const [closedEntry] = await t.database.db.select().from(leadEvents).where(sql`${leadEvents.leadId} = ${afterClose.id} and ${leadEvents.type} = 'owner_changed'`);
    expect(closedEntry!.data).toMatchObject({ reason: "rotation" });
  });

  it("gives a returning address to the owner of its newest open lead who is taking leads now, passing over one who is not", async () => {
    const email = `twice-${crypto.randomUUID().slice(0, 6)}@law-example.com`;
    const older = await submit({ email });
    const newer = await submit({ email });
    // The newer lead handed to another admin, as a reassignment would.
    const other = [ana, ben, cat].find((s) => s.userId !== older.owner)!;
    await t.database.db.update(leads).set({ ownerUserId: other.userId }).where(eq(leads.id, newer.id));
    expect((await submit({ email })).owner).toBe(other.userId);

    await setRouting(other, { takingLeads: false });
    const next = await submit({ email });
    expect(next.owner).toBe(older.owner);
    const [entry] = await t.database.db.select().from(leadEvents).where(sql`${leadEvents.leadId} = ${next.id} and ${leadEvents.type} = 'owner_changed'`);
    expect(entry!.data).toMatchObject({ reason: "same_address" });
  });

  it("sends enterprise-fit leads to the enterprise rotation, and the others to everyone", async () => {
    await setRouting(cat, { enterpriseRotation: true });
    const enterprise = [];
    for (let i = 0; i < 3; i++) enterprise.push((await submit({ total_calls: 40_000 })).owner);
    expect(enterprise).toEqual([cat.userId, cat.userId, cat.userId]);
    const small = [];
    for (let i = 0; i < 4; i++) small.push((await submit({ total_calls: 900 })).owner);
    expect(new Set(small).size).toBe(4);

    // Nobody in the enterprise rotation taking leads: the general rotation takes them.
    await setRouting(cat, { enterpriseRotation: true, takingLeads: false });
    expect((await submit({ total_calls: 40_000 })).owner).not.toBeNull();
  });
});

describe("the settings' validation", () => {
  it("refuses an unknown time zone and half-given hours with field messages, and stores nothing", async () => {
    const bad = await admin(ana, "PUT", "/routing/me", { ...defaults, timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.timeZone).toBe(TIME_ZONE_MESSAGE);
    const half = await admin(ana, "PUT", "/routing/me", { ...defaults, workStart: "09:00" });
    expect(half.status).toBe(400);
    expect(((await half.json()) as { fieldErrors: Record<string, string> }).fieldErrors.workEnd).toBe(HOURS_MESSAGE);
    expect(await t.database.db.select().from(leadDeskStaff)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.request("/api/admin/leads/routing/me", { method: "PUT", headers: { Origin: origin, "Content-Type": "application/json" }, body: JSON.stringify(defaults) });
    expect(res.status).toBe(401);
  });
});
