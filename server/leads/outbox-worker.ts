import type { EmailKind, FitTier } from "@shared/schemas/lead-fit";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { leadEvents, leadOutbox } from "../db/schema";
import type { Logger } from "../logger";
import {
  DeliveryTimeoutError,
  describeDeliveryFailure,
  requestedRetryDelayMs,
  type DeliveryReceipt,
  type NotificationLead,
  type Notifier,
  type OutboxDelivery,
} from "./notifier";
import { appendLeadEvent } from "./lead-timeline";
import { OUTBOX_DUE, outboxSignal } from "../platform/outbox-signal";
import type { NotificationTopic } from "./lead-service";
import { pruneRateLimitBuckets } from "../platform/rate-limiter";
import { pruneUsedBotTokens } from "./bot-check";
import { retryTransaction } from "../db/transaction-retry";
import { lockLead } from "./lead-lock";
import { pruneAuditLog } from "../platform/audit-log";
import { DESK_CHANNEL, firstContactDue, type FirstContactSettings } from "./lead-reassignment";

const BATCH_SIZE = 10;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
const KEEP_SECONDS = 24 * 3600;

/** A row the claim marked delivered without sending (a follow-up whose lead booked meanwhile). */
type SkippedRow = { id: string; leadId: string; channel: string; topic: NotificationTopic };

/** Statuses that mean the lead has (had) its meeting: a follow-up about it would be noise. */
const MET = ["meeting_booked", "meeting_held", "won"];
/** Statuses where inviting the prospect to book would be wrong: staff closed the lead. */
const CLOSED = ["unqualified", "lost"];
/** After this long a prospect reminder is not sent at all (a channel turned on late, a retried dead letter). */
const REMINDER_STALE_AFTER = "1 day";

/**
 * Whether a due row (o) is skipped, given its lead's desk row (l, null when missing): a
 * first-contact check of a lead no longer New (docs/decisions/0711); a follow-up or reminder whose
 * lead has a meeting; a reminder whose lead staff closed, or that is a day late.
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

export type OutboxWorker = {
  start: () => void;
  /** Finishes the deliveries in flight, then stops. */
  stop: () => Promise<void>;
  /** Claims and delivers every due row once (tests, and the loop's body). Returns how many were tried. */
  runOnce: () => Promise<number>;
  /** Retention (housekeeping, and tests): what it cleared and deleted. */
  prune: () => Promise<{ clearedPayloads: number; deletedDeadLetters: number }>;
};

/** Exponential back-off: base, 2x base, 4x base ... capped, with up to 20% jitter. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(exponential * (1 + Math.random() * 0.2));
}

/**
 * Delivers lead notifications from lead_outbox. Any number of workers (in one or many
 * instances) can run: each claims due rows with FOR UPDATE SKIP LOCKED and leases them through
 * locked_until, so a worker that dies mid-delivery only delays its rows until the lease ends.
 * Delivery is at least once; the row id travels as the delivery id so receivers can drop repeats.
 *
 * One holder at a time (docs/decisions/0103): every delivery ends by its deadline
 * (deliveryTimeoutMs), which the config keeps at most half the lease, so a live worker is done
 * before anyone else may claim the row; and every outcome is written only where the claim token
 * is still this worker's, so one that stalled past its lease changes nothing.
 */
