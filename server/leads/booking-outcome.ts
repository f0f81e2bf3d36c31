import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { LeadTimelineType } from "@shared/api/lead-desk-api";
import type { LeadStatus } from "@shared/schemas/lead-desk";
import { LEAD_REFERENCE_PATTERN } from "@shared/schemas/lead-events";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { retryTransaction, type TransactionRetryOptions } from "../db/transaction-retry";
import { leadEvents, leads } from "../db/schema";
import { leadReferenceHash } from "./lead-reference";
import { appendLeadEvent } from "./lead-timeline";
import { bookingBotCheck, meetingChannels, queueLeadNotification, type MeetingBookedPayload } from "./notification-queue";
import { wakeOutbox } from "../platform/outbox-signal";

/**
 * The booking outcome (docs/decisions/0702): what the scheduler did with a booking or enterprise
 * lead, from either of its two reporters, the visitor's page (POST /api/lead-events) and
 * Calendly's signed webhook (POST /api/webhooks/calendly). Both come through here, so that the
 * same booking told twice, or told out of order, changes the lead once and in one way.
 *
 * Every fact is a timeline entry under a dedupe key made of the lead and Calendly's invitee URI:
 * the page's report and the webhook's invitee.created share one key (one "meeting booked"), a
 * repeated delivery finds its key taken, and a cancellation or cleared no-show that arrives
 * before what it undoes stays on the timeline as the reason the late arrival changes nothing.
 * One transaction per report, the lead's row locked FOR UPDATE; every change to the row is
 * version + 1, so a staff edit made before it is stale (docs/decisions/0701).
 */

/** What a reporter says happened. `source` is who said it: the visitor's page or Calendly. */
export type BookingReport =
  | { type: "scheduler_shown" }
  | {
      type: "booked";
      source: "page" | "calendly";
      /** Calendly's invitee URI: which booking it is. The page may not know it (an old embed). */
      inviteeUri: string | null;
      eventUri: string | null;
      /** The meeting's start: only the webhook knows it. */
      startsAt: Date | null;
      /** A reschedule's new invitee names the one it replaced. */
      oldInviteeUri: string | null;
    }
  | { type: "cancelled"; inviteeUri: string; rescheduled: boolean; newInviteeUri: string | null; reason: string | null }
  | { type: "no_show"; inviteeUri: string; noShowRef: string }
  | { type: "no_show_cleared"; inviteeUri: string; noShowRef: string };

/** How a report names its lead: the page by its reference only; Calendly by reference, invitee and e-mail. */
export type LeadMatch = { reference?: string | null; inviteeUris?: string[]; email?: string | null };

/**
 * How the lead was found. The reference and the current meeting's invitee are proof (only the
 * lead's own page and scheduler link carry the one, only Calendly knows the other); the e-mail is
 * not (Calendly does not verify it), so what it matches is recorded, unconfirmed, and moves nothing.
 */
type MatchedBy = "reference" | "invitee" | "email";

export type BookingOutcome = {
  leadId: string;
  /** The timeline entry this report wrote, if any (none for a repeat or a late arrival). */
  entry: LeadTimelineType | null;
  /** Whether the lead's row changed (and its version grew). */
  changed: boolean;
  /** Notifications queued (a booked meeting on Slack). */
  queued: number;
  /**
   * A page's "booked" report that the funnel counts as the lead's meeting booked
   * (server/analytics, docs/decisions/0801): the first booking the lead's page reported, booked
   * now or told before by Calendly. Once per lead, however often or with whatever invitees it is
   * reported.
   */
  meetingBooked?: true;
};

type Deps = {
  db: Db;
  config: Pick<AppConfig, "notify" | "leads"> & Partial<Pick<AppConfig, "hubspot">>;
  /** Where a transaction retried after a deadlock is logged (server/db/transaction-retry.ts). */
  logger: TransactionRetryOptions["logger"];
};
type Lead = typeof leads.$inferSelect;

/** Written by the page before the embed told it the invitee: the webhook's invitee.created adopts it. */
const UNKNOWN_INVITEE = "unknown";

