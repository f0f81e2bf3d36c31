import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import type { UndeliverableNotificationsResponse } from "@shared/api/admin-notifications-api";
import type { LeadDetailResponse } from "@shared/api/lead-desk-api";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, signedInCookie } from "../support/admin-fixtures";
import { bookingInquiries, leadEvents, leadOutbox, leads } from "../../server/db/schema";
import { createNotifier } from "../../server/leads/notifier";
import type { OutboxWorker } from "../../server/leads/outbox-worker";
import { bookingBody, contactBody, postJson } from "./leads-support";
import { startHubSpot } from "./lead-hubspot-support";
import { calendlyBooking, newBookingLead, report } from "./booking-outcome-support";
import { outboxWorkerFor } from "../support/outbox";

/*
 * The HubSpot hand-off (docs/decisions/0720) against a local fake of HubSpot's CRM API that the
 * real client calls through HUBSPOT_API_URL: a new lead becomes one contact (upserted by e-mail)
 * and one deal associated with it, retried through the outbox without duplicates; desk status
 * changes set the contact's lead status; the lead page links to the records.
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
  it("upserts its contact by e-mail, creates a deal in the configured pipeline and stage, associates them, and stores both ids", async () => {
    const id = await submitBooking({ name: "Hub Ada Lovelace", work_email: "hub.ada@example.com", company_name: "Engines Ltd", job_title: "CTO" });
    expect((await leadPage(id)).hubspot).toEqual({ contactUrl: null, dealUrl: null });

    expect(await newWorker().runOnce()).toBe(1);

    expect(hubspot.requests.map((r) => `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, "/N")}`)).toEqual([
      "POST /crm/v3/objects/contacts/batch/upsert",
      "POST /crm/v3/objects/deals",
      "PUT /crm/v4/objects/deals/N/associations/default/contacts/N",
    ]);
    expect(hubspot.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(hubspot.requests[0]!.body).toEqual({
      inputs: [
        {
          idProperty: "email",
          id: "hub.ada@example.com",
          properties: { email: "hub.ada@example.com", firstname: "Hub", lastname: "Ada Lovelace", company: "Engines Ltd", jobtitle: "CTO", hs_lead_status: "NEW" },
        },
      ],
    });
    expect(hubspot.requests[1]!.body).toEqual({ properties: { dealname: "Engines Ltd (Booking dialog)", pipeline: "website-pipeline", dealstage: "qualifiedtobuy" } });

    const contact = hubspot.contacts.get("hub.ada@example.com")!;
    const row = await leadRow(id);
    expect(row.hubspotContactId).toBe(contact.id);
    expect(hubspot.deals.has(row.hubspotDealId!)).toBe(true);
    expect(hubspot.associations.has(`${row.hubspotDealId}:${contact.id}`)).toBe(true);

    const [outbox] = await hubspotRows(id);
    expect(outbox).toMatchObject({ topic: "lead_stored", attempts: 1, lastError: null, payload: null });
    expect(outbox!.deliveredAt).toBeInstanceOf(Date);

    // The lead page links to both records in this account's HubSpot.
    expect((await leadPage(id)).hubspot).toEqual({
      contactUrl: `https://app.hubspot.com/contacts/4242/record/0-1/${contact.id}`,
      dealUrl: `https://app.hubspot.com/contacts/4242/record/0-3/${row.hubspotDealId}`,
    });
    const delivered = await t.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "notification_delivered")));
    expect(delivered.map((e) => e.data)).toContainEqual({ channel: "hubspot", topic: "lead_stored" });
  });

  it("says on the deal when the lead is unverified (sent without JavaScript while the bot check is on)", async () => {
    const id = await submitBooking({ work_email: "hub.noscript@example.com", company_name: "Plain Forms Inc" });
    // Stored as a scriptless post is with reCAPTCHA configured (tests/api/lead-notifications-scriptless.test.ts);
    // this app has no bot check, so the submission's outcome is set to that here.
    await t.database.db.update(bookingInquiries).set({ botCheck: "no_script" }).where(eq(bookingInquiries.id, id));

    expect(await newWorker().runOnce()).toBe(1);
    expect(hubspot.requests[1]!.body).toEqual({
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
    // One contact upsert (the id was stored), one deal, the association twice (the second took).
    expect(hubspot.calls("POST", /\/contacts\/batch\/upsert$/)).toHaveLength(1);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
    expect(hubspot.calls("PUT", /\/associations\//)).toHaveLength(2);
    expect((await leadRow(id)).hubspotDealId).toBe(stored.hubspotDealId);
    expect(hubspot.associations.has(`${stored.hubspotDealId}:${stored.hubspotContactId}`)).toBe(true);
  });

  it("honours a 429's Retry-After: no new attempt before the time HubSpot asked for, though the back-off is 10 ms", { timeout: 30_000 }, async () => {
    const id = await submitBooking({ work_email: "hub.busy@example.com" });
    let upserts = 0;
    hubspot.state.intercept = (r) =>
      r.path.endsWith("/batch/upsert") && ++upserts === 1
        ? {
            status: 429,
            headers: { "retry-after": "2" },
            body: { status: "error", message: "You have reached your ten_secondly_rolling limit.", errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING", category: "RATE_LIMITS" },
          }
        : undefined;
    const worker = newWorker({ retryBaseMs: 10, retryMaxMs: 10, pollMs: 20 });
    worker.start();
    await expect.poll(async () => (await hubspotRows(id))[0]!.deliveredAt, { timeout: 20_000, interval: 50 }).toBeInstanceOf(Date);

    const tries = hubspot.calls("POST", /\/batch\/upsert$/);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(1);
    const failed = await t.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "notification_failed")));
    expect(failed.map((e) => e.data)).toEqual([{ channel: "hubspot", topic: "lead_stored", attempt: 1, error: "HUBSPOT_RATE_LIMITED" }]);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.code === "HUBSPOT_RATE_LIMITED")!;
    expect(logged.failure).toBe("hubspot answered 429 to the contact upsert (TEN_SECONDLY_ROLLING) (retry after 2 s)");
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
    expect(hubspot.calls("POST", /\/batch\/upsert$/)).toHaveLength(3);
    expect(hubspot.calls("POST", /\/objects\/deals$/)).toHaveLength(0);

    const res = await adminApi("GET", "/api/admin/notifications");
    expect(res.status).toBe(200);
    const item = (res.body as UndeliverableNotificationsResponse).items.find((i) => i.leadId === id);
    expect(item).toMatchObject({ channel: "hubspot", topic: "lead_stored", attempts: 3, lastError: "hubspot answered 500 to the contact upsert INTERNAL_ERROR" });
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
    expect(hubspot.calls("POST", /\/batch\/upsert$/)[0]!.body).toMatchObject({ inputs: [{ properties: { hs_lead_status: "UNQUALIFIED" } }] });
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
