import type { EmailKind, FitTier } from "@shared/schemas/lead-fit";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { leadEvents } from "../db/schema";
import { retryTransaction } from "../db/transaction-retry";
import type { Logger } from "../logger";
import { pruneAuditLog } from "../platform/audit-log";
import { OUTBOX_DUE, outboxSignal } from "../platform/outbox-signal";
import { createOutboxWorker, outboxLogFields, type OutboxMessages, type OutboxRow, type OutboxSettings, type OutboxTask, type OutboxWorker } from "../platform/outbox/outbox-worker";
import { pruneRateLimitBuckets } from "../platform/rate-limiter";
import { pruneUsedBotTokens } from "./bot-check";
import type { OutboxDelivery } from "./channels/lead-delivery";
import { appendLeadEvent } from "./lead-timeline";
import { lockLead } from "./lead-lock";
import { DESK_CHANNEL, firstContactDue, type FirstContactSettings } from "./lead-reassignment";
import type { NotificationTopic } from "./lead-service";
import type { NotificationLead } from "./slack-message";
import type { Notifier } from "./notifier";

/** How long used bot tokens and rate-limit buckets are kept. */
const KEEP_SECONDS = 24 * 3600;

/** Statuses that mean the lead has (had) its meeting: a follow-up about it would be noise. */
const MET = ["meeting_booked", "meeting_held", "won"];
/** Statuses where inviting the prospect to book would be wrong: staff closed the lead. */
const CLOSED = ["unqualified", "lost"];
/** After this long a prospect reminder is not sent at all (a channel turned on late, a retried dead letter). */
const REMINDER_STALE_AFTER = "1 day";

/**
 * Whether a due row (o) is skipped, given its lead's desk row (l, null when missing): a
 * first-contact check of a lead no longer New (docs/decisions/0711); a follow-up or reminder whose
 * lead has a meeting; a reminder whose lead staff closed, or that is a day late. The lead is read
 * in the claim itself, so only a booking that lands between the claim and the channel's answer
 * can still be followed up (docs/decisions/0704).
 */
const skipCondition = sql.raw(`(
  o.channel = '${DESK_CHANNEL}' and (l.id is null or l.status::text <> 'new')
) or (
  o.topic in ('follow_up', 'prospect_reminder')
    and (l.meeting_booked_at is not null or l.status::text in (${MET.map((s) => `'${s}'`).join(", ")}))
) or (
  o.topic = 'prospect_reminder'
    and (l.status::text in (${CLOSED.map((s) => `'${s}'`).join(", ")}) or o.created_at < now() - interval '${REMINDER_STALE_AFTER}')
)`);

/** The lead desk's row as the claim reads it beside each claimed row (its owner's address too). */
type LeadColumns = {
  lead_source: NotificationLead["source"] | null;
  lead_name: string | null;
  lead_email: string | null;
  lead_company: string | null;
  lead_status: string | null;
  lead_meeting_starts_at: string | Date | null;
  lead_total_calls: number | null;
  lead_fit_tier: FitTier | null;
  lead_owner_email: string | null;
  lead_email_kind: EmailKind | null;
  lead_bot_check: BotCheckOutcome | null;
};

const leadColumns = sql`l.source::text as lead_source, l.name as lead_name, l.email as lead_email,
             l.company as lead_company, l.status::text as lead_status, l.meeting_starts_at as lead_meeting_starts_at,
             l.total_calls as lead_total_calls, l.fit_tier as lead_fit_tier, l.email_kind as lead_email_kind,
             ou.email as lead_owner_email, l.bot_check as lead_bot_check`;

function deliveryOf(row: OutboxRow, r: LeadColumns): OutboxDelivery {
  return {
    ...row,
    topic: row.topic as NotificationTopic,
    lead:
      r.lead_source === null
        ? null
        : {
            id: row.leadId,
            kind: row.leadKind === "contact_request" ? "contact_request" : "booking_inquiry",
            source: r.lead_source,
            name: r.lead_name ?? "",
            email: r.lead_email ?? "",
            company: r.lead_company ?? "",
            status: r.lead_status ?? "new",
            totalCalls: r.lead_total_calls === null ? null : Number(r.lead_total_calls),
            meetingStartsAt: r.lead_meeting_starts_at === null ? null : new Date(r.lead_meeting_starts_at),
            fit: { tier: r.lead_fit_tier ?? "unknown", emailKind: r.lead_email_kind },
            ownerEmail: r.lead_owner_email,
            botCheck: r.lead_bot_check,
          },
  };
}

/**
 * The follow-up entry of a lead's timeline: one per lead, whichever channel alerted first; each
 * further channel that alerts is added to its `channels`.
 */
async function recordFollowUpAlert(tx: Db, leadId: string, channel: string): Promise<void> {
  await tx
    .insert(leadEvents)
    .values({ leadId, type: "follow_up_alerted", data: { channels: [channel] }, dedupeKey: `follow_up_alerted:${leadId}` })
    .onConflictDoUpdate({
      target: leadEvents.dedupeKey,
      set: { data: sql`jsonb_set(${leadEvents.data}, '{channels}', coalesce(${leadEvents.data}->'channels', '[]'::jsonb) || jsonb_build_array(${channel}::text))` },
      setWhere: sql`not coalesce(${leadEvents.data}->'channels', '[]'::jsonb) @> jsonb_build_array(${channel}::text)`,
    });
}

/**
 * A `lead_desk` row (docs/decisions/0711): no channel is called; the row is marked done and the
 * lead acted on in one transaction, only while the claim holds, so of two workers that both
 * think they hold it (a lease run out) one acts. A failure is retried like any delivery.
 */
