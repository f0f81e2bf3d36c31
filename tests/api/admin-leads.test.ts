import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadConflictResponse, LeadDetailResponse, LeadDeskSummary, LeadNoteResponse, LeadsPage, LeadSummary, LeadUpdateResponse } from "@shared/api/lead-desk-api";
import { LEAD_OWNER_MESSAGE, LEAD_STALE_MESSAGE, LEAD_TRANSITION_MESSAGE, leadStatusLabels, leadTransitions, leadStatuses } from "@shared/schemas/lead-desk";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, seedBookings, signedInCookie } from "../support/admin-fixtures";
import { auditLog, leadDeskStaff, leadEvents, leads, users } from "../../server/db/schema";
import { LEAD_EXPORT_HEADERS } from "../../server/admin/lead-desk-export";
import { updateLead } from "../../server/admin/lead-desk-service";
import { bookingBody, contactBody, enterpriseBody, postJson } from "./leads-support";

/*
 * The lead desk's admin API (docs/decisions/0701): the inbox's pages and filters, the export, the
 * dashboard's counts, a lead's page, and staff changes and notes with their timeline entries and
 * audit rows. Leads are made through the public endpoints; SQL only moves a lead's clock (its age,
 * a booked meeting, which other parts of the desk set) and seeds rows in bulk.
 */

type Staff = { email: string; password: string; userId: string; cookie: string };
let t: TestApp;
let a: Staff;
let b: Staff;
let moderatorId: string;
let moderatorCookie: string;
/** Holds only the `user` role: no access, and may not own a lead. */
let plainUserId: string;

async function staff(app: TestApp, role: "admin" | "moderator", name: string): Promise<Staff> {
  const s = await createStaff(app, role, `${name}-${crypto.randomUUID().slice(0, 6)}@example.com`);
  return { ...s, cookie: await signedInCookie(app, s.email, s.password) };
}

beforeAll(async () => {
  t = await createTestApp({ ...adminTestEnv, LEADS_RATE_LIMIT_MAX: "10000" });
  a = await staff(t, "admin", "ana");
  b = await staff(t, "admin", "ben");
  const moderator = await staff(t, "moderator", "mo");
  moderatorId = moderator.userId;
  moderatorCookie = moderator.cookie;
  plainUserId = (await createStaff(t, "user")).userId;
  // This file is about the desk's reads and staff changes: nobody takes leads, so every lead
  // arrives Unassigned as before routing (routing itself: admin-leads-routing.test.ts).
  await t.database.db.insert(leadDeskStaff).values([a.userId, b.userId, moderatorId].map((userId) => ({ userId, takingLeads: false })));
  // Three accounts' password hashes on a shared 2-core machine: more than the default 30 s at times.
}, 120_000);
afterAll(async () => t?.close());

// Requests -----------------------------------------------------------------------------------