export const bookingKeys = {
  schedulerShown: (leadId: string) => `page:scheduler_shown:${leadId}`,
  booked: (leadId: string, inviteeUri: string | null) => `calendly:booked:${leadId}:${inviteeUri ?? UNKNOWN_INVITEE}`,
  /** A booking matched by the invitee's e-mail only, waiting for the reference to confirm it. */
  unconfirmed: (leadId: string, inviteeUri: string) => `calendly:unconfirmed:${leadId}:${inviteeUri}`,
  cancelled: (leadId: string, inviteeUri: string) => `calendly:cancelled:${leadId}:${inviteeUri}`,
  noShow: (leadId: string, ref: string) => `calendly:no_show:${leadId}:${ref}`,
  noShowCleared: (leadId: string, ref: string) => `calendly:no_show_cleared:${leadId}:${ref}`,
};

/**
 * The booking or enterprise lead a report names: its reference (only its hash is stored), then a
 * lead whose current meeting is one of the invitees (a cancellation or reschedule of a booking
 * we matched before), then, only when the delivery carries no reference at all, the most recent
 * booking lead with the invitee's e-mail. A reference that names no lead is not ours (a honeypot's,
 * another link's): the e-mail does not stand in for it.
 */
async function matchLead(tx: Db, match: LeadMatch): Promise<{ id: string; by: MatchedBy } | null> {
  const reference = match.reference && LEAD_REFERENCE_PATTERN.test(match.reference) ? match.reference : null;
  if (reference) {
    const [row] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.referenceHash, leadReferenceHash(reference)), eq(leads.kind, "booking_inquiry")));
    if (row) return { id: row.id, by: "reference" };
  }
  const invitees = (match.inviteeUris ?? []).filter(Boolean);
  if (invitees.length > 0) {
    const [row] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(inArray(leads.meetingInviteeUri, invitees))
      .orderBy(desc(leads.updatedAt))
      .limit(1);
    if (row) return { id: row.id, by: "invitee" };
  }
  if (match.email && !reference) {
    const [row] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(sql`lower(${leads.email}) = lower(${match.email})`, eq(leads.kind, "booking_inquiry")))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(1);
    if (row) return { id: row.id, by: "email" };
  }
  return null;
}

/**
 * Whether the lead has a meeting an e-mail match must leave alone: a current invitee, a booking the
 * page reported without one, or a status staff or the scheduler set to Meeting booked.
 */
const hasMeeting = (lead: Lead) => lead.meetingInviteeUri !== null || lead.meetingBookedAt !== null || lead.status === "meeting_booked";

async function entryByKey(tx: Db, key: string) {
  const [row] = await tx.select({ id: leadEvents.id, data: leadEvents.data }).from(leadEvents).where(eq(leadEvents.dedupeKey, key));
  return row ? { id: row.id, data: (row.data ?? {}) as Record<string, unknown> } : null;
}

/**
 * An invitee that is no longer a live booking: cancelled, or replaced by a reschedule (a later
 * booking on this lead names it as its old invitee). Its invitee.created, arriving late, books
 * nothing.
 */
async function inviteeEnded(tx: Db, leadId: string, inviteeUri: string): Promise<boolean> {
  if (await entryByKey(tx, bookingKeys.cancelled(leadId, inviteeUri))) return true;
  const [replaced] = await tx
    .select({ id: leadEvents.id })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        inArray(leadEvents.type, ["meeting_booked", "meeting_rescheduled"]),
        sql`${leadEvents.data}->>'oldInviteeUri' = ${inviteeUri}`,
      ),
    )
    .limit(1);
  return Boolean(replaced);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Where a cancelled meeting returns the lead: where it was, or Contacted when staff had moved it there. */
const returnStatus = (lead: Lead): LeadStatus => lead.statusBeforeMeeting ?? "contacted";

type Change = Partial<Pick<Lead, "status" | "statusBeforeMeeting" | "meetingStartsAt" | "meetingInviteeUri">> & {
  meetingBookedAt?: Date | null | "now";
  firstResponseNow?: true;
};

