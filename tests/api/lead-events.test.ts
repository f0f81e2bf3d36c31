import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { DESKTOP_UA, PHONE_UA, PUBLIC_URL as ANALYTICS_URL, createAnalyticsApp, events, freshIp as analyticsIp, visits, type AnalyticsTestApp } from "./analytics-support";
import { bookingBody, contactBody, enterpriseBody, postJson } from "./leads-support";
import {
  SECRET,
  SIGNING_KEY,
  bookingOutcomeEnv as appEnv,
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
 * POST /api/lead-events (docs/decisions/0702): the visitor's page reports, with the lead's
 * reference, that the scheduler was shown and that a meeting was booked in it. The answer is the
 * same whether or not the reference names a lead; the page's booking and Calendly's invitee.created
 * for the same invitee are one "meeting booked".
 */

const ACCEPTED = { success: true };

async function expectAccepted(res: Response) {
  expect(res.status, await res.clone().text()).toBe(202);
  expect(await res.json()).toEqual(ACCEPTED);
}

describe("the page's reports (no Calendly webhook configured)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(appEnv());
  });
  afterAll(async () => t?.close());

  it("scheduler_shown: one timeline entry however often it is reported; the lead itself does not change", async () => {
    const lead = await newBookingLead(t);
    await expectAccepted(await report(t, { reference: lead.reference, event: "scheduler_shown" }));
    await expectAccepted(await report(t, { reference: lead.reference, event: "scheduler_shown" }));
    expect(await timeline(t, lead.id)).toEqual([{ type: "scheduler_shown", data: { source: "page" } }]);
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", version: 1, firstResponseAt: null });
  });

  it("meeting_scheduled: Meeting booked (start unknown), first response, version, one entry and one Slack notice", async () => {
    const lead = await newBookingLead(t, { name: "Paige Report", company_name: "Beacon Ltd" });
    const booking = calendlyBooking();
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...booking }));
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "meeting_booked", statusBeforeMeeting: "new", meetingInviteeUri: booking.inviteeUri, meetingStartsAt: null, version: 2 });
    expect(row.firstResponseAt).toEqual(row.meetingBookedAt);
    expect(await timeline(t, lead.id)).toEqual([
      {
        type: "meeting_booked",
        data: { source: "page", startsAt: null, inviteeUri: booking.inviteeUri, eventUri: booking.eventUri, status: { from: "new", to: "meeting_booked" } },
      },
    ]);
    // Without a webhook nothing will bring the start time: the page's report is the notice.
    expect(await meetingNotices(t, lead.id)).toEqual([
      {
        channel: "slack",
        topicRef: booking.inviteeUri,
        payload: { name: "Paige Report", company: "Beacon Ltd", source: "booking_dialog", meetingStartsAt: null, rescheduled: false },
      },
    ]);
    // Reported again (a retried beacon): nothing more.
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...booking }));
    expect((await leadRow(t, lead.id)).version).toBe(2);
    expect(await timeline(t, lead.id)).toHaveLength(1);
    expect(await meetingNotices(t, lead.id)).toHaveLength(1);
  });

  it("an enterprise lead's reference works the same", async () => {
    const lead = await newBookingLead(t, { ...enterpriseBody({ source_form: "enterprise_inline" }), work_email: `ent-${Date.now()}@example.com` });
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...calendlyBooking() }));
    expect(await leadRow(t, lead.id)).toMatchObject({ source: "enterprise_inline", status: "meeting_booked" });
  });

  it("a reference that names no lead gets the very same answer, and nothing changes", async () => {
    const lead = await newBookingLead(t);
    const before = await deskCounts(t);
    const unknown = await report(t, { reference: "ZZZZZZZZZZZZZZZZZZZZZZ", event: "meeting_scheduled", ...calendlyBooking() });
    const shown = await report(t, { reference: "ZZZZZZZZZZZZZZZZZZZZZZ", event: "scheduler_shown" });
    expect(await deskCounts(t)).toEqual(before);
    const known = await report(t, { reference: lead.reference, event: "scheduler_shown" });
    for (const res of [unknown, shown, known]) {
      expect(res.status).toBe(202);
      expect(await res.text()).toBe(JSON.stringify(ACCEPTED));
      expect(res.headers.get("content-type")).toBe("application/json");
    }
  });

  it("the reference from a filled honeypot's answer names no lead", async () => {
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ website: "http://spam.example" }), { "x-forwarded-for": freshIp() });
    const { reference } = (await res.json()) as { reference: string };
    const before = await deskCounts(t);
    await expectAccepted(await report(t, { reference, event: "meeting_scheduled", ...calendlyBooking() }));
    expect(await deskCounts(t)).toEqual(before);
  });

  it("a contact request has no reference and cannot be booked through the page", async () => {
    const res = await postJson(t.app, "/api/contact", contactBody(), { "x-forwarded-for": freshIp() });
    expect(await res.json()).toEqual({ success: true });
  });

  it("refuses a malformed report with a 4xx and a message, changing nothing", async () => {
    const lead = await newBookingLead(t);
    const before = await deskCounts(t);
    const cases: [unknown, number, string][] = [
      [{ event: "scheduler_shown" }, 400, "A valid reference is required"],
      [{ reference: "short", event: "scheduler_shown" }, 400, "A valid reference is required"],
      [{ reference: `${lead.reference}=`, event: "scheduler_shown" }, 400, "A valid reference is required"],
      [{ reference: lead.reference }, 400, "Unknown event"],
      [{ reference: lead.reference, event: "meeting_cancelled" }, 400, "Unknown event"],
      [{ reference: lead.reference, event: "meeting_scheduled", inviteeUri: "https://evil.example/scheduled_events/a/invitees/b" }, 400, "Invalid invitee URI"],
      [{ reference: lead.reference, event: "meeting_scheduled", inviteeUri: "<script>" }, 400, "Invalid invitee URI"],
      [{ reference: lead.reference, event: "meeting_scheduled", eventUri: 42 }, 400, "Invalid event URI"],
      [[], 400, "Request body must be a JSON object"],
      ["null", 400, "Request body must be a JSON object"],
      ['{"reference":', 400, "Malformed JSON body"],
    ];
    for (const [body, status, error] of cases) {
      const res = await report(t, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(body)).toBe(error);
    }
    const text = await t.app.request("/api/lead-events", {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": freshIp() },
      body: JSON.stringify({ reference: lead.reference, event: "scheduler_shown" }),
    });
    expect(text.status).toBe(415);
    const big = await report(t, { reference: lead.reference, event: "scheduler_shown", padding: "x".repeat(5000) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ success: false, error: "Request body too large (limit 4 KB)" });
    const crossSite = await report(t, { reference: lead.reference, event: "meeting_scheduled" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const get = await t.app.request("/api/lead-events");
    expect(get.status).toBe(405);
    expect(await deskCounts(t)).toEqual(before);
  });

  it("books one page-reported booking per lead: later reports with other invitees answer alike and change nothing (no entry, no Slack)", async () => {
    const lead = await newBookingLead(t);
    const first = calendlyBooking();
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...first }));
    const booked = await leadRow(t, lead.id);
    const before = await deskCounts(t);
    for (let i = 0; i < 3; i++) await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...calendlyBooking() }));
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled" }));
    expect(await leadRow(t, lead.id)).toEqual(booked);
    expect(await deskCounts(t)).toEqual(before);
    expect((await timeline(t, lead.id)).map((e) => e.data.inviteeUri)).toEqual([first.inviteeUri]);
    expect((await meetingNotices(t, lead.id)).map((n) => n.topicRef)).toEqual([first.inviteeUri]);

    // A report without its invitee is that one booking too: a later one with an invitee is not another.
    const other = await newBookingLead(t);
    await expectAccepted(await report(t, { reference: other.reference, event: "meeting_scheduled" }));
    await expectAccepted(await report(t, { reference: other.reference, event: "meeting_scheduled", ...calendlyBooking() }));
    expect(await leadRow(t, other.id)).toMatchObject({ meetingInviteeUri: null, version: 2 });
    expect((await meetingNotices(t, other.id)).map((n) => n.topicRef)).toEqual(["unknown"]);
  });

  it("the page's booking without an invitee URI (an embed that did not say) is adopted by the webhook's later", async () => {
    // Only a deployment with a signing key receives the webhook: the adoption itself is the service's.
    const lead = await newBookingLead(t);
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled" }));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "meeting_booked", meetingInviteeUri: null });
    expect((await meetingNotices(t, lead.id)).map((n) => n.topicRef)).toEqual(["unknown"]);
  });
});

