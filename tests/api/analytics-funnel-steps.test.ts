import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";
import { bookingBody, contactBody, postJson } from "./leads-support";
import { SIGNING_KEY, calendlyBooking, calendlyDelivery, deliver } from "./booking-outcome-support";
import { BOT_UA, DESKTOP_UA, PHONE_UA, PUBLIC_URL, createAnalyticsApp, events, freshIp, track, visits, type AnalyticsTestApp, type Sender } from "./analytics-support";

/*
 * The funnel steps the server counts itself (docs/decisions/0801): a submission when a lead
 * endpoint stores a lead (JSON or a native form post), a booked meeting when the page's report
 * books one, each for the visitor of that request, so it joins the visit its page's events began.
 */

describe("submissions and booked meetings, counted by the server", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp(
      "2025-08-01T09:00:00Z",
      { BETTER_AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long", CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY },
      {},
      { site: "lazy" },
    );
  });
  afterAll(() => t?.close());

  /** The request headers of a visitor's browser on a page of the site. */
  const browser = (from: Sender, page: string, extra: Record<string, string> = {}) => ({
    origin: PUBLIC_URL,
    referer: `${PUBLIC_URL}${page}`,
    "x-forwarded-for": from.ip,
    "user-agent": from.ua,
    ...extra,
  });
  const visitOf = async (visitor: string) => (await visits(t)).find((v) => v.visitor === visitor);
  const visitorOf = async (path: string) => (await events(t)).filter((e) => e.path === path && e.name === "page_view").at(-1)!.visitor;

  async function submitBooking(from: Sender, page: string, extra: Record<string, string> = {}, body: Record<string, unknown> = {}) {
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: `${crypto.randomUUID().slice(0, 8)}@example.com`, ...body }), browser(from, page, extra));
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { success: boolean; reference?: string };
  }

  it("counts a stored booking for the visitor whose page view began the visit, with the campaign that brought them", async () => {
    const from = { ip: freshIp(), ua: PHONE_UA };
    await track(t, from, [{ name: "page_view", path: "/pricing", utm: { source: "google", campaign: "brand" } }, { name: "form_start", path: "/pricing", detail: "booking" }]);
    await submitBooking(from, "/pricing");
    await t.ingest.flush();
    const visitor = await visitorOf("/pricing");
    expect(await visitOf(visitor)).toMatchObject({ entry_path: "/pricing", utm_source: "google", utm_campaign: "brand", form_start: true, submitted: true });
    expect((await events(t)).filter((e) => e.visitor === visitor).map((e) => [e.name, e.path])).toEqual([
      ["page_view", "/pricing"],
      ["form_start", "/pricing"],
      ["submission", "/pricing"],
    ]);
  });

  it("counts a stored contact request, and a form posted without JavaScript on its own page", async () => {
    const contact = { ip: freshIp(), ua: DESKTOP_UA };
    await track(t, contact, [{ name: "page_view", path: "/contact" }]);
    const res = await postJson(t.app, "/api/contact", contactBody({ email: "contact-step@example.com" }), browser(contact, "/contact"));
    expect(res.status).toBe(200);

    // No script, so no page view: the submission begins the visit, on the page it was posted to.
    const native = { ip: freshIp(), ua: DESKTOP_UA };
    const fields = { website: "", source_form: "booking_dialog", name: "Ada Lovelace", job_title: "Owner", work_email: "native-step@example.com", company_name: "No Script LLC", total_calls: "250", tcpa_consent: "on" };
    const posted = await t.app.request("/book-demo", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...browser(native, "/book-demo") },
      body: new URLSearchParams(fields).toString(),
    });
    expect(posted.status).toBe(200);
    await t.ingest.flush();

    expect(await visitOf(await visitorOf("/contact"))).toMatchObject({ submitted: true, pageviews: 1 });
    const nativeVisit = (await visits(t)).find((v) => v.entry_path === "/book-demo");
    expect(nativeVisit).toMatchObject({ submitted: true, pageviews: 0, device: "desktop" });
  });

  it("counts nothing for a refused or trapped submission, a bot, or a visitor with Global Privacy Control (the lead itself is stored)", async () => {
    await t.ingest.flush();
    const before = (await events(t)).length;
    const from = { ip: freshIp(), ua: PHONE_UA };
    // Invalid: 400, nothing stored, nothing counted.
    const invalid = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: "not-an-email" }), browser(from, "/"));
    expect(invalid.status).toBe(400);
    // The honeypot: answered as stored, but nothing was.
    await submitBooking(from, "/", {}, { [HONEYPOT_FIELD]: "https://spam.example" });
    // Stored, but not counted.
    await submitBooking({ ip: freshIp(), ua: BOT_UA }, "/");
    await submitBooking({ ip: freshIp(), ua: PHONE_UA }, "/", { "sec-gpc": "1" });
    await t.ingest.flush();
    expect((await events(t)).length).toBe(before);
  });

  it("counts a meeting booked from the page for the visitor who booked it, once however often it is reported", async () => {
    const from = { ip: freshIp(), ua: PHONE_UA };
    await track(t, from, [{ name: "page_view", path: "/book-demo" }]);
    const { reference } = await submitBooking(from, "/book-demo");
    const booking = calendlyBooking();
    for (let i = 0; i < 2; i++) {
      const res = await postJson(t.app, "/api/lead-events", { reference, event: "meeting_scheduled", ...booking }, browser(from, "/book-demo"));
      expect(res.status).toBe(202);
    }
    await t.ingest.flush();
    const visitor = await visitorOf("/book-demo");
    expect(await visitOf(visitor)).toMatchObject({ submitted: true, meeting_booked: true });
    // The lead's booking is counted once: the repeated report is no second event.
    expect((await events(t)).filter((e) => e.visitor === visitor).map((e) => e.name).sort()).toEqual(["meeting_booked", "page_view", "submission"]);
  });

  it("counts the page's report when Calendly's webhook told the booking first, and not a report that books nothing", async () => {
    const from = { ip: freshIp(), ua: DESKTOP_UA };
    await track(t, from, [{ name: "page_view", path: "/enterprise" }]);
    const { reference } = await submitBooking(from, "/enterprise");
    const booking = calendlyBooking();
    expect((await deliver(t, calendlyDelivery("invitee.created", { ...booking, reference }))).status).toBe(200);
    expect((await postJson(t.app, "/api/lead-events", { reference, event: "meeting_scheduled", ...booking }, browser(from, "/enterprise"))).status).toBe(202);

    // A reference that names no lead, and a cancelled booking reported late: answered alike, not counted.
    const stranger = { ip: freshIp(), ua: DESKTOP_UA };
    await track(t, stranger, [{ name: "page_view", path: "/about" }]);
    const unknown = `${reference!.slice(0, -4)}zzzz`;
    expect((await postJson(t.app, "/api/lead-events", { reference: unknown, event: "meeting_scheduled", ...calendlyBooking() }, browser(stranger, "/about"))).status).toBe(202);
    const cancelled = calendlyBooking();
    expect((await deliver(t, calendlyDelivery("invitee.canceled", { ...cancelled, reference }))).status).toBe(200);
    expect((await postJson(t.app, "/api/lead-events", { reference, event: "meeting_scheduled", ...cancelled }, browser(stranger, "/about"))).status).toBe(202);
    await t.ingest.flush();

    expect(await visitOf(await visitorOf("/enterprise"))).toMatchObject({ submitted: true, meeting_booked: true });
    expect(await visitOf(await visitorOf("/about"))).toMatchObject({ meeting_booked: false });
  });
});
