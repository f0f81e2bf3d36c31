import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { leads } from "../../server/db/schema";
import { calendlySignatureHeader } from "../../server/leads/calendly-signature";
import { bookingOutcomeEnv, calendlyBooking, calendlyDelivery, deskCounts, newBookingLead, SIGNING_KEY } from "../api/booking-outcome-support";
import {
  contentTypes,
  expectHandled,
  closeStillServing,
  formBody,
  hostileJson,
  hostileString,
  isHeaderSafe,
  oddHeaders,
  PUBLIC_URL,
  rawJsonText,
  rowCounts,
  runs,
  send,
} from "./support";

/*
 * The booking outcome's two public doors under generated input (docs/decisions/0702): the page's
 * report (POST /api/lead-events) and Calendly's webhook (POST /api/webhooks/calendly). Never a
 * 5xx; a refusal changes no row; an unsigned delivery is never accepted; signed deliveries in any
 * order and any number of repeats leave the lead consistent, and replaying them changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    bookingOutcomeEnv({ BETTER_AUTH_SECRET: "a-fuzz-secret-that-is-at-least-32-characters-long", CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY, LEADS_RATE_LIMIT_MAX: "1000000" }),
  );
});
afterAll(() => closeStillServing(t));

/** Everything a refused request must leave alone: the desk, the timeline, the outbox, the leads. */
async function snapshot() {
  return { desk: await deskCounts(t), rows: await rowCounts(t) };
}

const REPORTS = "/api/lead-events";
const WEBHOOK = "/api/webhooks/calendly";

function headersOf(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/** A webhook delivery of this raw body, signed with the key, now. */
const sendSigned = (raw: string) =>
  send(t, WEBHOOK, { method: "POST", headers: { "content-type": "application/json", "calendly-webhook-signature": calendlySignatureHeader(SIGNING_KEY, raw) }, body: raw });

describe("POST /api/lead-events under generated input", () => {
  it("any body text, content type and headers: no 5xx; a refusal is JSON with a message and changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(rawJsonText(hostileJson), contentTypes(["application/json", "application/json; charset=utf-8"]), oddHeaders, async (body, type, headers) => {
        const before = await snapshot();
        const res = await send(t, REPORTS, { method: "POST", headers: headersOf({ ...headers, "content-type": type }), body });
        if (!res) return;
        const status = res.status;
        await expectHandled(res, `POST ${REPORTS}`, { json: true });
        // No generated body carries a reference that names a lead: nothing may change either way.
        expect(await snapshot(), `${status}`).toEqual(before);
        if (status < 400) expect(status).toBe(202);
      }),
      runs(125),
    );
  });

  it("the report's real fields with hostile values, against a real lead: no 5xx; refused, it changes nothing", async () => {
    const lead = await newBookingLead(t);
    const booking = calendlyBooking();
    const valid = { reference: lead.reference, event: "meeting_scheduled", ...booking };
    await fc.assert(
      fc.asyncProperty(formBody(valid), fc.ipV4(), async (body, ip) => {
        const before = await snapshot();
        const res = await send(t, REPORTS, {
          method: "POST",
          headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": ip },
          body: JSON.stringify(body),
        });
        if (!res) return;
        const status = res.status;
        const answer = await expectHandled(res, `POST ${REPORTS}`, { json: true });
        if (status >= 400) expect(await snapshot()).toEqual(before);
        else expect({ status, answer }).toEqual({ status: 202, answer: { success: true } });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      runs(150),
    );
    // Whatever was accepted, this lead has at most one booking, for a Calendly invitee or none.
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(["new", "meeting_booked"]).toContain(row!.status);
    if (row!.meetingInviteeUri !== null) expect(row!.meetingInviteeUri).toMatch(/^https:\/\/api\.calendly\.com\/scheduled_events\/[A-Za-z0-9-]+\/invitees\/[A-Za-z0-9-]+$/);
  });
});

