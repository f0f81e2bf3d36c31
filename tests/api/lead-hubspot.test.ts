import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import type { UndeliverableNotificationsResponse } from "@shared/api/admin-notifications-api";
import type { LeadDetailResponse } from "@shared/api/lead-desk-api";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, signedInCookie } from "../support/admin-fixtures";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import { createNotifier } from "../../server/leads/notifier";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { bookingBody, contactBody, postJson } from "./leads-support";
import { startHubSpot } from "./lead-hubspot-support";
import { calendlyBooking, newBookingLead, report } from "./booking-outcome-support";
import { outboxWorkerFor } from "../support/outbox";

/*
 * The HubSpot hand-off (docs/decisions/0720) against a local fake of HubSpot's CRM API that the
 * real client calls through HUBSPOT_API_URL: a new lead's address is looked up, a contact created
 * only when HubSpot has none, and one deal associated with it, retried through the outbox without
 * duplicates; a contact already there keeps its details and gets the deal and a note; desk status
 * changes set the lead status only of a contact the site created; the lead page links to the
 * records and says which happened.
 */

const TOKEN = "pat-na1-secret-hubspot-token";
let hubspot: Awaited<ReturnType<typeof startHubSpot>>;
let t: TestApp;
let cookie: string;
const workers: OutboxWorker[] = [];
let lines: string[] = [];

function newWorker(overrides: Partial<TestApp["config"]["leads"]["outbox"]> = {}) {
  const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(line) });
  const worker = outboxWorkerFor(t, { notifier: createNotifier(t.config, { db: t.database.db }), logger, config: overrides });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  hubspot = await startHubSpot(TOKEN);
  t = await createTestApp({
    ...adminTestEnv,
    HUBSPOT_ACCESS_TOKEN: TOKEN,
    HUBSPOT_API_URL: hubspot.url,
    HUBSPOT_PORTAL_ID: "4242",
    HUBSPOT_DEAL_PIPELINE: "website-pipeline",
    HUBSPOT_DEAL_STAGE: "qualifiedtobuy",
    LEADS_OUTBOX_MAX_ATTEMPTS: "3",
    // A failed row waits: each test makes its own rows due when it means to retry them.
    LEADS_OUTBOX_RETRY_BASE_MS: "60000",
    LEADS_RATE_LIMIT_MAX: "1000",
  });
  const admin = await createStaff(t, "admin");
  cookie = await signedInCookie(t, admin.email, admin.password);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  expect(hubspot.unhandled, "every request the client made is one HubSpot has").toEqual([]);
  hubspot.reset();
  lines = [];
});
afterAll(async () => {
  await t?.close();
  await hubspot?.close();
});

async function submitBooking(overrides: Record<string, unknown>): Promise<string> {
  const res = await postJson(t.app, "/api/submit-booking", bookingBody(overrides));
  expect(res.status).toBe(200);
  const [lead] = await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, String(overrides.work_email)));
  return lead!.id;
}

async function submitContact(overrides: Record<string, unknown>): Promise<string> {
  const res = await postJson(t.app, "/api/contact", contactBody(overrides));
  expect(res.status).toBe(200);
  const [lead] = await t.database.db.select({ id: leads.id }).from(leads).where(and(eq(leads.email, String(overrides.email)), eq(leads.kind, "contact_request")));
  return lead!.id;
}

/** Every request to HubSpot as "METHOD path", record ids as N. */
const callList = () => hubspot.requests.map((r) => `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, "/N")}`);
/** The notes on one contact (the fake keeps every test's). */
const notesOn = (contactId: string) => hubspot.notes.filter((n) => n.associations.includes(`202:${contactId}`));
const deliveredData = async (id: string) =>
  (await t.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "notification_delivered")))).map((e) => e.data);

const leadRow = async (id: string) => (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const hubspotRows = (leadId: string) =>
  t.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, leadId), eq(leadOutbox.channel, "hubspot"))).orderBy(asc(leadOutbox.createdAt));
