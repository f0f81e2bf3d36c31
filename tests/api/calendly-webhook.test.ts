import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { leads } from "../../server/db/schema";
import { calendlySignatureHeader } from "../../server/leads/calendly-signature";
import crypto from "node:crypto";
import type { LeadsPage } from "@shared/api/lead-desk-api";
import { createStaff, signedInCookie, takesNoLeads } from "../support/admin-fixtures";
import { contactBody, postJson } from "./leads-support";
import {
  PUBLIC_URL,
  SIGNING_KEY,
  bookingOutcomeEnv,
  calendlyBooking,
  calendlyDelivery,
  deliver,
  deskCounts,
  freshIp,
  leadRow,
  meetingNotices,
  newBookingLead,
  report,
  timeline,
} from "./booking-outcome-support";

/*
 * POST /api/webhooks/calendly (docs/decisions/0702): Calendly's signed deliveries move a booking
 * lead through its meeting: booked, rescheduled, cancelled, no-show and back, matched by the
 * reference the scheduler link carried (or the invitee's e-mail), each change once however often
 * and in whatever order the deliveries come.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(bookingOutcomeEnv({ CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY }));
});
afterAll(async () => t?.close());

const START = "2030-05-06T15:30:00.000000Z";
const LATER = "2030-05-08T09:00:00.000000Z";

async function expectOk(res: Response) {
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toEqual({ success: true });
}

describe("the signature", () => {
  it("a delivery signed with the key, now, is recorded", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    expect((await leadRow(t, lead.id)).status).toBe("meeting_booked");
  });

  it("unsigned, badly signed, old, future, tampered or malformed: 401 with a message, nothing changes", async () => {
    const lead = await newBookingLead(t);
    const body = JSON.stringify(calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference }));
    const now = Math.floor(Date.now() / 1000);
    const before = await deskCounts(t);
    const cases: [string, Parameters<typeof deliver>[2], string][] = [
      ["missing", { signature: null }, "Missing Calendly-Webhook-Signature header"],
      ["empty", { signature: "" }, "Missing Calendly-Webhook-Signature header"],
      ["another key", { key: "not-the-key" }, "Invalid signature"],
      ["older than 3 minutes", { timestamp: now - 181 }, "Signature timestamp too old"],
      ["far in the future", { timestamp: now + 600 }, "Signature timestamp in the future"],
      ["no timestamp", { signature: `v1=${"a".repeat(64)}` }, "Malformed Calendly-Webhook-Signature header"],
      ["no v1", { signature: `t=${now}` }, "Malformed Calendly-Webhook-Signature header"],
      ["v1 not hex", { signature: `t=${now},v1=${"z".repeat(64)}` }, "Malformed Calendly-Webhook-Signature header"],
      ["v1 too short", { signature: `t=${now},v1=abcd` }, "Malformed Calendly-Webhook-Signature header"],
      ["another timestamp than signed", { signature: calendlySignatureHeader(SIGNING_KEY, body, now).replace(`t=${now}`, `t=${now - 1}`) }, "Invalid signature"],
    ];
    for (const [what, options, message] of cases) {
      const res = await deliver(t, body, options);
      expect(res.status, what).toBe(401);
      expect(await res.json(), what).toEqual({ success: false, error: message });
    }
    // Signed, then one byte of the body changed: the signature covers the raw bytes.
    const signed = calendlySignatureHeader(SIGNING_KEY, body);
    const tampered = body.replace("2030-05-06", "2030-05-07");
    expect(tampered).not.toBe(body);
    const res = await deliver(t, tampered, { signature: signed });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "Invalid signature" });
    // Whitespace added to the JSON is still a different body.
    expect((await deliver(t, `${body} `, { signature: signed })).status).toBe(401);

    expect(await deskCounts(t)).toEqual(before);
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", version: 1, meetingBookedAt: null });
  });

  it("within the window a timestamp a little ahead (clock skew) or 2 minutes old is accepted", async () => {
    const lead = await newBookingLead(t);
    const now = Math.floor(Date.now() / 1000);
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference }), { timestamp: now - 120 }));
    const other = await newBookingLead(t);
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: other.reference }), { timestamp: now + 30 }));
  });

  it("a signature header with two v1 values (a key being rotated) is accepted when one matches", async () => {
    const lead = await newBookingLead(t);
    const body = JSON.stringify(calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference }));
    const good = calendlySignatureHeader(SIGNING_KEY, body);
    await expectOk(await deliver(t, body, { signature: `${good},v1=${"0".repeat(64)}` }));
  });
});

describe("what the endpoint accepts", () => {
  it("JSON only (415), at most 64 KB (413), well-formed JSON (400), an invitee with a URI (400), POST only (405); nothing changes", async () => {
    const before = await deskCounts(t);
    const json = JSON.stringify(calendlyDelivery("invitee.created", calendlyBooking()));
    const text = await deliver(t, json, { contentType: "text/plain" });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ success: false, error: "Content-Type must be application/json" });

    const huge = JSON.stringify({ ...calendlyDelivery("invitee.created", calendlyBooking()), padding: "x".repeat(64 * 1024) });
    const big = await deliver(t, huge);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ success: false, error: "Request body too large (limit 64 KB)" });

    const broken = await deliver(t, '{"event":"invitee.created",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ success: false, error: "Malformed JSON body" });

    const noEvent = await deliver(t, { payload: {} });
    expect(noEvent.status).toBe(400);
    expect(((await noEvent.json()) as { error: string }).error).toEqual(expect.any(String));

    const noUri = calendlyDelivery("invitee.created", calendlyBooking()) as { payload: Record<string, unknown> };
    delete noUri.payload.uri;
    const missing = await deliver(t, noUri);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/^Invalid invitee\.created payload \(payload\.uri\)/);

    const get = await t.app.request("/api/webhooks/calendly");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await deskCounts(t)).toEqual(before);
  });

  it("a signed payload with characters the database cannot store: a URI is refused (400), an e-mail is not used; never a 5xx", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    const before = await deskCounts(t);
    for (const [what, delivery] of [
      ["NUL in the invitee URI", calendlyDelivery("invitee.created", { inviteeUri: `${booking.inviteeUri}\u0000x`, reference: lead.reference })],
      ["a lone surrogate in the event URI", calendlyDelivery("invitee.created", { ...booking, eventUri: "https://api.calendly.com/scheduled_events/\ud800", reference: lead.reference })],
      ["a space in the no-show URI", calendlyDelivery("invitee_no_show.created", { ...booking, reference: lead.reference, noShowUri: "https://api.calendly.com/ x" })],
    ] as const) {
      const res = await deliver(t, delivery);
      expect(res.status, what).toBe(400);
      expect(((await res.json()) as { error: string }).error, what).toMatch(/^Invalid invitee(_no_show)?\.created payload \(payload\./);
    }
    expect(await deskCounts(t)).toEqual(before);
    // An e-mail with a NUL names no lead (and breaks no query): nothing matched, nothing changed.
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: null, email: `${lead.email}\u0000` })));
    expect(await deskCounts(t)).toEqual(before);
    // A reason with hidden characters is stored without them.
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference, reason: "Too\u0000 \ud800busy" })));
    expect((await timeline(t, lead.id)).at(-1)!.data.reason).toBe("Too busy");
  });

  it("an event it does not handle answers 200 and changes nothing", async () => {
    const before = await deskCounts(t);
    await expectOk(await deliver(t, { event: "routing_form_submission.created", payload: { anything: true } }));
    await expectOk(await deliver(t, { event: "invitee.updated", payload: null }));
    expect(await deskCounts(t)).toEqual(before);
  });

  it("an invitee that matches no lead answers 200 and changes nothing", async () => {
    const before = await deskCounts(t);
    const stranger = calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: "AAAAAAAAAAAAAAAAAAAAAA", email: "nobody-we-know@example.com" });
    await expectOk(await deliver(t, stranger));
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...calendlyBooking(), email: "nobody-we-know@example.com" })));
    expect(await deskCounts(t)).toEqual(before);
  });
});

describe("a booked meeting", () => {
  it("moves the lead to Meeting booked with its start, first response and version, one timeline entry and one Slack notice", async () => {
    const lead = await newBookingLead(t, { name: "Booked Betty", company_name: "Betty's Bakes" });
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference, startTime: START })));

    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({
      status: "meeting_booked",
      statusBeforeMeeting: "new",
      meetingInviteeUri: booking.inviteeUri,
      version: 2,
    });
    expect(row.meetingStartsAt?.toISOString()).toBe("2030-05-06T15:30:00.000Z");
    expect(row.meetingBookedAt).toBeInstanceOf(Date);
    expect(row.firstResponseAt?.getTime()).toBe(row.meetingBookedAt!.getTime());
    expect(await timeline(t, lead.id)).toEqual([
      {
        type: "meeting_booked",
        data: {
          source: "calendly",
          startsAt: "2030-05-06T15:30:00.000Z",
          inviteeUri: booking.inviteeUri,
          eventUri: booking.eventUri,
          status: { from: "new", to: "meeting_booked" },
        },
      },
    ]);
    expect(await meetingNotices(t, lead.id)).toEqual([
      {
        channel: "slack",
        topicRef: booking.inviteeUri,
        payload: { name: "Booked Betty", company: "Betty's Bakes", source: "booking_dialog", meetingStartsAt: "2030-05-06T15:30:00.000Z", rescheduled: false },
      },
    ]);
  });

  it("the same delivery again (Calendly's retry) changes nothing: one entry, one notice, the same version", async () => {
    const lead = await newBookingLead(t);
    const delivery = calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference });
    await expectOk(await deliver(t, delivery));
    const once = await leadRow(t, lead.id);
    await expectOk(await deliver(t, delivery));
    await expectOk(await deliver(t, delivery));
    expect(await leadRow(t, lead.id)).toEqual(once);
    expect((await timeline(t, lead.id)).map((e) => e.type)).toEqual(["meeting_booked"]);
    expect(await meetingNotices(t, lead.id)).toHaveLength(1);
  });

  it("keeps the first response a staff member made before the booking", async () => {
    const lead = await newBookingLead(t);
    const contacted = new Date("2026-01-02T03:04:05Z");
    await t.database.db.update(leads).set({ status: "contacted", firstResponseAt: contacted }).where(eq(leads.id, lead.id));
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", statusBeforeMeeting: "contacted", firstResponseAt: contacted });
  });

  it("books a Won lead's meeting without moving it off Won", async () => {
    const lead = await newBookingLead(t);
    await t.database.db.update(leads).set({ status: "won" }).where(eq(leads.id, lead.id));
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "won", statusBeforeMeeting: null, meetingInviteeUri: booking.inviteeUri, version: 2 });
  });

  it("prefers the reference to the e-mail", async () => {
    const email = `both-${Date.now()}@example.com`;
    const referenced = await newBookingLead(t, { work_email: email });
    const latest = await newBookingLead(t, { work_email: email });
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: referenced.reference, email })));
    expect((await leadRow(t, referenced.id)).status).toBe("meeting_booked");
    expect((await leadRow(t, latest.id)).status).toBe("new");
  });
});

describe("a booking matched by the invitee's e-mail only (Calendly does not verify it)", () => {
  /** The leads with this address as the inbox lists them, read through the admin API. */
  async function inboxRows(email: string) {
    const staff = await createStaff(t, "admin");
    // A reader of the inbox, not an owner: later leads stay Unassigned, their timelines unchanged.
    await takesNoLeads(t, staff.userId);
    const cookie = await signedInCookie(t, staff.email, staff.password);
    const res = await t.app.request("/api/admin/leads/search", {
      method: "POST",
      headers: { cookie, origin: PUBLIC_URL, "content-type": "application/json" },
      body: JSON.stringify({ q: email }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as LeadsPage).items;
  }

  it("is recorded unconfirmed on the most recent booking lead with it (any case): no status, no meeting, no Slack; the inbox does not read Meeting booked", async () => {
    const email = `victim-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const older = await newBookingLead(t, { work_email: email });
    const lead = await newBookingLead(t, { work_email: email });
    // A contact request with that address is no booking: never matched.
    await postJson(t.app, "/api/contact", contactBody({ email }), { "x-forwarded-for": freshIp() });
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: null, email: email.toUpperCase(), startTime: START })));

    // The row is untouched: no status, no meeting, the same version (a staff edit is not stale),
    // and the not-booked follow-up, which reads meeting_booked_at and the status, still goes out.
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", version: 1, meetingBookedAt: null, meetingStartsAt: null, meetingInviteeUri: null, firstResponseAt: null });
    expect(await timeline(t, lead.id)).toEqual([
      {
        type: "meeting_unconfirmed",
        data: { source: "calendly", matchedBy: "email", startsAt: "2030-05-06T15:30:00.000Z", inviteeUri: booking.inviteeUri, eventUri: booking.eventUri },
      },
    ]);
    expect(await meetingNotices(t, lead.id)).toEqual([]);
    expect(await timeline(t, older.id)).toEqual([]);
    const listed = (await inboxRows(email)).filter((l) => l.id === lead.id || l.id === older.id);
    expect(listed.map((l) => [l.id, l.status, l.meetingStartsAt]).sort()).toEqual(
      [
        [lead.id, "new", null],
        [older.id, "new", null],
      ].sort(),
    );
  });

  it("never touches a lead's real meeting: a stranger's booking and cancellation under its e-mail change nothing", async () => {
    const lead = await newBookingLead(t);
    const real = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...real, reference: lead.reference, startTime: START })));
    const booked = await leadRow(t, lead.id);
    expect(booked).toMatchObject({ status: "meeting_booked", meetingInviteeUri: real.inviteeUri });

    const stranger = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...stranger, reference: null, email: lead.email, startTime: LATER })));
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...stranger, reference: null, email: lead.email })));
    expect(await leadRow(t, lead.id)).toEqual(booked);
    expect((await timeline(t, lead.id)).map((e) => e.type)).toEqual(["meeting_booked"]);
    expect(await meetingNotices(t, lead.id)).toHaveLength(1);
  });

  it("an unconfirmed booking's cancellation cannot clear the meeting the lead booked after it", async () => {
    const lead = await newBookingLead(t);
    const stranger = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...stranger, reference: null, email: lead.email })));
    const real = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...real, reference: lead.reference, startTime: START })));
    const booked = await leadRow(t, lead.id);
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...stranger, reference: null, email: lead.email })));
    expect(await leadRow(t, lead.id)).toEqual(booked);
    expect(booked).toMatchObject({ status: "meeting_booked", meetingInviteeUri: real.inviteeUri });
  });

  it("a delivery carrying a reference that names no lead is not matched by its e-mail", async () => {
    const lead = await newBookingLead(t);
    const before = await deskCounts(t);
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: "AAAAAAAAAAAAAAAAAAAAAA", email: lead.email })));
    expect(await deskCounts(t)).toEqual(before);
  });

  it("is confirmed by the lead's reference: the page's report of the same invitee books it with Calendly's start, and Slack announces it once", async () => {
    const lead = await newBookingLead(t, { name: "Late Page", company_name: "Lost Tracking" });
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: null, email: lead.email, startTime: START })));
    const res = await report(t, { reference: lead.reference, event: "meeting_scheduled", inviteeUri: booking.inviteeUri });
    expect(res.status).toBe(202);
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "meeting_booked", meetingInviteeUri: booking.inviteeUri, version: 2 });
    expect(row.meetingStartsAt?.toISOString()).toBe("2030-05-06T15:30:00.000Z");
    expect(await timeline(t, lead.id)).toEqual([
      expect.objectContaining({ type: "meeting_unconfirmed", data: expect.objectContaining({ confirmed: true }) }),
      {
        type: "meeting_booked",
        data: {
          source: "page",
          startsAt: "2030-05-06T15:30:00.000Z",
          inviteeUri: booking.inviteeUri,
          eventUri: booking.eventUri,
          confirmedBy: "calendly",
          status: { from: "new", to: "meeting_booked" },
        },
      },
    ]);
    // Calendly has spoken already: the page's report is the notice, with the start.
    expect((await meetingNotices(t, lead.id)).map((n) => [n.topicRef, (n.payload as { meetingStartsAt: string }).meetingStartsAt])).toEqual([
      [booking.inviteeUri, "2030-05-06T15:30:00.000Z"],
    ]);
    // And its cancellation, now the current meeting's, returns the lead to New.
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: null, email: lead.email })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", meetingInviteeUri: null });
  });

  it("a cancellation by e-mail before the reference arrives keeps the booking cancelled", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: null, email: lead.email })));
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: null, email: lead.email })));
    expect((await report(t, { reference: lead.reference, event: "meeting_scheduled", ...booking })).status).toBe(202);
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", version: 1, meetingInviteeUri: null });
    expect((await timeline(t, lead.id)).map((e) => [e.type, e.data.matchedBy])).toEqual([
      ["meeting_unconfirmed", "email"],
      ["meeting_cancelled", "email"],
    ]);
  });
});

describe("a cancelled meeting", () => {
  it("returns the lead to where it was, clears the meeting and records the reason; the same cancellation again changes nothing", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    const cancel = calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference, reason: "Found\u202e another\nvendor" });
    await expectOk(await deliver(t, cancel));
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "new", statusBeforeMeeting: null, meetingBookedAt: null, meetingStartsAt: null, meetingInviteeUri: null, version: 3 });
    // The first response stays: the prospect did answer.
    expect(row.firstResponseAt).toBeInstanceOf(Date);
    expect((await timeline(t, lead.id))[1]).toEqual({
      type: "meeting_cancelled",
      data: { source: "calendly", inviteeUri: booking.inviteeUri, rescheduled: false, reason: "Found another vendor", status: { from: "meeting_booked", to: "new" } },
    });
    await expectOk(await deliver(t, cancel));
    expect((await leadRow(t, lead.id)).version).toBe(3);
    expect((await timeline(t, lead.id)).map((e) => e.type)).toEqual(["meeting_booked", "meeting_cancelled"]);
  });

  it("returns it to the status it had before the meeting (Contacted), not to New", async () => {
    const lead = await newBookingLead(t);
    await t.database.db.update(leads).set({ status: "contacted" }).where(eq(leads.id, lead.id));
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "contacted", statusBeforeMeeting: null });
  });

  it("a lead staff had moved to Meeting booked by hand returns to Contacted (there is no status it left)", async () => {
    const lead = await newBookingLead(t);
    await t.database.db.update(leads).set({ status: "meeting_booked" }).where(eq(leads.id, lead.id));
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", statusBeforeMeeting: null });
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "contacted", meetingInviteeUri: null });
  });

  it("a cancellation that arrives before its booking leaves the lead un-booked when the booking arrives", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference })));
    const afterCancel = await leadRow(t, lead.id);
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toEqual(afterCancel);
    expect(afterCancel).toMatchObject({ status: "new", meetingBookedAt: null, version: 1, firstResponseAt: null });
    expect((await timeline(t, lead.id)).map((e) => e.type)).toEqual(["meeting_cancelled"]);
    expect(await meetingNotices(t, lead.id)).toEqual([]);
  });

  it("of another invitee than the lead's current meeting is recorded but moves nothing", async () => {
    const lead = await newBookingLead(t);
    const current = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...current, reference: lead.reference })));
    const before = await leadRow(t, lead.id);
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...calendlyBooking(), reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toEqual(before);
  });

  it("a lead staff moved on (Lost) keeps its status when its meeting is cancelled", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    await t.database.db.update(leads).set({ status: "lost" }).where(eq(leads.id, lead.id));
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "lost", meetingInviteeUri: null });
  });
});

describe("a rescheduled meeting (Calendly sends the new invitee's created and the old one's canceled)", () => {
  async function booked() {
    const lead = await newBookingLead(t);
    const first = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...first, reference: lead.reference, startTime: START })));
    const second = { ...calendlyBooking(), eventUri: undefined as string | undefined };
    second.eventUri = second.inviteeUri.replace(/\/invitees\/.*$/, "");
    return { lead, first, second };
  }
  const created = (lead: { reference: string }, second: { inviteeUri: string; eventUri?: string }, first: { inviteeUri: string }) =>
    calendlyDelivery("invitee.created", { ...second, reference: lead.reference, startTime: LATER, oldInvitee: first.inviteeUri });
  const canceled = (lead: { reference: string }, first: { inviteeUri: string; eventUri: string }, second: { inviteeUri: string }) =>
    calendlyDelivery("invitee.canceled", { ...first, reference: lead.reference, rescheduled: true, newInvitee: second.inviteeUri });

  async function expectRescheduled(lead: { id: string }, second: { inviteeUri: string }) {
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "meeting_booked", statusBeforeMeeting: "new", meetingInviteeUri: second.inviteeUri });
    expect(row.meetingStartsAt?.toISOString()).toBe("2030-05-08T09:00:00.000Z");
    const entries = await timeline(t, lead.id);
    expect(entries.map((e) => e.type).sort()).toEqual(["meeting_booked", "meeting_cancelled", "meeting_rescheduled"]);
    expect(entries.find((e) => e.type === "meeting_cancelled")!.data).toMatchObject({ rescheduled: true, newInviteeUri: second.inviteeUri });
    expect(entries.find((e) => e.type === "meeting_rescheduled")!.data).toMatchObject({ source: "calendly", startsAt: "2030-05-08T09:00:00.000Z", inviteeUri: second.inviteeUri });
    // Rescheduled, never un-booked: the status did not move at all.
    expect(entries.filter((e) => "status" in e.data).map((e) => e.type)).toEqual(["meeting_booked"]);
    return row;
  }

  it("canceled first, then created: Meeting booked at the new time", async () => {
    const { lead, first, second } = await booked();
    const bookedAt = (await leadRow(t, lead.id)).meetingBookedAt;
    await expectOk(await deliver(t, canceled(lead, first, second)));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", meetingInviteeUri: second.inviteeUri, meetingStartsAt: null });
    await expectOk(await deliver(t, created(lead, second, first)));
    const row = await expectRescheduled(lead, second);
    // The meeting was booked when it was first booked.
    expect(row.meetingBookedAt).toEqual(bookedAt);
    // Each invitee announced once, the new one as rescheduled.
    const notices = await meetingNotices(t, lead.id);
    expect(notices.map((n) => [n.topicRef, (n.payload as { rescheduled: boolean }).rescheduled]).sort()).toEqual(
      [
        [first.inviteeUri, false],
        [second.inviteeUri, true],
      ].sort(),
    );
    // And a later cancellation of the new meeting returns the lead to New.
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...second, eventUri: second.eventUri!, reference: lead.reference })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", meetingInviteeUri: null });
  });

  it("created first, then canceled: the same end", async () => {
    const { lead, first, second } = await booked();
    await expectOk(await deliver(t, created(lead, second, first)));
    const afterCreated = await leadRow(t, lead.id);
    await expectOk(await deliver(t, canceled(lead, first, second)));
    await expectRescheduled(lead, second);
    // The old meeting's cancellation came after its replacement: nothing on the lead moved.
    expect((await leadRow(t, lead.id)).version).toBe(afterCreated.version);
  });

  it("the new invitee (without the reference) is matched through the meeting it replaces", async () => {
    const { lead, first, second } = await booked();
    await expectOk(
      await deliver(t, calendlyDelivery("invitee.created", { ...second, reference: null, email: "changed-address@example.com", startTime: LATER, oldInvitee: first.inviteeUri })),
    );
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", meetingInviteeUri: second.inviteeUri });
  });

  it("a reschedule to a meeting already cancelled leaves no meeting: the lead returns to New", async () => {
    const { lead, first, second } = await booked();
    await expectOk(await deliver(t, calendlyDelivery("invitee.canceled", { ...second, eventUri: second.eventUri!, reference: lead.reference })));
    await expectOk(await deliver(t, canceled(lead, first, second)));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", meetingInviteeUri: null, meetingBookedAt: null });
    // And the new meeting's booking, arriving last, books nothing.
    await expectOk(await deliver(t, created(lead, second, first)));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", meetingInviteeUri: null });
  });

  it("a reschedule to an invitee booked before keeps that booking's start", async () => {
    const lead = await newBookingLead(t);
    const first = calendlyBooking();
    const second = calendlyBooking();
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...second, reference: lead.reference, startTime: LATER })));
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...first, reference: lead.reference, startTime: START })));
    const before = await leadRow(t, lead.id);
    expect(before.meetingInviteeUri).toBe(first.inviteeUri);
    await expectOk(await deliver(t, canceled(lead, first, second)));
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "meeting_booked", meetingInviteeUri: second.inviteeUri, version: before.version + 1 });
    expect(row.meetingStartsAt?.toISOString()).toBe("2030-05-08T09:00:00.000Z");
  });

  it("a replaced invitee's own booking, arriving after its replacement, changes nothing", async () => {
    const lead = await newBookingLead(t);
    const first = calendlyBooking();
    const second = calendlyBooking();
    await expectOk(await deliver(t, created(lead, second, first)));
    const before = await leadRow(t, lead.id);
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...first, reference: lead.reference, startTime: START })));
    expect(await leadRow(t, lead.id)).toEqual(before);
    expect(before.meetingInviteeUri).toBe(second.inviteeUri);
  });
});

describe("a no-show", () => {
  it("moves the lead to No-show, once; taken back, to Meeting booked again", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    const noShowUri = `https://api.calendly.com/invitee_no_shows/${crypto.randomUUID()}`;
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    const noShow = calendlyDelivery("invitee_no_show.created", { ...booking, reference: lead.reference, noShowUri });
    await expectOk(await deliver(t, noShow));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "no_show", meetingInviteeUri: booking.inviteeUri, version: 3 });
    await expectOk(await deliver(t, noShow));
    expect((await leadRow(t, lead.id)).version).toBe(3);

    await expectOk(await deliver(t, calendlyDelivery("invitee_no_show.deleted", { ...booking, reference: lead.reference, noShowUri })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", version: 4 });
    const entries = await timeline(t, lead.id);
    expect(entries.map((e) => e.type)).toEqual(["meeting_booked", "no_show", "no_show_cleared"]);
    expect(entries[1]!.data).toEqual({ source: "calendly", inviteeUri: booking.inviteeUri, status: { from: "meeting_booked", to: "no_show" } });
    expect(entries[2]!.data).toEqual({ source: "calendly", inviteeUri: booking.inviteeUri, status: { from: "no_show", to: "meeting_booked" } });

    // Marked again (a new no-show of its own): No-show again.
    const again = `https://api.calendly.com/invitee_no_shows/${crypto.randomUUID()}`;
    await expectOk(await deliver(t, calendlyDelivery("invitee_no_show.created", { ...booking, reference: lead.reference, noShowUri: again })));
    expect((await leadRow(t, lead.id)).status).toBe("no_show");
  });

  it("taken back before the marking arrives: the marking, late, changes nothing", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    const noShowUri = `https://api.calendly.com/invitee_no_shows/${crypto.randomUUID()}`;
    await expectOk(await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference })));
    await expectOk(await deliver(t, calendlyDelivery("invitee_no_show.deleted", { ...booking, reference: lead.reference, noShowUri })));
    await expectOk(await deliver(t, calendlyDelivery("invitee_no_show.created", { ...booking, reference: lead.reference, noShowUri })));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", version: 2 });
  });
});

describe("without a signing key", () => {
  it("the endpoint does not exist: 404, even for a delivery signed with some key", async () => {
    const bare = await createTestApp({});
    try {
      const res = await deliver(bare, calendlyDelivery("invitee.created", calendlyBooking()));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Not found" });
      expect((await bare.app.request("/api/webhooks/calendly")).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