describe("the page's report and Calendly's webhook for the same booking", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(appEnv({ CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY }));
  });
  afterAll(async () => t?.close());

  it("page first: one meeting_booked entry; the webhook fills in the start time; one Slack notice, with the start", async () => {
    const lead = await newBookingLead(t, { name: "Both Reporters", company_name: "Twice Told" });
    const booking = calendlyBooking();
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...booking }));
    // With a webhook on its way, the notice waits for it and its start time.
    expect(await meetingNotices(t, lead.id)).toEqual([]);
    const afterPage = await leadRow(t, lead.id);
    expect(afterPage).toMatchObject({ status: "meeting_booked", meetingStartsAt: null, version: 2 });

    const created = calendlyDelivery("invitee.created", { ...booking, reference: lead.reference, startTime: "2030-07-01T13:00:00Z" });
    expect((await deliver(t, created)).status).toBe(200);
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "meeting_booked", statusBeforeMeeting: "new", meetingInviteeUri: booking.inviteeUri, version: 3 });
    expect(row.meetingStartsAt?.toISOString()).toBe("2030-07-01T13:00:00.000Z");
    // Booked when the page said so.
    expect(row.meetingBookedAt).toEqual(afterPage.meetingBookedAt);
    expect(await timeline(t, lead.id)).toEqual([
      {
        type: "meeting_booked",
        data: {
          source: "page",
          startsAt: "2030-07-01T13:00:00.000Z",
          inviteeUri: booking.inviteeUri,
          eventUri: booking.eventUri,
          confirmedBy: "calendly",
          status: { from: "new", to: "meeting_booked" },
        },
      },
    ]);
    expect(await meetingNotices(t, lead.id)).toEqual([
      {
        channel: "slack",
        topicRef: booking.inviteeUri,
        payload: { name: "Both Reporters", company: "Twice Told", source: "booking_dialog", meetingStartsAt: "2030-07-01T13:00:00.000Z", rescheduled: false },
      },
    ]);
    // Calendly's retry of it: nothing more.
    expect((await deliver(t, created)).status).toBe(200);
    expect((await leadRow(t, lead.id)).version).toBe(3);
    expect(await meetingNotices(t, lead.id)).toHaveLength(1);
  });

  it("webhook first: the page's later report changes nothing", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    expect((await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference }))).status).toBe(200);
    const before = await leadRow(t, lead.id);
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...booking }));
    expect(await leadRow(t, lead.id)).toEqual(before);
    expect((await timeline(t, lead.id)).map((e) => e.type)).toEqual(["meeting_booked"]);
    expect(await meetingNotices(t, lead.id)).toHaveLength(1);
  });

  it("a page report without the invitee: the webhook's booking adopts it (one entry, the invitee and start filled in)", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled" }));
    expect((await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference }))).status).toBe(200);
    const row = await leadRow(t, lead.id);
    expect(row).toMatchObject({ status: "meeting_booked", meetingInviteeUri: booking.inviteeUri, version: 3 });
    expect(row.meetingStartsAt).toBeInstanceOf(Date);
    const entries = await timeline(t, lead.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.data).toMatchObject({ source: "page", inviteeUri: booking.inviteeUri, confirmedBy: "calendly" });
    // And its cancellation now finds it.
    expect((await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference }))).status).toBe(200);
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", meetingInviteeUri: null });
  });

  it("after its one booking, the page's report of another invitee counts only once Calendly has told that invitee", async () => {
    const lead = await newBookingLead(t);
    const first = calendlyBooking();
    const second = calendlyBooking();
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...first }));
    expect((await deliver(t, calendlyDelivery("invitee.created", { ...first, reference: lead.reference }))).status).toBe(200);
    const confirmed = await leadRow(t, lead.id);
    // Confirmed or not, the page's own word books no second meeting.
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...second }));
    expect(await leadRow(t, lead.id)).toEqual(confirmed);
    // Calendly's, with the lead's reference, does; the page's report of it is then the same booking.
    expect((await deliver(t, calendlyDelivery("invitee.created", { ...second, reference: lead.reference }))).status).toBe(200);
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...second }));
    expect(await leadRow(t, lead.id)).toMatchObject({ meetingInviteeUri: second.inviteeUri, version: confirmed.version + 1 });
    expect((await timeline(t, lead.id)).map((e) => [e.type, e.data.inviteeUri])).toEqual([
      ["meeting_booked", first.inviteeUri],
      ["meeting_booked", second.inviteeUri],
    ]);
  });

  it("the page cannot book a meeting Calendly already said was cancelled", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    expect((await deliver(t, calendlyDelivery("invitee.canceled", { ...booking, reference: lead.reference }))).status).toBe(200);
    await expectAccepted(await report(t, { reference: lead.reference, event: "meeting_scheduled", ...booking }));
    expect(await leadRow(t, lead.id)).toMatchObject({ status: "new", version: 1 });
  });
});