function firstContactTask(settings: FirstContactSettings, db: Db, logger: Logger): OutboxTask<OutboxDelivery> {
  return {
    channel: DESK_CHANNEL,
    async run(delivery, complete) {
      const round = /^\d{1,3}$/.test(delivery.topicRef) ? Number(delivery.topicRef) : 1;
      const outcome = await retryTransaction(
        () =>
          db.transaction(async (tx) => {
            // The lead's row first, in the mode firstContactDue locks it in (a weaker lock taken
            // first would have to be upgraded, and two holders upgrading deadlock), then the row.
            await lockLead(tx, delivery.leadId, "update");
            if (!(await complete(tx))) return null;
            return firstContactDue(tx, settings, delivery.leadId, round);
          }),
        { logger, name: "first-contact check" },
      );
      if (!outcome) {
        logger.warn(outboxLogFields(delivery), "first-contact check finished after its claim passed to another worker; that worker's outcome stands");
        return;
      }
      logger.info({ ...outboxLogFields(delivery), round, outcome: outcome.kind, ...("reason" in outcome ? { reason: outcome.reason } : {}) }, "first-contact check done");
      // What it queued (the owners' e-mails, the alert) is due now: this loop claims it next.
      if (outcome.kind !== "not_new" && outcome.queued > 0) outboxSignal.emit(OUTBOX_DUE);
    },
  };
}

const messages: OutboxMessages = {
  delivered: "lead notification delivered",
  deliveredAfterClaim: "lead notification delivered after its claim passed to another worker; that worker's outcome stands",
  failedAfterClaim: "lead notification failed after its claim passed to another worker; that worker's outcome stands",
  dead: "lead notification undeliverable: no more retries until staff retry it from the admin area",
  retrying: "lead notification failed; will retry",
  skipped:
    "lead notification skipped: no longer needed (the lead has a meeting, a reminder to a closed lead or a day late, or a first-contact check of a lead no longer New)",
  cycleFailed: "lead outbox worker: cycle failed; retrying at the next poll",
  deadLetterDeleted: "undeliverable lead notification deleted after its retention; the lead itself is kept",
};

/**
 * The lead outbox's worker (platform/outbox/outbox-worker.ts) with what leads add to it: the skip
 * rule and the desk's row read in the claim, the timeline entries of each outcome, the lead desk's
 * first-contact check, and the server's periodic cleanup.
 */
export function createLeadOutboxWorker(options: {
  db: Db;
  notifier: Notifier;
  logger: Logger;
  config: OutboxSettings;
  /**
   * The first-contact check (docs/decisions/0711): with it, this worker also claims the
   * `lead_desk` rows and acts on their leads; without it (some tests) they wait.
   */
  desk?: FirstContactSettings;
  /**
   * AUDIT_RETENTION_DAYS: the housekeeping also deletes older audit entries (docs/decisions/0202).
   * The server's one periodic cleanup that always runs; without it (some tests) they stay.
   */
  auditRetentionDays?: number;
}): OutboxWorker {
  const { db, notifier, logger, config, desk, auditRetentionDays } = options;
  return createOutboxWorker({
    db,
    logger,
    config,
    deliverer: notifier,
    claim: {
      skipJoin: sql`left join leads l on l.id = o.lead_id`,
      skip: skipCondition,
      readJoin: sql`left join leads l on l.id = c.lead_id
        left join auth_users ou on ou.id = l.owner_user_id`,
      columns: leadColumns,
      delivery: deliveryOf,
    },
    outcome: {
      // The lead's row before its outbox row (docs/decisions/0103, "Lock order"): the timeline
      // entry's foreign key takes this lock anyway, and taken only then, after the outbox row,
      // it waited on a booking report that held the lead and waited on this row: a deadlock.
      lock: async (tx, delivery) => {
        if (delivery.lead) await lockLead(tx, delivery.leadId, "key share");
      },
      // Entries carry channel, topic and codes, nothing of the lead; their dedupe keys make a
      // repeated write count once (docs/decisions/0704). A lead without a desk row (none since
      // decision 0701's migration) has no timeline to write to.
      delivered: async (tx, delivery, receipt) => {
        if (!delivery.lead) return;
        const { channel, topic } = delivery;
        await appendLeadEvent(tx, { leadId: delivery.leadId, type: "notification_delivered", data: { channel, topic, ...receipt }, dedupeKey: `outbox:${delivery.id}:delivered` });
        if (topic === "follow_up") await recordFollowUpAlert(tx, delivery.leadId, channel);
      },
      failed: async (tx, delivery, { code, dead }) => {
        if (!delivery.lead) return;
        const { channel, topic } = delivery;
        // Keyed by the claim: each attempt is one entry, also after staff retry a dead letter (attempts start over).
        const key = `outbox:${delivery.id}:${delivery.claimToken}`;
        await appendLeadEvent(tx, {
          leadId: delivery.leadId,
          type: "notification_failed",
          data: { channel, topic, attempt: delivery.attempts, error: code },
          dedupeKey: `${key}:failed`,
        });
        if (dead) {
          await appendLeadEvent(tx, {
            leadId: delivery.leadId,
            type: "notification_dead",
            data: { channel, topic, attempts: delivery.attempts },
            dedupeKey: `${key}:dead`,
          });
        }
      },
    },
    tasks: desk ? [firstContactTask(desk, db, logger)] : [],
    async housekeeping(prune) {
      await pruneRateLimitBuckets(db, KEEP_SECONDS);
      await pruneUsedBotTokens(db, KEEP_SECONDS);
      await prune();
      if (auditRetentionDays !== undefined) {
        const deleted = await pruneAuditLog(db, auditRetentionDays);
        if (deleted > 0) logger.info({ deletedAuditEntries: deleted, retentionDays: auditRetentionDays }, "audit log entries deleted after their retention");
      }
    },
    messages,
  });
}