async function updateLead(tx: Db, lead: Lead, change: Change): Promise<void> {
  const { meetingBookedAt, firstResponseNow, ...rest } = change;
  await tx
    .update(leads)
    .set({
      ...rest,
      ...(meetingBookedAt === undefined ? {} : { meetingBookedAt: meetingBookedAt === "now" ? sql`now()` : meetingBookedAt }),
      ...(firstResponseNow ? { firstResponseAt: sql`coalesce(${leads.firstResponseAt}, now())` } : {}),
      version: sql`${leads.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, lead.id));
}

const statusMove = (from: LeadStatus, to: LeadStatus | undefined) => (to && to !== from ? { status: { from, to } } : {});

/**
 * The Slack notice of a booked meeting (decision 0704), once per invitee. A page's report queues it
 * only where no webhook is configured, or where Calendly has told this booking already (matched
 * by e-mail, waiting for the page): otherwise Calendly's invitee.created follows within seconds
 * and brings the start time the notice should show.
 */
async function queueMeetingNotice(
  tx: Db,
  deps: Deps,
  lead: Lead,
  report: Extract<BookingReport, { type: "booked" }>,
  startsAt: Date | null,
  calendlyTold = false,
): Promise<number> {
  if (report.source === "page" && deps.config.leads.calendlySigningKey && !calendlyTold) return 0;
  const { notify } = deps.config;
  return queueLeadNotification(tx, {
    leadId: lead.id,
    leadKind: "booking_inquiry",
    channels: meetingChannels(notify, notify.slackWebhookUrl ? await bookingBotCheck(tx, lead.id) : null),
    topic: "meeting_booked",
    topicRef: report.inviteeUri ?? UNKNOWN_INVITEE,
    // The notifier reads the start and whether it moved; name, company and source go along for
    // any other consumer of the row (it reads the lead desk's own at delivery).
    payload: {
      name: lead.name,
      company: lead.company,
      source: lead.source,
      meetingStartsAt: iso(startsAt),
      rescheduled: report.oldInviteeUri !== null,
    } satisfies MeetingBookedPayload & Record<string, unknown>,
  });
}

const BOOKED_TYPES: LeadTimelineType[] = ["meeting_booked", "meeting_rescheduled"];

/** The lead's booking entries: who reported each, whether Calendly confirmed it, its invitee. */
async function bookedEntries(tx: Db, leadId: string) {
  const rows = await tx
    .select({ data: leadEvents.data })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), inArray(leadEvents.type, BOOKED_TYPES)));
  return rows.map((r) => (r.data ?? {}) as Record<string, unknown>);
}

/**
 * Whether the lead's page has reported a booking before. The page reports one booking per lead:
 * a later report books nothing unless Calendly has told its invitee (booked, or matched by e-mail
 * and waiting), so a reference cannot book its lead once per invitee URI its holder makes up (each
 * would be a timeline entry, a Slack notice and a funnel step). The funnel counts that one.
 */
const pageReported = (entries: Record<string, unknown>[]) => entries.some((d) => d.source === "page" || d.pageReported === true);

/**
 * A booking matched by the invitee's e-mail only: one timeline entry, and nothing else (no status,
 * no meeting, no Slack; the follow-up stays due, since it reads the lead's row). Calendly does not
 * verify the address, so anyone can book under someone else's; the entry waits for the lead's
 * reference (its page, or a delivery whose link carried it) to confirm the same invitee.
 */
async function applyUnconfirmed(tx: Db, lead: Lead, report: Extract<BookingReport, { type: "booked" }>): Promise<Omit<BookingOutcome, "leadId">> {
  const unchanged = { entry: null, changed: false, queued: 0 };
  const invitee = report.inviteeUri;
  if (!invitee || (await inviteeEnded(tx, lead.id, invitee))) return unchanged;
  const written = await appendLeadEvent(tx, {
    leadId: lead.id,
    type: "meeting_unconfirmed",
    dedupeKey: bookingKeys.unconfirmed(lead.id, invitee),
    data: {
      source: report.source,
      matchedBy: "email",
      startsAt: iso(report.startsAt),
      inviteeUri: invitee,
      eventUri: report.eventUri,
      ...(report.oldInviteeUri ? { oldInviteeUri: report.oldInviteeUri } : {}),
    },
  });
  return written ? { entry: "meeting_unconfirmed", changed: false, queued: 0 } : unchanged;
}

async function applyBooked(tx: Db, deps: Deps, lead: Lead, report: Extract<BookingReport, { type: "booked" }>): Promise<Omit<BookingOutcome, "leadId">> {
  const unchanged = { entry: null, changed: false, queued: 0 };
  const invitee = report.inviteeUri;
  if (invitee && (await inviteeEnded(tx, lead.id, invitee))) return unchanged;
  const entries = report.source === "page" ? await bookedEntries(tx, lead.id) : [];
  // The funnel's step: the page's first report of a booking on this lead.
  const counts = report.source === "page" && !pageReported(entries) ? ({ meetingBooked: true } as const) : {};

  // The same booking told before (the page, then the webhook; or a repeated delivery): fill in what
  // the earlier report could not know, change nothing else. Only Calendly adopts the page's booking
  // without an invitee: the page's own second report is another booking, refused below.
  let earlier = await entryByKey(tx, bookingKeys.booked(lead.id, invitee));
  let adopting = false;
  if (!earlier && invitee && report.source === "calendly" && lead.meetingInviteeUri === null && lead.meetingBookedAt !== null) {
    earlier = await entryByKey(tx, bookingKeys.booked(lead.id, null));
    adopting = earlier !== null;
  }
  if (earlier) {
    const patch: Record<string, unknown> = {};
    if (report.startsAt && earlier.data.startsAt !== iso(report.startsAt)) patch.startsAt = iso(report.startsAt);
    if (report.eventUri && !earlier.data.eventUri) patch.eventUri = report.eventUri;
    if (adopting) patch.inviteeUri = invitee;
    if (report.source === "calendly" && earlier.data.source !== "calendly" && earlier.data.confirmedBy !== "calendly") patch.confirmedBy = "calendly";
    if (report.source === "page" && earlier.data.source !== "page" && earlier.data.pageReported !== true) patch.pageReported = true;
    if (Object.keys(patch).length > 0) {
      await tx.update(leadEvents).set({ data: sql`${leadEvents.data} || ${JSON.stringify(patch)}::jsonb` }).where(eq(leadEvents.id, earlier.id));
    }
    const current = adopting || (invitee !== null && lead.meetingInviteeUri === invitee);
    const change: Change = {};
    if (adopting) change.meetingInviteeUri = invitee;
    if (current && report.startsAt && lead.meetingStartsAt?.getTime() !== report.startsAt.getTime()) change.meetingStartsAt = report.startsAt;
    const changed = Object.keys(change).length > 0;
    if (changed) await updateLead(tx, lead, change);
    const startsAt = change.meetingStartsAt ?? lead.meetingStartsAt;
    const queued = current ? await queueMeetingNotice(tx, deps, lead, report, startsAt) : 0;
    return { entry: null, changed, queued, ...(current ? counts : {}) };
  }

  // Calendly told this invitee before, matched by e-mail only: the reference now confirms it, and
  // the delivery's start and event stand in for what the page cannot know.
  const unconfirmed = invitee ? await entryByKey(tx, bookingKeys.unconfirmed(lead.id, invitee)) : null;
  if (report.source === "page" && !unconfirmed && pageReported(entries)) return unchanged;
  const startsAt = report.startsAt ?? (typeof unconfirmed?.data.startsAt === "string" ? new Date(unconfirmed.data.startsAt) : null);
  const eventUri = report.eventUri ?? (typeof unconfirmed?.data.eventUri === "string" ? unconfirmed.data.eventUri : null);
  if (unconfirmed) {
    await tx.update(leadEvents).set({ data: sql`${leadEvents.data} || '{"confirmed":true}'::jsonb` }).where(eq(leadEvents.id, unconfirmed.id));
  }

  const rescheduled = report.oldInviteeUri !== null;
  const status: LeadStatus | undefined = lead.status === "won" || lead.status === "meeting_booked" ? undefined : "meeting_booked";
  const entry: LeadTimelineType = rescheduled ? "meeting_rescheduled" : "meeting_booked";
  const written = await appendLeadEvent(tx, {
    leadId: lead.id,
    type: entry,
    dedupeKey: bookingKeys.booked(lead.id, invitee),
    data: {
      source: report.source,
      startsAt: iso(startsAt),
      inviteeUri: invitee,
      eventUri,
      ...(rescheduled ? { oldInviteeUri: report.oldInviteeUri } : {}),
      ...(unconfirmed && report.source === "page" ? { confirmedBy: "calendly" } : {}),
      ...statusMove(lead.status, status),
    },
  });
  if (!written) return unchanged;
  await updateLead(tx, lead, {
    ...(status ? { status, statusBeforeMeeting: lead.status } : {}),
    // A reschedule moves the meeting; it was booked when it was first booked.
    meetingBookedAt: rescheduled && lead.meetingBookedAt ? lead.meetingBookedAt : "now",
    meetingStartsAt: startsAt,
    meetingInviteeUri: invitee,
    firstResponseNow: true,
  });
  return { entry, changed: true, queued: await queueMeetingNotice(tx, deps, lead, report, startsAt, unconfirmed !== null), ...counts };
}

/**
 * A cancellation. Only the current meeting's moves the lead; one matched by e-mail (the lead has no
 * meeting then) is only recorded, marked as such, so a cancelled unconfirmed booking cannot clear a
 * real meeting, and a booking it cancels stays cancelled if its reference arrives later.
 */
async function applyCancelled(tx: Db, lead: Lead, report: Extract<BookingReport, { type: "cancelled" }>, byEmail = false): Promise<Omit<BookingOutcome, "leadId">> {
  const current = lead.meetingInviteeUri === report.inviteeUri;
  const replacement = current && report.rescheduled && report.newInviteeUri ? report.newInviteeUri : null;
  // A replacement already cancelled itself leaves no meeting: as a plain cancellation.
  const replacementGone = replacement !== null && (await entryByKey(tx, bookingKeys.cancelled(lead.id, replacement))) !== null;
  let change: Change | null = null;
  if (replacement && !replacementGone) {
    // The new booking is the current meeting now. Its invitee.created may come before or after
    // this; until it has, its start is unknown.
    const booked = await entryByKey(tx, bookingKeys.booked(lead.id, replacement));
    const startsAt = typeof booked?.data.startsAt === "string" ? new Date(booked.data.startsAt) : null;
    change = { meetingInviteeUri: replacement, meetingStartsAt: startsAt };
  } else if (current && report.rescheduled && !replacementGone) {
    // Rescheduled without naming the new invitee: its invitee.created will say.
  } else if (current) {
    change = {
      ...(lead.status === "meeting_booked" ? { status: returnStatus(lead) } : {}),
      statusBeforeMeeting: null,
      meetingBookedAt: null,
      meetingStartsAt: null,
      meetingInviteeUri: null,
    };
  }
  const written = await appendLeadEvent(tx, {
    leadId: lead.id,
    type: "meeting_cancelled",
    dedupeKey: bookingKeys.cancelled(lead.id, report.inviteeUri),
    data: {
      source: "calendly",
      inviteeUri: report.inviteeUri,
      rescheduled: report.rescheduled,
      ...(report.newInviteeUri ? { newInviteeUri: report.newInviteeUri } : {}),
      ...(report.reason ? { reason: report.reason } : {}),
      ...(byEmail ? { matchedBy: "email" } : {}),
      ...statusMove(lead.status, change?.status ?? undefined),
    },
  });
  if (!written) return { entry: null, changed: false, queued: 0 };
  if (change) await updateLead(tx, lead, change);
  return { entry: "meeting_cancelled", changed: change !== null, queued: 0 };
}

async function applyNoShow(tx: Db, lead: Lead, report: Extract<BookingReport, { type: "no_show" | "no_show_cleared" }>): Promise<Omit<BookingOutcome, "leadId">> {
  const unchanged = { entry: null, changed: false, queued: 0 };
  const marking = report.type === "no_show";
  // A no-show taken back before its marking arrived: the marking, late, changes nothing.
  if (marking && (await entryByKey(tx, bookingKeys.noShowCleared(lead.id, report.noShowRef)))) return unchanged;
  const current = lead.meetingInviteeUri === report.inviteeUri;
  let status: LeadStatus | undefined;
  if (current && marking && (lead.status === "meeting_booked" || lead.status === "meeting_held")) status = "no_show";
  if (current && !marking && lead.status === "no_show") status = "meeting_booked";
  const written = await appendLeadEvent(tx, {
    leadId: lead.id,
    type: report.type,
    dedupeKey: (marking ? bookingKeys.noShow : bookingKeys.noShowCleared)(lead.id, report.noShowRef),
    data: { source: "calendly", inviteeUri: report.inviteeUri, ...statusMove(lead.status, status) },
  });
  if (!written) return unchanged;
  if (status) await updateLead(tx, lead, { status });
  return { entry: report.type, changed: status !== undefined, queued: 0 };
}

/**
 * Applies one report to the lead it names, in one transaction with the lead's row locked before
 * anything of the lead is written (its timeline, its outbox rows: the lock order of
 * docs/decisions/0103), run again after a deadlock or serialization failure; wakes the outbox
 * after the commit when a notice was queued. Null when no lead matches: the caller answers as if
 * it did.
 */
export async function recordBookingOutcome(deps: Deps, match: LeadMatch, report: BookingReport): Promise<BookingOutcome | null> {
  let handOff = 0;
  const outcome = await retryTransaction(
    () =>
      deps.db.transaction(async (tx): Promise<BookingOutcome | null> => {
        handOff = 0;
        const matched = await matchLead(tx, match);
        if (!matched) return null;
        const [lead] = await tx.select().from(leads).where(eq(leads.id, matched.id)).for("update");
        if (!lead) return null;
        const applied = await applyReport(tx, deps, lead, matched.by === "email", report);
        // The scheduler moved the lead (booked, cancelled, no-show): HubSpot's lead status follows,
        // as after a staff move (docs/decisions/0720).
        if (applied?.changed && deps.config.hubspot) handOff = await queueHubSpotStatus(tx, lead);
        return applied;
      }),
    { logger: deps.logger, name: "booking outcome" },
  );
  if (outcome && outcome.queued + handOff > 0) wakeOutbox();
  return outcome;
}

/** A hubspot status_changed row when the lead's status is no longer what it was (keyed by its version now). */
async function queueHubSpotStatus(tx: Db, before: Lead): Promise<number> {
  const [after] = await tx.select({ status: leads.status, version: leads.version }).from(leads).where(eq(leads.id, before.id));
  if (!after || after.status === before.status) return 0;
  return queueLeadNotification(tx, {
    leadId: before.id,
    leadKind: before.kind,
    channels: ["hubspot"],
    topic: "status_changed",
    topicRef: `v${after.version}`,
    payload: { from: before.status, to: after.status },
  });
}

/** One report applied to its lead (locked by the caller). */
async function applyReport(tx: Db, deps: Deps, lead: Lead, byEmail: boolean, report: BookingReport): Promise<BookingOutcome | null> {
  const leadId = lead.id;
  // An e-mail names a lead only while it has no meeting; what it names it records, unconfirmed.
  if (byEmail && hasMeeting(lead)) return null;
  switch (report.type) {
    case "scheduler_shown": {
      const written = await appendLeadEvent(tx, {
        leadId,
        type: "scheduler_shown",
        dedupeKey: bookingKeys.schedulerShown(leadId),
        data: { source: "page" },
      });
      return { leadId, entry: written ? "scheduler_shown" : null, changed: false, queued: 0 };
    }
    case "booked":
      return { leadId, ...(await (byEmail ? applyUnconfirmed(tx, lead, report) : applyBooked(tx, deps, lead, report))) };
    case "cancelled":
      return { leadId, ...(await applyCancelled(tx, lead, report, byEmail)) };
    case "no_show":
    case "no_show_cleared":
      // A no-show is about the lead's current meeting, which an e-mail match never is.
      if (byEmail) return { leadId, entry: null, changed: false, queued: 0 };
      return { leadId, ...(await applyNoShow(tx, lead, report)) };
  }
}