function request(app: TestApp, method: string, path: string, cookie: string, body?: unknown) {
  const headers: Record<string, string> = { Cookie: cookie, Origin: origin };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return app.app.request(`/api/admin/leads${path}`, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
}

async function search(body: unknown, app = t, cookie = a.cookie) {
  const res = await request(app, "POST", "/search", cookie, body);
  return { status: res.status, body: (await res.json()) as LeadsPage & { error?: string; fieldErrors?: Record<string, string> } };
}

/** Every page of a filter, following the cursors. */
async function everything(filters: Record<string, unknown>, limit = 25, app = t, cookie = a.cookie): Promise<LeadSummary[]> {
  const out: LeadSummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res = await search({ ...filters, limit, ...(cursor ? { cursor } : {}) }, app, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.items);
    cursor = res.body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error("too many pages");
}

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

const patch = (id: string, body: unknown, cookie = a.cookie) => request(t, "PATCH", `/${id}`, cookie, body);
const note = (id: string, body: unknown, cookie = a.cookie) => request(t, "POST", `/${id}/notes`, cookie, body);
async function detail(id: string, app = t, cookie = a.cookie) {
  const res = await request(app, "GET", `/${id}`, cookie);
  return { status: res.status, body: (await res.json()) as LeadDetailResponse & { error?: string } };
}

// Leads --------------------------------------------------------------------------------------

type Kind = "booking" | "enterprise" | "contact";

/** A lead through its public endpoint, as a visitor sends it; answers the lead's id. */
async function createLead(kind: Kind, overrides: Record<string, unknown> = {}, app = t): Promise<string> {
  const given = overrides.work_email ?? overrides.email;
  const email = typeof given === "string" ? given : `${kind}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const body =
    kind === "booking"
      ? bookingBody({ work_email: email, ...overrides })
      : kind === "enterprise"
        ? enterpriseBody({ work_email: email, ...overrides })
        : contactBody({ email, ...overrides });
  const res = await postJson(app.app, kind === "contact" ? "/api/contact" : "/api/submit-booking", body, {
    "x-forwarded-for": randomIp(),
    "user-agent": "LeadDeskTest/1.0",
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const [row] = await app.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
  return row!.id;
}

/** Moves a lead's clock: its age, or a meeting the scheduler booked (another part of the desk). */
async function setLead(id: string, values: Partial<typeof leads.$inferInsert>, app = t) {
  await app.database.db.update(leads).set(values).where(eq(leads.id, id));
}

/** Booking inquiries and their desk rows, by SQL: for paging and export in bulk. */
async function seedLeads(rows: { createdAt: Date; name?: string; companyName?: string }[], app = t) {
  const inquiries = await seedBookings(app, rows.map((row) => ({ workEmail: `seed-${crypto.randomUUID().slice(0, 8)}@example.com`, ...row })));
  return inquiries.map((row) => row.id);
}

async function eventsOf(id: string) {
  return t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.at, leadEvents.id);
}
async function auditsOf(id: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.target, id)).orderBy(auditLog.createdAt);
}
async function auditCount() {
  return (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
}
async function deskRow(id: string) {
  return (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------

describe("the inbox (POST /api/admin/leads/search)", () => {
  it("is empty before any lead, and says the first-contact target", async () => {
    expect(await search({})).toEqual({ status: 200, body: { items: [], nextCursor: null, firstContactTargetMinutes: 15 } });
  });

  it("lists the leads of every form, newest first, as the contract's LeadSummary", async () => {
    const booking = await createLead("booking", { name: "Inbox Booking", company_name: "Inbox Co" });
    const enterprise = await createLead("enterprise", { name: "Inbox Enterprise", company_name: "Inbox Co", source_form: "enterprise_inline" });
    const contact = await createLead("contact", { name: "Inbox Contact", company: "Inbox Co" });
    const { status, body } = await search({ q: "Inbox Co" });
    expect(status).toBe(200);
    expect(body.items.map((item) => item.id)).toEqual([contact, enterprise, booking]);
    const item = body.items.find((i) => i.id === booking)!;
    expect(Object.keys(item).sort()).toEqual(
      ["id", "createdAt", "source", "name", "email", "company", "status", "owner", "firstResponseAt", "meetingStartsAt", "overdue", "fit", "version"].sort(),
    );
    // 400 calls a month at an example.com address (on the free-mail list): docs/decisions/0710.
    expect(item.fit).toEqual({ tier: "within_plan", emailKind: "free", labels: ["Free e-mail"] });
    expect(item).toMatchObject({ source: "booking_dialog", name: "Inbox Booking", company: "Inbox Co", status: "new", owner: null, firstResponseAt: null, meetingStartsAt: null, overdue: false, version: 1 });
    expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.items.map((i) => i.source)).toEqual(["contact_form", "enterprise_inline", "booking_dialog"]);
  });

  it("pages newest first through every lead exactly once, ties on the same microsecond broken by id", async () => {
    const base = Date.UTC(2025, 10, 3, 12);
    // Groups of three share a timestamp with microseconds (a JS Date would round them away).
    await seedLeads(Array.from({ length: 58 }, (_, i) => ({ name: `Page ${i}`, companyName: "Paging Ltd", createdAt: new Date(base + Math.floor(i / 3) * 60_000 + 0.25) })));
    await t.database.db.execute(sql`update leads set created_at = created_at + interval '123 microseconds' where company = 'Paging Ltd'`);
    for (const limit of [1, 7, 25, 100]) {
      const all = await everything({ q: "Paging Ltd" }, limit);
      expect(all, `limit ${limit}`).toHaveLength(58);
      expect(new Set(all.map((i) => i.id)).size).toBe(58);
      const keys = all.map((i) => [Date.parse(i.createdAt), i.id] as const);
      const sorted = [...keys].sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? 1 : x[1] > y[1] ? -1 : 0));
      expect(keys).toEqual(sorted);
    }
    const unfiltered = await everything({}, 100);
    expect(new Set(unfiltered.map((i) => i.id)).size).toBe(unfiltered.length);
  });

  it("filters by source, status, owner (someone, nobody), overdue, not booked, booked from, and created dates", async () => {
    const company = `Filters ${crypto.randomUUID().slice(0, 6)}`;
    const booked = await createLead("booking", { company_name: company });
    const enterprise = await createLead("enterprise", { company_name: company, source_form: "enterprise_dialog" });
    const contact = await createLead("contact", { company });
    const waiting = await createLead("booking", { company_name: company });
    // Ana takes the enterprise lead and calls it; the booking lead booked a meeting two days ago.
    expect((await patch(enterprise, { version: 1, status: "contacted", ownerId: a.userId })).status).toBe(200);
    await setLead(booked, { meetingBookedAt: ago(2 * 24 * 60), meetingStartsAt: ago(-3 * 24 * 60), status: "meeting_booked", createdAt: ago(3 * 24 * 60) });
    // Waiting for twenty minutes, past the fifteen-minute target; the contact request was made five days ago.
    await setLead(waiting, { createdAt: ago(20) });
    await setLead(contact, { createdAt: ago(5 * 24 * 60) });

    const only = async (filters: Record<string, unknown>) => ids(await everything({ q: company, ...filters }));
    expect(await only({})).toEqual(ids([{ id: booked }, { id: enterprise }, { id: contact }, { id: waiting }]));
    expect(await only({ source: "enterprise_dialog" })).toEqual([enterprise]);
    expect(await only({ source: "contact_form" })).toEqual([contact]);
    expect(await only({ status: "contacted" })).toEqual([enterprise]);
    expect(await only({ status: "new" })).toEqual(ids([{ id: contact }, { id: waiting }]));
    expect(await only({ owner: a.userId })).toEqual([enterprise]);
    expect(await only({ owner: b.userId })).toEqual([]);
    expect(await only({ owner: "none" })).toEqual(ids([{ id: booked }, { id: contact }, { id: waiting }]));
    expect(await only({ overdue: true })).toEqual(ids([{ id: contact }, { id: waiting }]));
    // The contact form books no meeting: not booked means booking and enterprise leads without one.
    expect(await only({ notBooked: true })).toEqual(ids([{ id: enterprise }, { id: waiting }]));
    expect(await only({ bookedFrom: utcDay(ago(2 * 24 * 60)) })).toEqual([booked]);
    expect(await only({ bookedFrom: utcDay(ago(-24 * 60)) })).toEqual([]);
    expect(await only({ from: utcDay(ago(5 * 24 * 60)), to: utcDay(ago(5 * 24 * 60)) })).toEqual([contact]);
    expect(await only({ to: utcDay(ago(6 * 24 * 60)) })).toEqual([]);
    expect(await only({ overdue: true, source: "contact_form", owner: "none" })).toEqual([contact]);

    // Each item's overdue flag is the filter's condition.
    const items = await everything({ q: company });
    expect(items.filter((i) => i.overdue).map((i) => i.id).sort()).toEqual(ids([{ id: contact }, { id: waiting }]));
    expect(items.find((i) => i.id === enterprise)!.owner).toEqual({ id: a.userId, email: a.email, name: expect.any(String) });
    expect(items.find((i) => i.id === booked)!.meetingStartsAt).not.toBeNull();
  });

  it("searches name, e-mail and company, any case, with %, _ and \\ matched literally", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const named = await createLead("booking", { name: `Quinn ${tag}`, company_name: "Plain Co" });
    const mailed = await createLead("contact", { email: `quinn.${tag}@mail.example`, company: "Other Co" });
    const percent = await createLead("enterprise", { company_name: `${tag} 100% Quinn_Works \\ Ltd` });
    const found = async (q: string) => ids((await everything({ q })).filter((i) => [named, mailed, percent].includes(i.id)));
    expect(await found(tag.toUpperCase())).toEqual(ids([{ id: named }, { id: mailed }, { id: percent }]));
    expect(await found(`quinn.${tag}@MAIL`)).toEqual([mailed]);
    expect(await found(`${tag} 100%`)).toEqual([percent]);
    expect(await found("100%")).toEqual([percent]);
    expect(await found("Quinn_Works")).toEqual([percent]);
    // As wildcards, _ and % would match "Quinn " and anything; as characters they match only the company.
    expect(await found(`Quinn_${tag}`)).toEqual([]);
    expect(await found(`${tag}%Quinn`)).toEqual([]);
    expect(await found("\\ Ltd")).toEqual([percent]);
    expect(await found(`  ${tag}  `)).toHaveLength(3);
    expect((await search({ q: `nothing-${tag}` })).body.items).toEqual([]);
  });

  it("refuses bad filters and forged cursors with a 400 and the field's message, never a 500", async () => {
    const forge = (text: string) => Buffer.from(text, "utf8").toString("base64url");
    const cursor = { error: "Invalid page cursor", fieldErrors: { cursor: "Invalid page cursor" } };
    const cases: [body: unknown, expected: Record<string, unknown>][] = [
      [{ cursor: "abc" }, cursor],
      [{ cursor: forge("2026-01-01T24:00:00.000000Z|ffffffff-ffff-ffff-ffff-ffffffffffff") }, cursor],
      [{ cursor: forge("0000-01-01T00:00:00.000000Z|ffffffff-ffff-ffff-ffff-ffffffffffff") }, cursor],
      [{ cursor: forge("2026-02-30T00:00:00.000000Z|ffffffff-ffff-ffff-ffff-ffffffffffff") }, cursor],
      [{ cursor: "a".repeat(300) }, cursor],
      [{ source: "fax" }, { fieldErrors: { source: "Unknown source" } }],
      [{ status: "archived" }, { fieldErrors: { status: "Unknown status" } }],
      [{ owner: "someone" }, { fieldErrors: { owner: expect.any(String) } }],
      [{ overdue: false }, { fieldErrors: { overdue: expect.any(String) } }],
      [{ notBooked: "yes" }, { fieldErrors: { notBooked: expect.any(String) } }],
      [{ from: "0000-01-01" }, { fieldErrors: { from: "Use a date between 2000-01-01 and 2100-12-31" } }],
      [{ bookedFrom: "2026-02-30" }, { fieldErrors: { bookedFrom: "Not a valid date" } }],
      [{ from: "2026-03-05", to: "2026-03-01" }, { fieldErrors: { to: "The start date must not be after the end date" } }],
      [{ q: "a\u0000b" }, { fieldErrors: { q: "Search must not contain control characters" } }],
      [{ q: "a\ud800b" }, { fieldErrors: { q: "Search must be valid Unicode text" } }],
      [{ q: "a".repeat(201) }, { fieldErrors: { q: "Search must be less than 200 characters" } }],
      [{ limit: 0 }, { fieldErrors: { limit: expect.any(String) } }],
      [{ limit: 101 }, { fieldErrors: { limit: expect.any(String) } }],
      [{ limit: "10" }, { fieldErrors: { limit: expect.any(String) } }],
      [[], { error: "Request body must be a JSON object" }],
      ['{"q": "x', { error: "Malformed JSON body" }],
    ];
    for (const [body, expected] of cases) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject(expected);
      expect(typeof res.body.error).toBe("string");
    }
    // A possible instant is only a position in the inbox: the leads older than it.
    const older = await search({ cursor: forge("2025-11-03T12:05:00.000000Z|ffffffff-ffff-ffff-ffff-ffffffffffff") });
    expect(older.status).toBe(200);
    expect(older.body.items.every((i) => Date.parse(i.createdAt) <= Date.UTC(2025, 10, 3, 12, 5))).toBe(true);
    const text = await request(t, "POST", "/search", a.cookie, undefined);
    expect(text.status).toBe(415);
  });
});

describe("the export (POST /api/admin/leads/export)", () => {
  /** The file as sent, its byte-order mark kept (Response.text() would drop it). */
  async function exportCsv(body: unknown, cookie = a.cookie) {
    const res = await request(t, "POST", "/export", cookie, body);
    return { res, text: res.status === 200 ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer()) : "" };
  }
  /** The CSV's rows as objects keyed by header (a small parser: quoted cells, doubled quotes, CRLF). */
  function parseCsv(text: string): Record<string, string>[] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted && ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = !quoted;
      } else if (quoted) {
        cell += ch;
      } else if (ch === ",") {
        row.push(cell);
        cell = "";
      } else if (ch === "\r" && text[i + 1] === "\n") {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = "";
        i++;
      } else cell += ch;
    }
    const [header, ...body] = rows;
    return body.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
  }

  it("streams every field of each lead, whichever form it came from, with a BOM, and writes one audit row", async () => {
    const company = `Export ${crypto.randomUUID().slice(0, 6)}`;
    const booking = await createLead("booking", {
      name: "Export Booking",
      company_name: company,
      job_title: "Head of Support",
      total_calls: 750,
      attribution: { utm_source: "newsletter", utm_campaign: "spring", page_path: "/pricing", referrer: "https://search.example/", first_article_path: "/blog/answering-every-call" },
    });
    const enterprise = await createLead("enterprise", { name: "Export Enterprise", company_name: company, ai_goal: "Answer, route; and book" });
    const contact = await createLead("contact", { name: "Export Contact", company, role: "Office manager", phone: "+1 555 010 0111", industry: "law", company_size: "1-10", notes: "Line one\nLine two, with \"quotes\"" });
    expect((await patch(booking, { version: 1, status: "contacted", ownerId: b.userId })).status).toBe(200);
    await setLead(booking, { meetingStartsAt: new Date(Date.UTC(2026, 5, 1, 15)) });
    const before = await auditCount();

    const { res, text } = await exportCsv({ q: company });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")[0]).toBe(LEAD_EXPORT_HEADERS.join(","));
    const rows = parseCsv(text.slice(1));
    expect(rows.map((r) => r.id)).toEqual([contact, enterprise, booking]);
    const [c, e, bk] = rows as [Record<string, string>, Record<string, string>, Record<string, string>];
    expect(bk).toMatchObject({
      source: "booking_dialog",
      status: leadStatusLabels.contacted,
      owner_email: b.email,
      name: "Export Booking",
      company,
      job_title: "Head of Support",
      total_calls: "750",
      tcpa_consent: "true",
      meeting_starts_at: "2026-06-01T15:00:00.000Z",
      utm_source: "newsletter",
      utm_campaign: "spring",
      page_path: "/pricing",
      referrer: "https://search.example/",
      user_agent: "LeadDeskTest/1.0",
      bot_check: "off",
      first_article_path: "/blog/answering-every-call",
      contact_role: "",
      phone: "",
    });
    expect(bk.first_response_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(bk.consent_text_version).not.toBe("");
    expect(e).toMatchObject({ source: "enterprise_dialog", status: "New", owner_email: "", ai_goal: "Answer, route; and book", total_calls: "", first_response_at: "", first_article_path: "" });
    expect(c).toMatchObject({
      source: "contact_form",
      contact_role: "Office manager",
      // The guard reads a leading + as a formula too: an international number keeps an apostrophe.
      phone: "'+1 555 010 0111",
      industry: "law",
      company_size: "1-10",
      contact_notes: 'Line one\nLine two, with "quotes"',
      job_title: "",
      tcpa_consent: "",
    });

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "leads.export"));
    expect(await auditCount()).toBe(before + 1);
    expect(audits.at(-1)).toMatchObject({ actorUserId: a.userId, actorEmail: a.email, details: { filters: { q: company } } });
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const company = `Formula ${crypto.randomUUID().slice(0, 6)}`;
    await createLead("booking", { name: "=HYPERLINK(\"http://evil.example\")", company_name: company, job_title: "@boss" });
    await createLead("contact", { name: "+Plus", company, notes: "-2+3" });
    const { text } = await exportCsv({ q: company });
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain(`"'@boss"`);
    expect(text).toContain(`"'+Plus"`);
    expect(text).toContain(`"'-2+3"`);
    expect(text).not.toMatch(/(^|,)[=+@-]/m);
  });

  it("exports exactly what the inbox lists under the same filters, across batches of 1,000", async () => {
    const company = `Bulk ${crypto.randomUUID().slice(0, 6)}`;
    const start = Date.UTC(2024, 0, 1);
    await seedLeads(Array.from({ length: 1234 }, (_, i) => ({ companyName: company, name: `Bulk ${i}`, createdAt: new Date(start + Math.floor(i / 4) * 1000) })));
    const rows = parseCsv((await exportCsv({ q: company })).text.slice(1));
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1234);
    expect(rows.map((r) => r.id)).toEqual((await everything({ q: company }, 100)).map((i) => i.id));
    const filtered = { status: "new", source: "booking_dialog", from: "2024-01-01", to: "2024-01-01", owner: "none" } as const;
    const expected = await everything(filtered, 100);
    expect(parseCsv((await exportCsv(filtered)).text.slice(1)).map((r) => r.id)).toEqual(expected.map((i) => i.id));
  });

  it("refuses bad filters and bodies before any CSV is sent, and audits nothing", async () => {
    const before = await auditCount();
    const cases: [body: unknown, status: number, error: string][] = [
      [{ source: "fax" }, 400, "Unknown source"],
      [{ from: "0000-01-01" }, 400, "Use a date between 2000-01-01 and 2100-12-31"],
      [{ to: "2026-02-30" }, 400, "Not a valid date"],
      [{ q: "a\u0000b" }, 400, "Search must not contain control characters"],
      [{ q: "a\udfffb" }, 400, "Search must be valid Unicode text"],
      [{ owner: "nobody" }, 400, "Invalid owner ID"],
      ['{"q": "evil', 400, "Malformed JSON body"],
      ["", 400, "Malformed JSON body"],
      [[], 400, "Request body must be a JSON object"],
    ];
    for (const [body, status, error] of cases) {
      const { res } = await exportCsv(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.json()).toMatchObject({ error });
    }
    const plain = await t.app.request("/api/admin/leads/export", { method: "POST", headers: { Cookie: a.cookie, Origin: origin, "Content-Type": "text/plain" }, body: "{}" });
    expect(plain.status).toBe(415);
    expect(await auditCount()).toBe(before);
  });

  it("answers a query that fails on the first batch with a 500 in the admin envelope, no file and no audit row", async () => {
    const before = await auditCount();
    await t.database.db.execute(sql`alter table leads rename column industry to industry_away`);
    try {
      const { res } = await exportCsv({});
      expect(res.status).toBe(500);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.json()).toEqual({ error: "Internal server error" });
    } finally {
      await t.database.db.execute(sql`alter table leads rename column industry_away to industry`);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe("the dashboard's counts (GET /api/admin/leads/summary)", () => {
  it("counts each card at one instant, and each count is what the inbox lists under the card's filter", async () => {
    const fresh = await createTestApp({ ...adminTestEnv, LEADS_RATE_LIMIT_MAX: "1000", LEADS_FIRST_CONTACT_MINUTES: "30" });
    try {
      const admin = await staff(fresh, "admin", "sum");
      const get = async () => {
        const res = await request(fresh, "GET", "/summary", admin.cookie);
        expect(res.status).toBe(200);
        return (await res.json()) as LeadDeskSummary;
      };
      expect(await get()).toEqual({ newToday: 0, awaitingFirstContact: 0, overdue: 0, meetingsBookedThisWeek: 0, submittedNotBooked: 0, firstContactTargetMinutes: 30 });

      // Ages chosen around every boundary: the 30-minute target, today, the last seven days, this week.
      const plan: { kind: Kind; ageMinutes: number; status?: "contacted" | "meeting_booked"; bookedMinutesAgo?: number }[] = [
        { kind: "booking", ageMinutes: 0 },
        { kind: "contact", ageMinutes: 0 },
        { kind: "enterprise", ageMinutes: 29 },
        { kind: "booking", ageMinutes: 31 },
        { kind: "contact", ageMinutes: 45 },
        { kind: "booking", ageMinutes: 3 * 24 * 60, status: "contacted" },
        { kind: "enterprise", ageMinutes: 5 * 24 * 60, status: "meeting_booked", bookedMinutesAgo: 60 },
        { kind: "booking", ageMinutes: 9 * 24 * 60 },
        { kind: "booking", ageMinutes: 20 * 24 * 60, status: "meeting_booked", bookedMinutesAgo: 10 * 24 * 60 },
      ];
      const now = Date.now();
      const made: { createdAt: Date; kind: Kind; status: string; bookedAt: Date | null }[] = [];
      for (const lead of plan) {
        const id = await createLead(lead.kind, {}, fresh);
        const createdAt = new Date(now - lead.ageMinutes * 60_000);
        const bookedAt = lead.bookedMinutesAgo === undefined ? null : new Date(now - lead.bookedMinutesAgo * 60_000);
        await setLead(id, { createdAt, status: lead.status ?? "new", meetingBookedAt: bookedAt }, fresh);
        made.push({ createdAt, kind: lead.kind, status: lead.status ?? "new", bookedAt });
      }

      const midnight = new Date(`${utcDay(new Date())}T00:00:00.000Z`);
      const monday = new Date(midnight.getTime() - ((midnight.getUTCDay() + 6) % 7) * 86_400_000);
      const weekAgo = new Date(midnight.getTime() - 6 * 86_400_000);
      const expected: LeadDeskSummary = {
        newToday: made.filter((m) => m.createdAt >= midnight).length,
        awaitingFirstContact: made.filter((m) => m.status === "new").length,
        overdue: made.filter((m) => m.status === "new" && m.createdAt.getTime() < Date.now() - 30 * 60_000).length,
        meetingsBookedThisWeek: made.filter((m) => m.bookedAt && m.bookedAt >= monday).length,
        submittedNotBooked: made.filter((m) => m.kind !== "contact" && !m.bookedAt && m.createdAt >= weekAgo).length,
        firstContactTargetMinutes: 30,
      };
      expect(expected).toMatchObject({ awaitingFirstContact: 6, overdue: 3, submittedNotBooked: 4 });
      const summary = await get();
      expect(summary).toEqual(expected);

      const listed = async (filters: Record<string, unknown>) => (await everything(filters, 100, fresh, admin.cookie)).length;
      expect(await listed({ from: utcDay(midnight) })).toBe(summary.newToday);
      expect(await listed({ status: "new" })).toBe(summary.awaitingFirstContact);
      expect(await listed({ overdue: true })).toBe(summary.overdue);
      expect(await listed({ bookedFrom: utcDay(monday) })).toBe(summary.meetingsBookedThisWeek);
      expect(await listed({ notBooked: true, from: utcDay(weekAgo) })).toBe(summary.submittedNotBooked);
    } finally {
      await fresh.close();
    }
  });
});

describe("a lead's page (GET /api/admin/leads/:id)", () => {
  it("a booking lead: the summary, what the visitor gave, the evidence, its timeline, the staff who may own it", async () => {
    const id = await createLead("booking", {
      name: "Detail Booking",
      job_title: "COO",
      total_calls: 1200,
      attribution: { utm_source: "ads", utm_medium: "cpc", utm_term: "ai agent", utm_content: "hero", page_path: "/", referrer: "https://ref.example/" },
    });
    const { status, body } = await detail(id);
    expect(status).toBe(200);
    expect(body.firstContactTargetMinutes).toBe(15);
    expect(body.lead).toMatchObject({ id, source: "booking_dialog", name: "Detail Booking", status: "new", owner: null, overdue: false, version: 1 });
    expect(body.lead.submission).toEqual({ kind: "booking_inquiry", jobTitle: "COO", totalCalls: 1200, aiGoal: null, tcpaConsent: true, consentTextVersion: expect.any(String) });
    // No HubSpot hand-off configured: no HubSpot links, not even empty ones (decision 0720).
    expect(body.lead.hubspot).toBeNull();
    expect(body.lead.evidence).toEqual({
      pagePath: "/",
      referrer: "https://ref.example/",
      utmSource: "ads",
      utmMedium: "cpc",
      utmCampaign: null,
      utmTerm: "ai agent",
      utmContent: "hero",
      clientIp: expect.stringMatching(/^10\./),
      userAgent: "LeadDeskTest/1.0",
      botCheck: "off",
    });
    expect(body.timeline).toEqual([{ id: expect.any(String), at: body.lead.createdAt, type: "created", actor: null, data: { source: "booking_dialog" } }]);
    // Every admin and moderator, and nobody else: a plain user may not own a lead.
    expect(body.staff.map((s) => s.id).sort()).toEqual([a.userId, b.userId, moderatorId].sort());
    expect(body.staff.find((s) => s.id === a.userId)).toEqual({ id: a.userId, email: a.email, name: expect.any(String) });
  });

  it("an enterprise and a contact lead: their own submission fields", async () => {
    const enterprise = await createLead("enterprise", { ai_goal: "Book demos at night", source_form: "enterprise_inline" });
    expect((await detail(enterprise)).body.lead.submission).toMatchObject({ kind: "booking_inquiry", aiGoal: "Book demos at night", totalCalls: null });
    const contact = await createLead("contact", { role: "Founder", phone: null, company_size: null, notes: "Call me" });
    const { body } = await detail(contact);
    expect(body.lead.source).toBe("contact_form");
    expect(body.lead.submission).toEqual({ kind: "contact_request", role: "Founder", phone: null, industry: "trades", companySize: null, notes: "Call me" });
    expect(body.lead.evidence.botCheck).toBe("off");
  });

  it("shows the timeline oldest first, with each staff member as the actor of what they did", async () => {
    const id = await createLead("contact");
    expect((await patch(id, { version: 1, status: "contacted" }, a.cookie)).status).toBe(200);
    expect((await patch(id, { version: 2, ownerId: b.userId }, a.cookie)).status).toBe(200);
    expect((await note(id, { text: "Left a voicemail" }, b.cookie)).status).toBe(201);
    const { body } = await detail(id);
    expect(body.timeline.map((e) => [e.type, e.actor])).toEqual([
      ["created", null],
      ["status_changed", { id: a.userId, email: a.email }],
      ["owner_changed", { id: a.userId, email: a.email }],
      ["note_added", { id: b.userId, email: b.email }],
    ]);
    expect(body.timeline.map((e) => e.data)).toEqual([
      { source: "contact_form" },
      { from: "new", to: "contacted" },
      { from: null, to: { id: b.userId, email: b.email } },
      { text: "Left a voicemail" },
    ]);
    const times = body.timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(body.lead.owner).toMatchObject({ id: b.userId, email: b.email });
  });

  it("one change of status and owner: the status entry, then the owner entry, every time", async () => {
    for (let round = 0; round < 6; round++) {
      const id = await createLead("booking");
      expect((await patch(id, { version: 1, status: "contacted", ownerId: a.userId })).status).toBe(200);
      await note(id, { text: "After the change" });
      expect((await detail(id)).body.timeline.map((e) => e.type), `round ${round}`).toEqual(["created", "status_changed", "owner_changed", "note_added"]);
    }
  });

  it("entries written at the same instant come back in the order they were written", async () => {
    const id = await createLead("contact");
    // Twenty entries in one statement with one timestamp: only their insertion order tells them apart.
    const at = new Date("2026-03-02T09:00:00.000Z");
    const texts = Array.from({ length: 20 }, (_, i) => `same instant ${i}`);
    await t.database.db.insert(leadEvents).values(texts.map((text) => ({ leadId: id, at, type: "note_added", data: { text } })));
    const { body } = await detail(id);
    expect(body.timeline.filter((e) => e.type === "note_added").map((e) => e.data.text)).toEqual(texts);
  });

  it("answers 400 for an id that is not a uuid and 404 for a lead that does not exist", async () => {
    for (const bad of ["x", "123", "00000000-0000-0000-0000-00000000000g", "%00", "..%2F"]) {
      const res = await detail(bad);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
      expect(res.body.error).toBeTruthy();
    }
    expect(await detail("x")).toEqual({ status: 400, body: { error: "Invalid lead ID", fieldErrors: { id: "Invalid lead ID" } } });
    expect(await detail(crypto.randomUUID())).toEqual({ status: 404, body: { error: "Lead not found" } });
  });
});

describe("changing a lead (PATCH /api/admin/leads/:id)", () => {
  it("moves the status along an allowed step: version + 1, first response when it leaves New, a timeline entry and an audit row", async () => {
    const id = await createLead("booking");
    const res = await patch(id, { version: 1, status: "contacted" });
    expect(res.status).toBe(200);
    const { lead } = (await res.json()) as LeadUpdateResponse;
    expect(lead).toMatchObject({ id, status: "contacted", version: 2, owner: null, overdue: false });
    expect(lead.firstResponseAt).not.toBeNull();
    const firstResponse = lead.firstResponseAt;

    const row = await deskRow(id);
    expect(row.firstResponseAt!.toISOString()).toBe(firstResponse);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    expect((await eventsOf(id)).map((e) => [e.type, e.data, e.actorUserId, e.actorEmail])).toEqual([
      ["created", { source: "booking_dialog" }, null, null],
      ["status_changed", { from: "new", to: "contacted" }, a.userId, a.email],
    ]);
    expect((await auditsOf(id)).map((r) => [r.action, r.details, r.actorUserId, r.actorEmail])).toEqual([["lead.status", { from: "new", to: "contacted" }, a.userId, a.email]]);

    // Later moves keep the first response: it is when the prospect stopped waiting.
    for (const [version, status] of [[2, "meeting_booked"], [3, "meeting_held"], [4, "won"], [5, "meeting_held"]] as const) {
      const next = await patch(id, { version, status });
      expect(next.status, status).toBe(200);
      expect(((await next.json()) as LeadUpdateResponse).lead).toMatchObject({ status, version: version + 1, firstResponseAt: firstResponse });
    }
  });

  it("refuses every move the lifecycle does not allow with 422 and its message, writing nothing", async () => {
    const id = await createLead("contact");
    const forbidden = leadStatuses.filter((to) => to !== "new" && !leadTransitions.new.includes(to));
    expect(forbidden).toEqual(["meeting_held", "no_show", "won"]);
    const before = await auditCount();
    for (const status of forbidden) {
      const res = await patch(id, { version: 1, status });
      expect(res.status, status).toBe(422);
      expect(await res.json()).toEqual({ error: LEAD_TRANSITION_MESSAGE, code: "LEAD_TRANSITION_NOT_ALLOWED" });
    }
    // Back to New is never a move staff make.
    await patch(id, { version: 1, status: "lost" });
    const back = await patch(id, { version: 2, status: "new" });
    expect(back.status).toBe(422);
    // A refused status with a valid owner change: the whole change is refused.
    const mixed = await patch(id, { version: 2, status: "won", ownerId: a.userId });
    expect(mixed.status).toBe(422);
    expect(await deskRow(id)).toMatchObject({ status: "lost", version: 2, ownerUserId: null });
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(["created", "status_changed"]);
    expect(await auditCount()).toBe(before + 1);
  });

  it("assigns and clears the owner: only active staff (admin or moderator) may own a lead", async () => {
    const id = await createLead("enterprise");
    const assigned = await patch(id, { version: 1, ownerId: b.userId });
    expect(assigned.status).toBe(200);
    expect(((await assigned.json()) as LeadUpdateResponse).lead).toMatchObject({ owner: { id: b.userId, email: b.email, name: expect.any(String) }, version: 2, status: "new", firstResponseAt: null });

    // A colleague who left (deactivated) no longer owns leads either.
    const gone = await createStaff(t, "moderator");
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));
    for (const ownerId of [plainUserId, crypto.randomUUID(), gone.userId]) {
      const res = await patch(id, { version: 2, ownerId });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: LEAD_OWNER_MESSAGE, code: "LEAD_OWNER_NOT_STAFF" });
    }
    // An uppercase uuid names the same admin: no change is made.
    const same = await patch(id, { version: 2, ownerId: b.userId.toUpperCase() });
    expect(((await same.json()) as LeadUpdateResponse).lead.version).toBe(2);

    const moved = await patch(id, { version: 2, ownerId: a.userId, status: "contacted" });
    expect(((await moved.json()) as LeadUpdateResponse).lead).toMatchObject({ owner: { id: a.userId }, status: "contacted", version: 3 });
    const cleared = await patch(id, { version: 3, ownerId: null });
    expect(((await cleared.json()) as LeadUpdateResponse).lead).toMatchObject({ owner: null, version: 4 });

    expect((await eventsOf(id)).filter((e) => e.type === "owner_changed").map((e) => e.data)).toEqual([
      { from: null, to: { id: b.userId, email: b.email } },
      { from: { id: b.userId, email: b.email }, to: { id: a.userId, email: a.email } },
      { from: { id: a.userId, email: a.email }, to: null },
    ]);
    expect((await auditsOf(id)).map((r) => r.action).sort()).toEqual(["lead.owner", "lead.owner", "lead.owner", "lead.status"]);
    expect((await auditsOf(id)).find((r) => r.action === "lead.status")!.details).toEqual({ from: "new", to: "contacted" });
  });

  it("a moderator works the desk: takes a lead, moves its status and notes it, as the audit shows", async () => {
    const id = await createLead("booking");
    const taken = await patch(id, { version: 1, ownerId: moderatorId, status: "contacted" }, moderatorCookie);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as LeadUpdateResponse).lead).toMatchObject({ owner: { id: moderatorId }, status: "contacted", version: 2 });
    const note = await request(t, "POST", `/${id}/notes`, moderatorCookie, { text: "Called back" });
    expect(note.status).toBe(201);
    const audits = await auditsOf(id);
    expect(audits.map((r) => r.action).sort()).toEqual(["lead.note", "lead.owner", "lead.status"]);
    expect(new Set(audits.map((r) => r.actorUserId))).toEqual(new Set([moderatorId]));
  });

  it("a change to what the lead already is: 200 with the lead, nothing written, the version kept", async () => {
    const id = await createLead("booking");
    await patch(id, { version: 1, status: "contacted", ownerId: a.userId });
    const before = { events: (await eventsOf(id)).length, audits: await auditCount() };
    for (const body of [{ version: 2, status: "contacted" }, { version: 2, ownerId: a.userId }, { version: 2, status: "contacted", ownerId: a.userId }]) {
      const res = await patch(id, body);
      expect(res.status).toBe(200);
      expect(((await res.json()) as LeadUpdateResponse).lead).toMatchObject({ version: 2, status: "contacted" });
    }
    const unowned = await createLead("booking");
    expect(((await (await patch(unowned, { version: 1, ownerId: null })).json()) as LeadUpdateResponse).lead.version).toBe(1);
    expect((await eventsOf(id)).length).toBe(before.events);
    expect(await auditCount()).toBe(before.audits);
    expect((await deskRow(id)).version).toBe(2);
  });

  it("refuses an edit made on an older version with 409 STALE_LEAD and the lead as it is now", async () => {
    const id = await createLead("booking");
    await patch(id, { version: 1, status: "contacted" }, b.cookie);
    const before = await auditCount();
    // Even a change that would be allowed, or a no-op, is refused when made on a stale copy.
    for (const body of [{ version: 1, status: "lost" }, { version: 1, ownerId: a.userId }, { version: 1, status: "new" }, { version: 7, status: "lost" }, { version: 2 ** 40, status: "lost" }]) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      const conflict = (await res.json()) as LeadConflictResponse;
      expect(conflict).toEqual({ error: LEAD_STALE_MESSAGE, code: "STALE_LEAD", lead: expect.objectContaining({ id, status: "contacted", version: 2 }) });
      const { submission: _submission, evidence: _evidence, hubspot: _hubspot, firstArticle: _firstArticle, ...current } = (await detail(id)).body.lead;
      expect(conflict.lead).toEqual(current);
    }
    expect(await auditCount()).toBe(before);
    expect((await deskRow(id)).status).toBe("contacted");
  });

  it("of two edits made on the same version at the same moment, exactly one wins and the other gets 409", async () => {
    for (let round = 0; round < 10; round++) {
      const id = await createLead(round % 2 ? "contact" : "booking");
      const [first, second] = await Promise.all([
        patch(id, { version: 1, status: "contacted" }, a.cookie),
        patch(id, { version: 1, status: "lost", ownerId: b.userId }, b.cookie),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const winner = (await (first.status === 200 ? first : second).json()) as LeadUpdateResponse;
      const loser = (await (first.status === 200 ? second : first).json()) as LeadConflictResponse;
      expect(loser.code).toBe("STALE_LEAD");
      expect(loser.lead).toEqual(winner.lead);
      const row = await deskRow(id);
      expect(row.version).toBe(2);
      expect(row.status).toBe(winner.lead.status);
      const changes = (await eventsOf(id)).filter((e) => e.type !== "created");
      expect(changes.length).toBe(winner.lead.status === "lost" ? 2 : 1);
      expect((await auditsOf(id)).length).toBe(changes.length);
    }
  });

  // Without the lock the waiting edit would have read version 1 before the other committed, and
  // its update, once let through, would have overwritten the other's change.
  it("an edit that waits for another's lock compares its version with the one the other committed", async () => {
    const id = await createLead("booking");
    const { db } = t.database;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const other = db.transaction(async (tx) => {
      await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id)).for("update");
      locked();
      await held;
      await tx.update(leads).set({ status: "lost", version: 2 }).where(eq(leads.id, id));
    });
    await lockTaken;
    const waiting = updateLead(db, { userId: a.userId, email: a.email }, id, { version: 1, status: "contacted" }, { firstContactMinutes: 15 });
    if (t.database.kind === "postgres") {
      // Let the edit reach the lock and wait on it before the other commits.
      for (let i = 0; i < 200; i++) {
        const waits = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (waits.rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    release();
    await other;
    const result = await waiting;
    expect(result).toMatchObject({ ok: false, status: 409, code: "STALE_LEAD", lead: { status: "lost", version: 2 } });
    expect(await deskRow(id)).toMatchObject({ status: "lost", version: 2 });
  });

  it("refuses a body that is not a change with a 400 and its message; an unknown lead is a 404; nothing is written", async () => {
    const id = await createLead("booking");
    const before = await auditCount();
    const cases: [body: unknown, error: string][] = [
      [{}, "The lead's version is required"],
      [{ status: "contacted" }, "The lead's version is required"],
      [{ version: 1 }, "Nothing to change"],
      [{ version: "1", status: "contacted" }, "The lead's version is required"],
      [{ version: 1.5, status: "contacted" }, expect.any(String)],
      [{ version: 0, status: "contacted" }, expect.any(String)],
      [{ version: 1, status: "archived" }, "Unknown status"],
      [{ version: 1, ownerId: "ana" }, "Invalid owner ID"],
      [{ version: 1, ownerId: 7 }, expect.any(String)],
      [[], "Request body must be a JSON object"],
      ["{", "Malformed JSON body"],
    ];
    for (const [body, error] of cases) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error });
    }
    expect(await detail(id)).toMatchObject({ body: { lead: { version: 1, status: "new" } } });
    const unknown = await patch(crypto.randomUUID(), { version: 1, status: "contacted" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Lead not found" });
    expect((await patch("not-a-uuid", { version: 1, status: "contacted" })).status).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});

describe("notes (POST /api/admin/leads/:id/notes)", () => {
  it("appends a note to the timeline (201), audits that it was written and its length, not its text; the version is kept", async () => {
    const id = await createLead("enterprise");
    const text = "Called twice.\nWill try again Friday — ask for Ada.";
    const res = await note(id, { text: `  ${text}\n` }, b.cookie);
    expect(res.status).toBe(201);
    const { entry } = (await res.json()) as LeadNoteResponse;
    expect(entry).toEqual({ id: expect.any(String), at: expect.any(String), type: "note_added", actor: { id: b.userId, email: b.email }, data: { text } });
    const { body } = await detail(id);
    expect(body.timeline.at(-1)).toEqual(entry);
    expect(body.lead.version).toBe(1);
    const audits = await auditsOf(id);
    expect(audits.map((r) => [r.action, r.details, r.actorEmail])).toEqual([["lead.note", { length: text.length }, b.email]]);
    expect(JSON.stringify(audits)).not.toContain("Friday");
  });

  it("refuses an empty, too long or hidden-character note (400) and a note on an unknown lead (404), writing nothing", async () => {
    const id = await createLead("contact");
    const before = { events: (await eventsOf(id)).length, audits: await auditCount() };
    const cases: [body: unknown, status: number, error: string][] = [
      [{}, 400, "Write a note"],
      [{ text: "   " }, 400, "Write a note"],
      [{ text: "x".repeat(2001) }, 400, "A note must be less than 2000 characters"],
      [{ text: "a\u0000b" }, 400, "A note must not contain hidden characters"],
      [{ text: "a\u202eb" }, 400, "A note must not contain hidden characters"],
      [{ text: 42 }, 400, "Write a note"],
    ];
    for (const [body, status, error] of cases) {
      const res = await note(id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json()).toMatchObject({ error });
    }
    const unknown = await note(crypto.randomUUID(), { text: "Hello" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Lead not found" });
    expect((await note("nope", { text: "Hello" })).status).toBe(400);
    expect((await eventsOf(id)).length).toBe(before.events);
    expect(await auditCount()).toBe(before.audits);
    // The longest note the form allows fits the admin body limit.
    expect((await note(id, { text: "\u00e9".repeat(2000) })).status).toBe(201);
  });
});