/** The back-off has passed: the lead's waiting rows are due now. */
const makeDue = (leadId: string) => t.database.db.update(leadOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(leadOutbox.leadId, leadId));

async function adminApi(method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, {
    method,
    headers: { Cookie: cookie, Origin: origin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as unknown };
}

const leadPage = async (id: string) => ((await adminApi("GET", `/api/admin/leads/${id}`)).body as LeadDetailResponse).lead;

describe("a new lead handed to HubSpot", () => {
  it("looks the address up, creates the contact HubSpot does not have (e-mail and status NEW), creates a deal in the configured pipeline and stage, associates them, and stores both ids", async () => {
    const id = await submitBooking({ name: "Hub Ada Lovelace", work_email: "hub.ada@example.com", company_name: "Engines Ltd", job_title: "CTO" });
    expect((await leadPage(id)).hubspot).toEqual({ contactUrl: null, dealUrl: null, contact: null });

    expect(await newWorker().runOnce()).toBe(1);

    expect(callList()).toEqual([
      "POST /crm/v3/objects/contacts/batch/read",
      "POST /crm/v3/objects/contacts",
      "POST /crm/v3/objects/deals",
      "PUT /crm/v4/objects/deals/N/associations/default/contacts/N",
    ]);
    expect(hubspot.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(hubspot.requests[0]!.body).toEqual({
      idProperty: "email",
      inputs: [{ id: "hub.ada@example.com" }],
      properties: ["firstname", "lastname", "company", "jobtitle", "phone"],
    });
    expect(hubspot.requests[1]!.body).toEqual({
      properties: { email: "hub.ada@example.com", firstname: "Hub", lastname: "Ada Lovelace", company: "Engines Ltd", jobtitle: "CTO", hs_lead_status: "NEW" },
    });
    expect(hubspot.requests[2]!.body).toEqual({ properties: { dealname: "Engines Ltd (Booking dialog)", pipeline: "website-pipeline", dealstage: "qualifiedtobuy" } });
    expect(hubspot.calls("POST", /\/objects\/notes$/)).toEqual([]);

    const contact = hubspot.contacts.get("hub.ada@example.com")!;
    const row = await leadRow(id);
    expect(row.hubspotContactId).toBe(contact.id);
    expect(row.hubspotContactCreated).toBe(true);
    expect(hubspot.deals.has(row.hubspotDealId!)).toBe(true);
    expect(hubspot.associations.has(`${row.hubspotDealId}:${contact.id}`)).toBe(true);

    const [outbox] = await hubspotRows(id);
    expect(outbox).toMatchObject({ topic: "lead_stored", attempts: 1, lastError: null, payload: null });
    expect(outbox!.deliveredAt).toBeInstanceOf(Date);

    // The lead page links to both records in this account's HubSpot, and says the contact is new.
    expect((await leadPage(id)).hubspot).toEqual({
      contactUrl: `https://app.hubspot.com/contacts/4242/record/0-1/${contact.id}`,
      dealUrl: `https://app.hubspot.com/contacts/4242/record/0-3/${row.hubspotDealId}`,
      contact: "created",
    });
    expect(await deliveredData(id)).toContainEqual({ channel: "hubspot", topic: "lead_stored", hubspotContact: "created" });
  });

  it("says on the deal when the lead is unverified (sent without JavaScript while the bot check is on)", async () => {
    const id = await submitBooking({ work_email: "hub.noscript@example.com", company_name: "Plain Forms Inc" });
    // Stored as a scriptless post is with reCAPTCHA configured (tests/api/lead-notifications-scriptless.test.ts);
    // this app has no bot check, so the submission's outcome is set to that here.
    await t.database.db.update(leads).set({ botCheck: "no_script" }).where(eq(leads.id, id));

    expect(await newWorker().runOnce()).toBe(1);
    expect(hubspot.calls("POST", /\/objects\/deals$/)[0]!.body).toEqual({
      properties: {
        dealname: "Plain Forms Inc (Booking dialog, unverified)",
        pipeline: "website-pipeline",
        dealstage: "qualifiedtobuy",
        description: "UNVERIFIED: sent without JavaScript, no bot check ran",
      },
    });
  });

  it("gives a second lead from the same address the same contact and a deal of its own", async () => {
    const first = await submitBooking({ work_email: "hub.twice@example.com" });
    const res = await postJson(t.app, "/api/contact", contactBody({ name: "Twice", email: "hub.twice@example.com", phone: "+1 415 555 0199" }));
    expect(res.status).toBe(200);
    const [second] = await t.database.db.select({ id: leads.id }).from(leads).where(and(eq(leads.email, "hub.twice@example.com"), eq(leads.kind, "contact_request")));
    expect(await newWorker().runOnce()).toBe(2);

    const [a, b] = [await leadRow(first), await leadRow(second!.id)];
    expect(a.hubspotContactId).toBe(b.hubspotContactId);
    // One lead made the contact; the other found it (its create answered 409 if both looked at once), so it keeps what the first gave it.
    expect([a.hubspotContactCreated, b.hubspotContactCreated].sort()).toEqual([false, true]);
    expect([...hubspot.contacts.values()].filter((c) => c.properties.email === "hub.twice@example.com")).toHaveLength(1);
    expect(a.hubspotDealId).not.toBe(b.hubspotDealId);
    expect(hubspot.associations.has(`${a.hubspotDealId}:${a.hubspotContactId}`) && hubspot.associations.has(`${b.hubspotDealId}:${b.hubspotContactId}`)).toBe(true);
  });

  it("retries a failed association without creating a second deal", async () => {
    const id = await submitBooking({ work_email: "hub.assoc@example.com" });
    hubspot.state.intercept = (r) => (r.method === "PUT" ? { status: 502, body: "<html>Bad gateway</html>" } : undefined);
    await newWorker().runOnce();

    let [row] = await hubspotRows(id);
    expect(row).toMatchObject({ deliveredAt: null, lastError: "hubspot answered 502 to the deal association" });
    const stored = await leadRow(id);
    expect(stored.hubspotDealId).toMatch(/^\d+$/);

    hubspot.state.intercept = () => undefined;
    await makeDue(id);
    await newWorker().runOnce();
    [row] = await hubspotRows(id);
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(2);
    // One lookup and one contact made (the id was stored), one deal, the association twice (the second took).
    expect(hubspot.calls("POST", /\/contacts\/batch\/read$/)).toHaveLength(1);
    expect(hubspot.calls("POST", /\/objects\/contacts$/)).toHaveLength(1);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
    expect(hubspot.calls("PUT", /\/associations\//)).toHaveLength(2);
    expect((await leadRow(id)).hubspotDealId).toBe(stored.hubspotDealId);
    expect(hubspot.associations.has(`${stored.hubspotDealId}:${stored.hubspotContactId}`)).toBe(true);
  });

  it("honours a 429's Retry-After: no new attempt before the time HubSpot asked for, though the back-off is 10 ms", { timeout: 30_000 }, async () => {
    const id = await submitBooking({ work_email: "hub.busy@example.com" });
    let lookups = 0;
    hubspot.state.intercept = (r) =>
      r.path.endsWith("/batch/read") && ++lookups === 1
        ? {
            status: 429,
            headers: { "retry-after": "2" },
            body: { status: "error", message: "You have reached your ten_secondly_rolling limit.", errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING", category: "RATE_LIMITS" },
          }
        : undefined;
    const worker = newWorker({ retryBaseMs: 10, retryMaxMs: 10, pollMs: 20 });
    worker.start();
    await expect.poll(async () => (await hubspotRows(id))[0]!.deliveredAt, { timeout: 20_000, interval: 50 }).toBeInstanceOf(Date);

    const tries = hubspot.calls("POST", /\/batch\/read$/);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
    const failed = await t.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "notification_failed")));
    expect(failed.map((e) => e.data)).toEqual([{ channel: "hubspot", topic: "lead_stored", attempt: 1, error: "HUBSPOT_RATE_LIMITED" }]);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.code === "HUBSPOT_RATE_LIMITED")!;
    expect(logged.failure).toBe("hubspot answered 429 to the contact lookup (TEN_SECONDLY_ROLLING) (retry after 2 s)");
    expect(logged.retryInMs).toBeGreaterThanOrEqual(2000);
  });

  it("gives up after the last attempt on a 500: a dead letter staff see in /admin/notifications, with no lead data, token or HubSpot's words", async () => {
    const id = await submitBooking({ name: "Hub Dead", work_email: "hub.dead@example.com", company_name: "Deadletter Corp" });
    // HubSpot's own messages quote property values: none of this may be kept.
    hubspot.state.intercept = () => ({ status: 500, body: { status: "error", message: "Internal error for hub.dead@example.com", category: "INTERNAL_ERROR" } });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(id);
      expect(await newWorker().runOnce()).toBe(1);
    }
    const [row] = await hubspotRows(id);
    expect(row!.deadAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(3);
    // Dead: no further attempt, however due.
    await makeDue(id);
    expect(await newWorker().runOnce()).toBe(0);
    expect(hubspot.calls("POST", /\/batch\/read$/)).toHaveLength(3);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(0);

    const res = await adminApi("GET", "/api/admin/notifications");
    expect(res.status).toBe(200);
    const item = (res.body as UndeliverableNotificationsResponse).items.find((i) => i.leadId === id);
    expect(item).toMatchObject({ channel: "hubspot", topic: "lead_stored", attempts: 3, lastError: "hubspot answered 500 to the contact lookup INTERNAL_ERROR" });
    const everything = [res.text, lines.join("\n")].join("\n");
    for (const secret of [TOKEN, "hub.dead@example.com", "Hub Dead", "Deadletter Corp", "Internal error for"]) expect(everything).not.toContain(secret);

    // Staff retry it once HubSpot is back: it goes through, still one contact and one deal.
    hubspot.state.intercept = () => undefined;
    expect((await adminApi("POST", `/api/admin/notifications/${item!.id}/retry`)).status).toBe(200);
    expect(await newWorker().runOnce()).toBe(1);
    expect((await hubspotRows(id))[0]!.deliveredAt).toBeInstanceOf(Date);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
  });
});

describe("an address HubSpot already has a contact for (the team's own record)", () => {
  /** The contact as sales entered it: no job title yet, and a lead status of their own. */
  const salesContact = (email: string) =>
    hubspot.addContact({ email, firstname: "Grace", lastname: "Hopper", phone: "+1 202 555 0142", company: "US Navy", jobtitle: "", hs_lead_status: "CONNECTED" });

  it("keeps its name, phone, company and lead status, fills only its empty job title, and gets the lead's deal and a note on both", async () => {
    const contact = salesContact("hub.grace@example.com");
    const id = await submitContact({ name: "Mallory Spoof", email: "hub.grace@example.com", company: "Spoof Ltd", role: "Chief Prank Officer", phone: "+1 555 0100" });

    expect(await newWorker().runOnce()).toBe(1);

    expect(callList()).toEqual([
      "POST /crm/v3/objects/contacts/batch/read",
      "PATCH /crm/v3/objects/contacts/N",
      "POST /crm/v3/objects/deals",
      "PUT /crm/v4/objects/deals/N/associations/default/contacts/N",
      "POST /crm/v3/objects/notes",
    ]);
    expect(hubspot.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(hubspot.calls("PATCH", /\/contacts\/\d+$/).map((r) => [r.path, r.body])).toEqual([[`/crm/v3/objects/contacts/${contact.id}`, { properties: { jobtitle: "Chief Prank Officer" } }]]);
    expect(hubspot.contacts.get("hub.grace@example.com")).toEqual({
      id: contact.id,
      properties: { email: "hub.grace@example.com", firstname: "Grace", lastname: "Hopper", phone: "+1 202 555 0142", company: "US Navy", jobtitle: "Chief Prank Officer", hs_lead_status: "CONNECTED" },
    });
    // No contact made: the lead is stored as added to the one sales have.
    expect(hubspot.calls("POST", /\/objects\/contacts$/)).toHaveLength(0);
    const row = await leadRow(id);
    expect([row.hubspotContactId, row.hubspotContactCreated]).toEqual([contact.id, false]);
    expect(hubspot.associations.has(`${row.hubspotDealId}:${contact.id}`)).toBe(true);

    // The note is on the contact and the deal, and carries what the lead gave, so sales can compare.
    const notes = notesOn(contact.id);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note!.associations.sort()).toEqual([`202:${contact.id}`, `214:${row.hubspotDealId}`].sort());
    expect(new Date(note!.properties.hs_timestamp!).getTime()).toBe(row.createdAt.getTime());
    for (const text of ["Contact form", "The contact's own details were kept", "Name: Mallory Spoof", "Company: Spoof Ltd", "Job title: Chief Prank Officer", "Phone: +1 555 0100"]) {
      expect(note!.properties.hs_note_body, text).toContain(text);
    }

    expect((await leadPage(id)).hubspot).toMatchObject({ contactUrl: `https://app.hubspot.com/contacts/4242/record/0-1/${contact.id}`, contact: "existing" });
    expect(await deliveredData(id)).toContainEqual({ channel: "hubspot", topic: "lead_stored", hubspotContact: "existing" });
  });

  it("an unverified lead (sent without JavaScript) fills nothing: the contact is left exactly as it was, and the note says the lead is unverified", async () => {
    const contact = salesContact("hub.noscript.known@example.com");
    const before = structuredClone(contact.properties);
    const id = await submitContact({ name: "Mallory Spoof", email: "hub.noscript.known@example.com", role: "Chief Prank Officer" });
    await t.database.db.update(leads).set({ botCheck: "no_script" }).where(eq(leads.id, id));

    expect(await newWorker().runOnce()).toBe(1);

    expect(hubspot.calls("PATCH", /\/contacts\//)).toEqual([]);
    expect(hubspot.contacts.get("hub.noscript.known@example.com")!.properties).toEqual(before);
    expect(notesOn(contact.id)[0]!.properties.hs_note_body).toContain("UNVERIFIED: sent without JavaScript, no bot check ran");
    expect(hubspot.calls("POST", /\/objects\/deals$/)[0]!.body).toMatchObject({ properties: { dealname: "Bletchley Trades (Contact form, unverified)" } });
    expect(hubspot.requests.every((r) => r.token === TOKEN)).toBe(true);
  });

  it("closing the lead later leaves the contact's lead status alone, and the timeline says it was not sent", async () => {
    salesContact("hub.close@example.com");
    const id = await submitContact({ email: "hub.close@example.com" });
    await newWorker().runOnce();
    hubspot.reset();

    const { version } = await leadRow(id);
    expect((await adminApi("PATCH", `/api/admin/leads/${id}`, { version, status: "lost" })).status).toBe(200);
    expect(await newWorker().runOnce()).toBe(1);

    expect(hubspot.requests).toEqual([]);
    expect(hubspot.contacts.get("hub.close@example.com")!.properties.hs_lead_status).toBe("CONNECTED");
    expect((await hubspotRows(id)).map((r) => [r.topic, r.deliveredAt instanceof Date])).toEqual([
      ["lead_stored", true],
      ["status_changed", true],
    ]);
    expect(await deliveredData(id)).toContainEqual({ channel: "hubspot", topic: "status_changed", hubspotLeadStatus: "not_sent" });
  });

  it("a lead handed over before the site recorded who made the contact sets no lead status either", async () => {
    const id = await submitBooking({ work_email: "hub.legacy@example.com" });
    await newWorker().runOnce();
    // As a lead handed over by the upsert is stored: the contact id, and nothing about who made it.
    await t.database.db.update(leads).set({ hubspotContactCreated: null }).where(eq(leads.id, id));
    hubspot.reset();

    const { version } = await leadRow(id);
    expect((await adminApi("PATCH", `/api/admin/leads/${id}`, { version, status: "contacted" })).status).toBe(200);
    expect(await newWorker().runOnce()).toBe(1);
    expect(hubspot.requests).toEqual([]);
    expect(hubspot.contacts.get("hub.legacy@example.com")!.properties.hs_lead_status).toBe("NEW");
    expect((await leadPage(id)).hubspot?.contact).toBeNull();
  });

  it("a contact made between the lookup and the create is found through HubSpot's 409 and kept as it is", async () => {
    const id = await submitContact({ name: "Mallory Spoof", email: "hub.race@example.com", company: "Spoof Ltd" });
    // HubSpot has no contact when the hand-off looks; one appears (a HubSpot form, say) before it creates.
    let lookups = 0;
    hubspot.state.intercept = (r) => {
      if (r.path.endsWith("/batch/read") && ++lookups === 1) {
        salesContact("hub.race@example.com");
        return { status: 207, body: { status: "COMPLETE", results: [], numErrors: 1, errors: [{ status: "error", category: "OBJECT_NOT_FOUND", message: "Could not get some CONTACT objects" }] } };
      }
      return undefined;
    };

    expect(await newWorker().runOnce()).toBe(1);

    expect(callList()).toEqual([
      "POST /crm/v3/objects/contacts/batch/read",
      "POST /crm/v3/objects/contacts",
      "POST /crm/v3/objects/contacts/batch/read",
      "PATCH /crm/v3/objects/contacts/N",
      "POST /crm/v3/objects/deals",
      "PUT /crm/v4/objects/deals/N/associations/default/contacts/N",
      "POST /crm/v3/objects/notes",
    ]);
    const contact = hubspot.contacts.get("hub.race@example.com")!;
    expect(hubspot.requests[2]!.body).toMatchObject({ inputs: [{ id: contact.id }] });
    expect(contact.properties).toMatchObject({ firstname: "Grace", lastname: "Hopper", company: "US Navy", hs_lead_status: "CONNECTED", jobtitle: "Owner" });
    const row = await leadRow(id);
    expect([row.hubspotContactId, row.hubspotContactCreated]).toEqual([contact.id, false]);
  });

  it("a retried hand-off makes no second deal, no second note and does not look the contact up again", async () => {
    const contact = salesContact("hub.retry.known@example.com");
    const id = await submitContact({ email: "hub.retry.known@example.com" });
    hubspot.state.intercept = (r) => (r.method === "PUT" ? { status: 502, body: "<html>Bad gateway</html>" } : undefined);
    await newWorker().runOnce();
    expect((await hubspotRows(id))[0]).toMatchObject({ deliveredAt: null, lastError: "hubspot answered 502 to the deal association" });
    expect(notesOn(contact.id)).toHaveLength(0);

    hubspot.state.intercept = () => undefined;
    await makeDue(id);
    await newWorker().runOnce();
    expect((await hubspotRows(id))[0]!.deliveredAt).toBeInstanceOf(Date);
    expect(hubspot.calls("POST", /\/contacts\/batch\/read$/)).toHaveLength(1);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
    expect(notesOn(contact.id)).toHaveLength(1);
    expect(hubspot.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(await deliveredData(id)).toEqual([{ channel: "hubspot", topic: "lead_stored", hubspotContact: "existing" }]);
  });
});

describe("status changes in the desk", () => {
  it("set the contact's lead status in HubSpot, one outbox row per change; an owner change sends nothing", async () => {
    const id = await submitBooking({ work_email: "hub.status@example.com" });
    await newWorker().runOnce();
    const contactId = (await leadRow(id)).hubspotContactId!;
    hubspot.reset();

    let version = (await leadRow(id)).version;
    for (const [status, expected] of [["contacted", "CONNECTED"], ["meeting_booked", "IN_PROGRESS"], ["lost", "BAD_TIMING"]] as const) {
      const res = await adminApi("PATCH", `/api/admin/leads/${id}`, { version, status });
      expect(res.status).toBe(200);
      version = (res.body as { lead: { version: number } }).lead.version;
      expect(await newWorker().runOnce()).toBe(1);
      expect(hubspot.requests.at(-1)).toMatchObject({ method: "PATCH", path: `/crm/v3/objects/contacts/${contactId}`, token: TOKEN, body: { properties: { hs_lead_status: expected } } });
      expect(hubspot.contacts.get("hub.status@example.com")!.properties.hs_lead_status).toBe(expected);
    }
    const rows = await hubspotRows(id);
    expect(rows.map((r) => [r.topic, r.topicRef, r.deliveredAt instanceof Date])).toEqual([
      ["lead_stored", "", true],
      ["status_changed", "v2", true],
      ["status_changed", "v3", true],
      ["status_changed", "v4", true],
    ]);

    const owner = await createStaff(t, "moderator");
    expect((await adminApi("PATCH", `/api/admin/leads/${id}`, { version, ownerId: owner.userId })).status).toBe(200);
    expect(await hubspotRows(id)).toHaveLength(4);
    expect(await newWorker().runOnce()).toBe(0);
  });

  it("made before the hand-off went out: the contact is created with the status it has by then, and the change is applied once it exists", async () => {
    const id = await submitBooking({ work_email: "hub.early@example.com" });
    const { version } = await leadRow(id);
    expect((await adminApi("PATCH", `/api/admin/leads/${id}`, { version, status: "unqualified" })).status).toBe(200);

    await newWorker().runOnce();
    expect(hubspot.calls("POST", /\/objects\/contacts$/)[0]!.body).toMatchObject({ properties: { hs_lead_status: "UNQUALIFIED" } });
    // Whichever order the two rows went in, both are delivered once the back-off has passed.
    await makeDue(id);
    await newWorker().runOnce();
    const rows = await hubspotRows(id);
    expect(rows.map((r) => r.deliveredAt instanceof Date)).toEqual([true, true]);
    expect(hubspot.contacts.get("hub.early@example.com")!.properties.hs_lead_status).toBe("UNQUALIFIED");
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
  });

  it("follow the scheduler's moves too: a booking the page reports sets the contact to IN_PROGRESS", async () => {
    const lead = await newBookingLead(t, { work_email: "hub.booked@example.com" });
    await newWorker().runOnce();
    const res = await report(t, { reference: lead.reference, event: "meeting_scheduled", inviteeUri: calendlyBooking().inviteeUri });
    expect(res.status).toBe(202);
    expect((await leadRow(lead.id)).status).toBe("meeting_booked");
    expect(await newWorker().runOnce()).toBe(1);
    expect(hubspot.calls("PATCH", /^\/crm\/v3\/objects\/contacts\/\d+$/).map((r) => r.body)).toEqual([{ properties: { hs_lead_status: "IN_PROGRESS" } }]);
    expect(hubspot.contacts.get("hub.booked@example.com")!.properties.hs_lead_status).toBe("IN_PROGRESS");
  });

  it("finds the contact again by e-mail when it was deleted in HubSpot, and stores its new id", async () => {
    const id = await submitBooking({ work_email: "hub.deleted@example.com" });
    await newWorker().runOnce();
    const before = (await leadRow(id)).hubspotContactId;
    hubspot.contacts.delete("hub.deleted@example.com");

    const { version } = await leadRow(id);
    expect((await adminApi("PATCH", `/api/admin/leads/${id}`, { version, status: "contacted" })).status).toBe(200);
    await newWorker().runOnce();
    const contact = hubspot.contacts.get("hub.deleted@example.com")!;
    expect(contact.properties.hs_lead_status).toBe("CONNECTED");
    expect(contact.id).not.toBe(before);
    expect((await leadRow(id)).hubspotContactId).toBe(contact.id);
  });
});