describe("the reports' own rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(appEnv({ LEADS_RATE_LIMIT_MAX: "2", LEADS_RATE_LIMIT_WINDOW_SECONDS: "600" }));
  });
  afterAll(async () => t?.close());

  it("answers the (3 x the forms' max + 1)th report from one address with 429 and Retry-After; the forms' budget is untouched", async () => {
    const ip = "203.0.113.77";
    const body = { reference: "YYYYYYYYYYYYYYYYYYYYYY", event: "scheduler_shown" };
    for (let i = 0; i < 6; i++) await expectAccepted(await report(t, body, { "x-forwarded-for": ip }));
    const limited = await report(t, body, { "x-forwarded-for": ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ success: false, error: "Too many reports from your network. Please try again later." });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Malformed reports count too (known refusal before the body is read).
    expect((await report(t, "{", { "x-forwarded-for": ip })).status).toBe(429);
    // The same address can still submit its lead forms.
    const lead = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: "limited-reporter@example.com" }), { "x-forwarded-for": ip });
    expect(lead.status).toBe(200);
    // Another address is not limited.
    await expectAccepted(await report(t, body, { "x-forwarded-for": "203.0.113.78" }));
  });
});

describe("the funnel's booked step", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-08-01T09:00:00Z", { BETTER_AUTH_SECRET: SECRET, CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY });
  });
  afterAll(async () => t?.close());

  it("is counted once per lead, whatever the page reports, from however many browsers", async () => {
    const browser = (ua: string) => ({ origin: ANALYTICS_URL, referer: `${ANALYTICS_URL}/book-demo`, "x-forwarded-for": analyticsIp(), "user-agent": ua });
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    const reports: [Record<string, unknown>, string][] = [
      [booking, PHONE_UA],
      [booking, PHONE_UA],
      [booking, DESKTOP_UA],
      [calendlyBooking(), DESKTOP_UA],
      [calendlyBooking(), `${DESKTOP_UA} Edg/124.0`],
    ];
    for (const [fields, ua] of reports) {
      const res = await postJson(t.app, "/api/lead-events", { reference: lead.reference, event: "meeting_scheduled", ...fields }, browser(ua));
      expect(res.status).toBe(202);
    }
    // Calendly confirming it, and the page reporting it again after: still the one.
    expect((await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference: lead.reference }))).status).toBe(200);
    expect((await postJson(t.app, "/api/lead-events", { reference: lead.reference, event: "meeting_scheduled", ...booking }, browser(PHONE_UA))).status).toBe(202);
    await t.ingest.flush();
    expect((await events(t)).filter((e) => e.name === "meeting_booked")).toHaveLength(1);
    expect((await visits(t)).filter((v) => v.meeting_booked)).toHaveLength(1);
  });
});