export function createOutboxWorker(options: {
  db: Db;
  notifier: Notifier;
  logger: Logger;
  config: AppConfig["leads"]["outbox"];
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
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let lastHousekeeping = 0;

  const onSignal = () => {
    woken = true;
    wakeUp?.();
  };

  /**
   * Claims up to a batch of due rows. In the same statement, a follow-up (or prospect reminder)
   * whose lead has a meeting by now is marked delivered and skipped instead (skipped_at, payload
   * cleared): the lead is read in the claim itself, so only a booking that lands between this
   * statement and the channel's answer can still be followed up (docs/decisions/0704).
   */
  async function claim(): Promise<{ claimed: OutboxDelivery[]; skipped: SkippedRow[] }> {
    const channels: string[] = desk ? [...notifier.channels, DESK_CHANNEL] : notifier.channels;
    if (channels.length === 0) return { claimed: [], skipped: [] };
    type Row = {
      outcome: "claimed" | "skipped";
      id: string;
      lead_kind: string;
      lead_id: string;
      channel: string;
      topic: NotificationTopic;
      topic_ref: string;
      payload: unknown;
      attempts: number;
      claim_token: string | null;
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
    const { rows } = await db.execute<Row>(sql`
      with due as (
        select o.id, coalesce(${skipCondition}, false) as skip
          from lead_outbox o
          left join leads l on l.id = o.lead_id
         where o.delivered_at is null
           and o.dead_at is null
           and o.next_attempt_at <= now()
           and (o.locked_until is null or o.locked_until <= now())
           and o.channel in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
         order by o.next_attempt_at
         limit ${BATCH_SIZE}
         for update of o skip locked
      ),
      skipped as (
        update lead_outbox o
           set delivered_at = now(), skipped_at = now(), payload = null, locked_until = null, claim_token = null, last_error = null
          from due
         where o.id = due.id and due.skip
        returning o.id, o.lead_kind, o.lead_id, o.channel, o.topic, o.topic_ref, o.attempts
      ),
      claimed as (
        update lead_outbox o
           set locked_until = now() + make_interval(secs => ${config.leaseMs / 1000}),
               attempts = o.attempts + 1,
               claim_token = gen_random_uuid()
          from due
         where o.id = due.id and not due.skip
        returning o.id, o.lead_kind, o.lead_id, o.channel, o.topic, o.topic_ref, o.payload, o.attempts, o.claim_token
      )
      select 'claimed' as outcome, c.*, l.source::text as lead_source, l.name as lead_name, l.email as lead_email,
             l.company as lead_company, l.status::text as lead_status, l.meeting_starts_at as lead_meeting_starts_at,
             l.total_calls as lead_total_calls, l.fit_tier as lead_fit_tier, l.email_kind as lead_email_kind,
             ou.email as lead_owner_email, l.bot_check as lead_bot_check
        from claimed c
        left join leads l on l.id = c.lead_id
        left join auth_users ou on ou.id = l.owner_user_id
      union all
      select 'skipped', s.id, s.lead_kind, s.lead_id, s.channel, s.topic, s.topic_ref, null, s.attempts, null,
             null, null, null, null, null, null, null, null, null, null, null
        from skipped s`);
    const claimed: OutboxDelivery[] = [];
    const skipped: SkippedRow[] = [];
    for (const r of rows) {
      if (r.outcome === "skipped") {
        skipped.push({ id: r.id, leadId: r.lead_id, channel: r.channel, topic: r.topic });
        continue;
      }
      claimed.push({
        id: r.id,
        leadKind: r.lead_kind,
        leadId: r.lead_id,
        channel: r.channel,
        topic: r.topic,
        topicRef: r.topic_ref,
        payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
        attempts: Number(r.attempts),
        claimToken: r.claim_token!,
        lead:
          r.lead_source === null
            ? null
            : {
                id: r.lead_id,
                kind: r.lead_kind === "contact_request" ? "contact_request" : "booking_inquiry",
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
      });
    }
    return { claimed, skipped };
  }

  /** Runs the channel under the deadline; a channel that ignores its abort signal is left behind. */
  async function attempt(delivery: OutboxDelivery): Promise<DeliveryReceipt | undefined> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new DeliveryTimeoutError(config.deliveryTimeoutMs);
        reject(error);
        controller.abort(error);
      }, config.deliveryTimeoutMs);
    });
    try {
      return (await Promise.race([notifier.deliver(delivery, controller.signal), deadline])) ?? undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Where this claim still holds the row; a later claim has another token. */
  const heldBy = (delivery: OutboxDelivery) => and(eq(leadOutbox.id, delivery.id), eq(leadOutbox.claimToken, delivery.claimToken));
  const logFields = (delivery: OutboxDelivery) => ({ deliveryId: delivery.id, channel: delivery.channel, topic: delivery.topic, attempts: delivery.attempts });

  /**
   * The outcome and its timeline entries in one transaction, only while the claim holds: a worker
   * whose claim passed on writes neither. Entries carry channel, topic and codes, nothing of the
   * lead; their dedupe keys make a repeated write count once (docs/decisions/0704).
   */
  async function record(delivery: OutboxDelivery, update: PgUpdateSetSource<typeof leadOutbox>, entries: (tx: Db) => Promise<void>): Promise<boolean> {
    return retryTransaction(
      () =>
        db.transaction(async (tx) => {
          // The lead's row before its outbox row (docs/decisions/0103, "Lock order"): the timeline
          // entry's foreign key takes this lock anyway, and taken only then, after the outbox row,
          // it waited on a booking report that held the lead and waited on this row: a deadlock.
          if (delivery.lead) await lockLead(tx, delivery.leadId, "key share");
          const recorded = await tx.update(leadOutbox).set(update).where(heldBy(delivery)).returning({ id: leadOutbox.id });
          if (recorded.length === 0) return false;
          // A lead without a desk row (none since decision 0701's migration) has no timeline to write to.
          if (delivery.lead) await entries(tx);
          return true;
        }),
      { logger, name: "outbox outcome" },
    );
  }

  /**
   * A `lead_desk` row (docs/decisions/0711): no channel is called; the row is marked done and the
   * lead acted on in one transaction, only while the claim holds, so of two workers that both
   * think they hold it (a lease run out) one acts. A failure is retried like any delivery.
   */
  async function runDeskRow(delivery: OutboxDelivery, settings: FirstContactSettings) {
    const round = /^\d{1,3}$/.test(delivery.topicRef) ? Number(delivery.topicRef) : 1;
    let outcome: Awaited<ReturnType<typeof firstContactDue>> | null;
    try {
      outcome = await retryTransaction(
        () =>
          db.transaction(async (tx) => {
            // The lead's row first, in the mode firstContactDue locks it in (a weaker lock taken
            // first would have to be upgraded, and two holders upgrading deadlock), then the row.
            await lockLead(tx, delivery.leadId, "update");
            const held = await tx
              .update(leadOutbox)
              .set({ deliveredAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: null, payload: sql`null` })
              .where(heldBy(delivery))
              .returning({ id: leadOutbox.id });
            if (held.length === 0) return null;
            return firstContactDue(tx, settings, delivery.leadId, round);
          }),
        { logger, name: "first-contact check" },
      );
    } catch (error) {
      return recordFailure(delivery, error ?? new Error("first-contact check failed"));
    }
    if (!outcome) {
      logger.warn(logFields(delivery), "first-contact check finished after its claim passed to another worker; that worker's outcome stands");
      return;
    }
    logger.info({ ...logFields(delivery), round, outcome: outcome.kind, ...("reason" in outcome ? { reason: outcome.reason } : {}) }, "first-contact check done");
    // What it queued (the owners' e-mails, the alert) is due now: this loop claims it next.
    if (outcome.kind !== "not_new" && outcome.queued > 0) outboxSignal.emit(OUTBOX_DUE);
  }

  async function deliverOne(delivery: OutboxDelivery) {
    if (delivery.channel === DESK_CHANNEL && desk) return runDeskRow(delivery, desk);
    let failure: unknown = null;
    let receipt: DeliveryReceipt | undefined;
    try {
      receipt = await attempt(delivery);
    } catch (error) {
      failure = error ?? new Error("delivery failed");
    }
    const { channel, topic } = delivery;
    if (failure === null) {
      // The copy of the lead is not needed once delivered; the row stays as the delivery's receipt.
      const recorded = await record(
        delivery,
        { deliveredAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: null, payload: sql`null` },
        async (tx) => {
          await appendLeadEvent(tx, { leadId: delivery.leadId, type: "notification_delivered", data: { channel, topic, ...receipt }, dedupeKey: `outbox:${delivery.id}:delivered` });
          if (topic === "follow_up") await recordFollowUpAlert(tx, delivery.leadId, channel);
        },
      );
      if (!recorded) {
        logger.warn(logFields(delivery), "lead notification delivered after its claim passed to another worker; that worker's outcome stands");
      } else {
        logger.info(logFields(delivery), "lead notification delivered");
      }
      return;
    }
    await recordFailure(delivery, failure);
  }

  /** A failed attempt: retried after a back-off, or a dead letter after the last one. */
  async function recordFailure(delivery: OutboxDelivery, failure: unknown) {
    const { channel, topic } = delivery;
    const { code, summary } = describeDeliveryFailure(failure);
    const dead = delivery.attempts >= config.maxAttempts;
    // A receiver that asked for time (429 Retry-After) gets at least that much.
    const delay = Math.max(retryDelayMs(delivery.attempts, config.retryBaseMs, config.retryMaxMs), requestedRetryDelayMs(failure) ?? 0);
    const recorded = await record(
      delivery,
      dead
        ? { lockedUntil: null, claimToken: null, lastError: summary, deadAt: sql`now()` }
        : { lockedUntil: null, claimToken: null, lastError: summary, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` },
      async (tx) => {
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
    );
    // Codes only: an error's own message can quote addresses or the lead (describeDeliveryFailure).
    const fields = { ...logFields(delivery), code, failure: summary };
    if (!recorded) {
      logger.warn(fields, "lead notification failed after its claim passed to another worker; that worker's outcome stands");
    } else if (dead) {
      logger.error(fields, "lead notification undeliverable: no more retries until staff retry it from the admin area");
    } else {
      const log = delivery.attempts >= 5 ? logger.error.bind(logger) : logger.warn.bind(logger);
      log({ ...fields, retryInMs: delay }, "lead notification failed; will retry");
    }
  }

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, skipped } = await claim();
      if (claimed.length + skipped.length === 0) break;
      total += claimed.length + skipped.length;
      for (const row of skipped) {
        logger.info({ deliveryId: row.id, channel: row.channel, topic: row.topic }, "lead notification skipped: no longer needed (the lead has a meeting, a reminder to a closed lead or a day late, or a first-contact check of a lead no longer New)");
      }
      await Promise.all(claimed.map(deliverOne));
      if (!running && loop) break;
    }
    return total;
  }

  async function prune() {
    // Delivered rows keep no copy of the lead; this catches rows delivered by an older version.
    const cleared = await db
      .update(leadOutbox)
      .set({ payload: sql`null` })
      .where(and(isNotNull(leadOutbox.deliveredAt), isNotNull(leadOutbox.payload)))
      .returning({ id: leadOutbox.id });
    const deleted = await db
      .delete(leadOutbox)
      .where(and(isNotNull(leadOutbox.deadAt), sql`${leadOutbox.deadAt} < now() - make_interval(days => ${config.deadRetentionDays})`))
      .returning({ id: leadOutbox.id, channel: leadOutbox.channel, leadKind: leadOutbox.leadKind, leadId: leadOutbox.leadId });
    for (const row of deleted) {
      logger.warn(
        { deliveryId: row.id, channel: row.channel, leadKind: row.leadKind, leadId: row.leadId, retentionDays: config.deadRetentionDays },
        "undeliverable lead notification deleted after its retention; the lead itself is kept",
      );
    }
    return { clearedPayloads: cleared.length, deletedDeadLetters: deleted.length };
  }

  async function housekeeping() {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = Date.now();
    await pruneRateLimitBuckets(db, KEEP_SECONDS);
    await pruneUsedBotTokens(db, KEEP_SECONDS);
    await prune();
    if (auditRetentionDays !== undefined) {
      const deleted = await pruneAuditLog(db, auditRetentionDays);
      if (deleted > 0) logger.info({ deletedAuditEntries: deleted, retentionDays: auditRetentionDays }, "audit log entries deleted after their retention");
    }
  }

  async function run() {
    while (running) {
      woken = false;
      try {
        await runOnce();
        await housekeeping();
      } catch (error) {
        logger.error({ err: error }, "lead outbox worker: cycle failed; retrying at the next poll");
      }
      if (!running) break;
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    runOnce,
    prune,
    start() {
      if (running) return;
      running = true;
      outboxSignal.on(OUTBOX_DUE, onSignal);
      loop = run();
    },
    async stop() {
      if (!running) return;
      running = false;
      outboxSignal.off(OUTBOX_DUE, onSignal);
      wakeUp?.();
      await loop;
      loop = null;
    },
  };
}
