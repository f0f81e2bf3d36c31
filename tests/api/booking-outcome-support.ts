import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import { leadReferenceHash } from "../../server/leads/lead-reference";
import { calendlySignatureHeader } from "../../server/leads/calendly-signature";
import type { TestApp } from "../support/test-app";
import { bookingBody, postJson } from "./leads-support";

/*
 * What the booking-outcome tests share (docs/decisions/0702): a booking lead and its reference,
 * Calendly's deliveries signed as Calendly signs them, the page's report, and the lead's row,
 * timeline and meeting notices read back.
 */

export const SIGNING_KEY = "calendly-test-signing-key";
export const PUBLIC_URL = "http://localhost:3000";

/** A secret of the tests' own (not better-auth's development one, which it warns about). */
export const SECRET = "a-test-secret-that-is-at-least-32-characters-long";

/**
 * The env of the booking-outcome tests' apps: Slack configured (at an address nothing answers),
 * client addresses from X-Forwarded-For, and a lead limit no test reaches unless `extra` lowers it.
 */
export function bookingOutcomeEnv(extra: Record<string, string> = {}) {
  return {
    BETTER_AUTH_SECRET: SECRET,
    SLACK_WEBHOOK_URL: "http://127.0.0.1:9/slack",
    TRUST_PROXY_HEADER: "x-forwarded-for",
    LEADS_RATE_LIMIT_MAX: "1000",
    ...extra,
  };
}

let ipCounter = 0;
/** A fresh client address, so that per-address limits never link two tests. */
export const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A booking lead stored through the real endpoint: its id and the reference its answer carried. */
export async function newBookingLead(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = (overrides.work_email as string | undefined) ?? `booker-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: email, ...overrides }), { "x-forwarded-for": freshIp() });
  expect(res.status, await res.clone().text()).toBe(200);
  const { reference } = (await res.json()) as { reference: string };
  const [row] = await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.referenceHash, leadReferenceHash(reference)));
  expect(row, "the submit answer's reference names the stored lead").toBeDefined();
  return { id: row!.id, reference, email };
}

/** Calendly's URIs for one booking (uuids, as its API writes them). */
export function calendlyBooking() {
  const event = `https://api.calendly.com/scheduled_events/${crypto.randomUUID()}`;
  return { eventUri: event, inviteeUri: `${event}/invitees/${crypto.randomUUID()}` };
}

export type InviteeFields = {
  inviteeUri: string;
  eventUri?: string;
  reference?: string | null;
  email?: string;
  startTime?: string;
  rescheduled?: boolean;
  oldInvitee?: string | null;
  newInvitee?: string | null;
  reason?: string | null;
  noShowUri?: string | null;
};

/** A delivery's body as Calendly writes it, with the invitee's fields we read and some we do not. */
export function calendlyDelivery(event: string, f: InviteeFields) {
  return {
    event,
    created_at: new Date().toISOString(),
    created_by: "https://api.calendly.com/users/AAAAAAAAAAAAAAAA",
    payload: {
      uri: f.inviteeUri,
      email: f.email ?? "someone@example.com",
      name: "Ada Lovelace",
      status: event === "invitee.canceled" ? "canceled" : "active",
      timezone: "Europe/London",
      event: f.eventUri ?? f.inviteeUri.replace(/\/invitees\/.*$/, ""),
      rescheduled: f.rescheduled ?? false,
      old_invitee: f.oldInvitee ?? null,
      new_invitee: f.newInvitee ?? null,
      questions_and_answers: [{ question: "Company", answer: "Analytical Engines", position: 0 }],
      tracking: {
        utm_source: f.reference ? "website" : null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: f.reference ?? null,
        salesforce_uuid: null,
      },
      cancellation: f.reason !== undefined ? { canceled_by: "Ada Lovelace", reason: f.reason, canceler_type: "invitee" } : undefined,
      no_show: f.noShowUri ? { uri: f.noShowUri, created_at: new Date().toISOString() } : null,
      scheduled_event: {
        uri: f.eventUri ?? f.inviteeUri.replace(/\/invitees\/.*$/, ""),
        name: "30 Minute Demo",
        status: event === "invitee.canceled" && !f.rescheduled ? "canceled" : "active",
        start_time: f.startTime ?? "2030-05-06T15:30:00.000000Z",
        end_time: "2030-05-06T16:00:00.000000Z",
      },
    },
  };
}

/** POSTs a delivery to the webhook, signed now with `key` unless `signature` says otherwise. */
export function deliver(
  t: TestApp,
  body: unknown,
  options: { key?: string; signature?: string | null; timestamp?: number; contentType?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const header =
    options.signature === null ? undefined : (options.signature ?? calendlySignatureHeader(options.key ?? SIGNING_KEY, raw, options.timestamp));
  return t.app.request("/api/webhooks/calendly", {
    method: "POST",
    headers: {
      "content-type": options.contentType ?? "application/json",
      ...(header === undefined ? {} : { "calendly-webhook-signature": header }),
      ...options.headers,
    },
    body: raw,
  });
}

/** The page's report, as the browser sends it (same origin, its own address). */
export function report(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request("/api/lead-events", {
    method: "POST",
    headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": freshIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function leadRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
  return row!;
}

/** The lead's timeline after its "created" entry: [type, data] in order. */
export async function timeline(t: TestApp, id: string) {
  const rows = await t.database.db
    .select({ type: leadEvents.type, data: leadEvents.data, at: leadEvents.at })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, id), sql`${leadEvents.type} <> 'created'`))
    .orderBy(asc(leadEvents.at));
  return rows.map((r) => ({ type: r.type, data: r.data as Record<string, unknown> }));
}

/** The meeting notices queued for the lead (topic meeting_booked). */
export async function meetingNotices(t: TestApp, id: string) {
  return t.database.db
    .select({ channel: leadOutbox.channel, topicRef: leadOutbox.topicRef, payload: leadOutbox.payload })
    .from(leadOutbox)
    .where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.topic, "meeting_booked")));
}

/** Every row a refused or ignored request must leave alone. */
export async function deskCounts(t: TestApp) {
  const result = (await t.database.db.execute(sql`select
    (select count(*) from leads)::int as leads,
    (select count(*) from lead_events)::int as events,
    (select count(*) from lead_outbox)::int as outbox,
    (select coalesce(sum(version), 0)::int from leads) as versions`)) as unknown as { rows: { leads: number; events: number; outbox: number; versions: number }[] };
  return result.rows[0]!;
}