describe("POST /api/webhooks/calendly under generated input", () => {
  it("unsigned, wrongly signed or stale deliveries of any body are never accepted and change nothing", async () => {
    const lead = await newBookingLead(t);
    const now = Math.floor(Date.now() / 1000);
    const signature = fc.oneof(
      fc.constant(undefined),
      hostileString.filter(isHeaderSafe),
      fc.constantFrom("t=,v1=", "v1=", "t=1", `t=${now}`, `t=${now},v1=`, `t=${now},v1=${"g".repeat(64)}`, `t=-1,v1=${"0".repeat(64)}`, `t=${now}${"0".repeat(30)},v1=${"0".repeat(64)}`),
      // A real signature, but of another body, under another key, or too old.
      fc.constantFrom("another body", "").map((other) => calendlySignatureHeader(SIGNING_KEY, other)),
      fc.constant(null).map(() => `t=${now},v1=${"ab".repeat(32)}`),
    );
    const body = fc.oneof(
      rawJsonText(hostileJson),
      fc.constant(JSON.stringify(calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference }))),
    );
    await fc.assert(
      fc.asyncProperty(body, signature, contentTypes(["application/json"]), async (raw, header, type) => {
        const before = await snapshot();
        const res = await send(t, WEBHOOK, {
          method: "POST",
          headers: headersOf({ "content-type": type, "calendly-webhook-signature": header }),
          body: raw,
        });
        if (!res) return;
        const status = res.status;
        await expectHandled(res, `POST ${WEBHOOK}`, { json: true });
        expect([401, 413, 415], `answered ${status}`).toContain(status);
        expect(await snapshot()).toEqual(before);
      }),
      runs(125),
    );
  });

  it("signed deliveries with hostile payload fields: no 5xx; refused (400), they change nothing", async () => {
    const lead = await newBookingLead(t);
    const events = ["invitee.created", "invitee.canceled", "invitee_no_show.created", "invitee_no_show.deleted", "routing_form_submission.created"];
    const shapes = fc.constantFrom(...events).chain((event) => {
      const delivery = calendlyDelivery(event, { ...calendlyBooking(), reference: lead.reference, noShowUri: "https://api.calendly.com/invitee_no_shows/x" });
      return fc.oneof(
        formBody(delivery.payload).map((payload) => ({ ...delivery, payload })),
        formBody(delivery as unknown as Record<string, unknown>),
      );
    });
    await fc.assert(
      fc.asyncProperty(shapes, async (delivery) => {
        const raw = JSON.stringify(delivery);
        const before = await snapshot();
        const res = await sendSigned(raw);
        if (!res) return;
        const status = res.status;
        await expectHandled(res, `POST ${WEBHOOK}`, { json: true });
        if (status >= 400) {
          expect([400, 413]).toContain(status);
          expect(await snapshot()).toEqual(before);
        } else expect(status).toBe(200);
      }),
      runs(125),
    );
  });

  it("signed deliveries with a hostile string in any field we read: no 5xx", async () => {
    const lead = await newBookingLead(t);
    type Path = readonly string[];
    const paths: Path[] = [
      ["uri"], ["email"], ["old_invitee"], ["new_invitee"], ["tracking", "utm_content"], ["scheduled_event", "uri"],
      ["scheduled_event", "start_time"], ["cancellation", "reason"], ["no_show", "uri"],
    ];
    const events = ["invitee.created", "invitee.canceled", "invitee_no_show.created", "invitee_no_show.deleted"];
    // What PostgreSQL refuses to store or compare (NUL, lone surrogates), inside otherwise plausible values.
    const unstorable = fc
      .tuple(fc.constantFrom("", "https://api.calendly.com/scheduled_events/", "someone@example.com"), fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0000\u0000"))
      .map(([prefix, bad]) => `${prefix}${bad}x`);
    const value = fc.oneof({ weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: unstorable });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...events), fc.constantFrom(...paths), value, fc.boolean(), async (event, path, value, withReference) => {
        const delivery = calendlyDelivery(event, {
          ...calendlyBooking(),
          reference: withReference ? lead.reference : null,
          email: lead.email,
          reason: "Busy",
          noShowUri: "https://api.calendly.com/invitee_no_shows/n",
        }) as { payload: Record<string, unknown> };
        let target = delivery.payload;
        for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
        target[path.at(-1)!] = value;
        const raw = JSON.stringify(delivery);
        const res = await sendSigned(raw);
        if (!res) return;
        const status = res.status;
        await expectHandled(res, `POST ${WEBHOOK} with ${path.join(".")}`, { json: true });
        expect([200, 400, 413], `${path.join(".")}: ${status}`).toContain(status);
      }),
      runs(150),
    );
  });

  it("any order and repeats of one lead's deliveries: consistent, a cancelled invitee never current, and replaying them changes nothing", async () => {
    const invitees = [calendlyBooking(), calendlyBooking(), calendlyBooking()];
    const noShows = ["https://api.calendly.com/invitee_no_shows/a", "https://api.calendly.com/invitee_no_shows/b"];
    type Step = { event: string; invitee: number; rescheduledTo?: number; noShow?: number; source?: "page" };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ event: fc.constant("invitee.created"), invitee: fc.nat(2) }),
      // A reschedule's new invitee names the old one.
      fc.record({ event: fc.constant("invitee.created"), invitee: fc.nat(2), rescheduledTo: fc.nat(2) }),
      fc.record({ event: fc.constant("invitee.canceled"), invitee: fc.nat(2) }),
      fc.record({ event: fc.constant("invitee.canceled"), invitee: fc.nat(2), rescheduledTo: fc.nat(2) }),
      fc.record({ event: fc.constantFrom("invitee_no_show.created", "invitee_no_show.deleted"), invitee: fc.nat(2), noShow: fc.nat(1) }),
      fc.record({ event: fc.constant("meeting_scheduled"), invitee: fc.nat(2), source: fc.constant("page" as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const lead = await newBookingLead(t);
        const send1 = async (s: Step) => {
          const booking = invitees[s.invitee]!;
          if (s.source === "page") {
            const res = await t.app.request(REPORTS, {
              method: "POST",
              headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": "192.0.2.10" },
              body: JSON.stringify({ reference: lead.reference, event: "meeting_scheduled", ...booking }),
            });
            expect(res.status).toBe(202);
            return;
          }
          const other = s.rescheduledTo !== undefined && s.rescheduledTo !== s.invitee ? invitees[s.rescheduledTo]!.inviteeUri : null;
          const delivery = calendlyDelivery(s.event, {
            ...booking,
            reference: lead.reference,
            startTime: `2030-01-0${s.invitee + 1}T10:00:00Z`,
            rescheduled: s.event === "invitee.canceled" && other !== null,
            newInvitee: s.event === "invitee.canceled" ? other : null,
            oldInvitee: s.event === "invitee.created" ? other : null,
            noShowUri: s.noShow === undefined ? null : noShows[s.noShow],
          });
          const raw = JSON.stringify(delivery);
          const res = await t.app.request(WEBHOOK, {
            method: "POST",
            headers: { "content-type": "application/json", "calendly-webhook-signature": calendlySignatureHeader(SIGNING_KEY, raw) },
            body: raw,
          });
          expect(res.status, await res.clone().text()).toBe(200);
        };
        for (const s of steps) await send1(s);
        const read = async () => (await t.database.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!;
        const after = await read();

        // The meeting's fields go together; a booked lead has a meeting; without one it is back
        // where it was (New), or still No-show if its meeting was cancelled after it was missed.
        expect(after.meetingBookedAt === null).toBe(after.meetingInviteeUri === null);
        if (after.status === "meeting_booked") expect(after.meetingInviteeUri).not.toBeNull();
        if (after.meetingInviteeUri === null) expect(["new", "no_show"]).toContain(after.status);
        // Where a cancellation would return it: New, or No-show for a meeting booked after a missed one.
        expect([null, "new", "no_show"]).toContain(after.statusBeforeMeeting);
        // An invitee cancelled without a reschedule is never the current meeting.
        const plainlyCancelled = steps.filter((s) => s.event === "invitee.canceled" && (s.rescheduledTo === undefined || s.rescheduledTo === s.invitee));
        for (const s of plainlyCancelled) expect(after.meetingInviteeUri).not.toBe(invitees[s.invitee]!.inviteeUri);
        // A booked lead was first responded to.
        if (after.meetingInviteeUri !== null) expect(after.firstResponseAt).not.toBeNull();

        // Every delivery again (Calendly's retries, a repeated beacon): nothing changes.
        const desk = await deskCounts(t);
        for (const s of steps) await send1(s);
        expect(await read()).toEqual(after);
        expect(await deskCounts(t)).toEqual(desk);
      }),
      runs(60),
    );
  });
});
