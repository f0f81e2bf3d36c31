import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { leadOutbox } from "../db/schema";
import type { Logger } from "../logger";
import { DeliveryTimeoutError, describeDeliveryFailure, type Notifier, type OutboxDelivery } from "./notifier";
import { OUTBOX_DUE, outboxSignal } from "./outbox-signal";
import type { NotificationTopic } from "./lead-service";
import { pruneRateLimitBuckets } from "./rate-limiter";
import { pruneUsedBotTokens } from "./bot-check";

const BATCH_SIZE = 10;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
const KEEP_SECONDS = 24 * 3600;

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
 * One holder at a time (docs/decisions/0611): every delivery ends by its deadline
 * (deliveryTimeoutMs), which the config keeps at most half the lease, so a live worker is done
 * before anyone else may claim the row; and every outcome is written only where the claim token
 * is still this worker's, so one that stalled past its lease changes nothing.
 */
export function createOutboxWorker(options: {
  db: Db;
  notifier: Notifier;
  logger: Logger;
  config: AppConfig["leads"]["outbox"];
}): OutboxWorker {
  const { db, notifier, logger, config } = options;
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let lastHousekeeping = 0;

  const onSignal = () => {
    woken = true;
    wakeUp?.();
  };

  async function claim(): Promise<OutboxDelivery[]> {
    const channels = notifier.channels;
    if (channels.length === 0) return [];
    type Row = {
      id: string;
      lead_kind: string;
      lead_id: string;
      channel: string;
      topic: NotificationTopic;
      topic_ref: string;
      payload: unknown;
      attempts: number;
      claim_token: string;
    };
    const { rows } = await db.execute<Row>(sql`
      with due as (
        select id from lead_outbox
        where delivered_at is null
          and dead_at is null
          and next_attempt_at <= now()
          and (locked_until is null or locked_until <= now())
          and channel in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
        order by next_attempt_at
        limit ${BATCH_SIZE}
        for update skip locked
      )
      update lead_outbox o
         set locked_until = now() + make_interval(secs => ${config.leaseMs / 1000}),
             attempts = o.attempts + 1,
             claim_token = gen_random_uuid()
        from due
       where o.id = due.id
      returning o.id, o.lead_kind, o.lead_id, o.channel, o.topic, o.topic_ref, o.payload, o.attempts, o.claim_token`);
    return rows.map((r) => ({
      id: r.id,
      leadKind: r.lead_kind,
      leadId: r.lead_id,
      channel: r.channel,
      topic: r.topic,
      topicRef: r.topic_ref,
      payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
      attempts: Number(r.attempts),
      claimToken: r.claim_token,
    }));
  }

  /** Runs the channel under the deadline; a channel that ignores its abort signal is left behind. */
  async function attempt(delivery: OutboxDelivery): Promise<void> {
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
      await Promise.race([notifier.deliver(delivery, controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Where this claim still holds the row; a later claim has another token. */
  const heldBy = (delivery: OutboxDelivery) => and(eq(leadOutbox.id, delivery.id), eq(leadOutbox.claimToken, delivery.claimToken));
  const logFields = (delivery: OutboxDelivery) => ({ deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts });

  async function deliverOne(delivery: OutboxDelivery) {
    let failure: unknown = null;
    try {
      await attempt(delivery);
    } catch (error) {
      failure = error ?? new Error("delivery failed");
    }
    if (failure === null) {
      // The copy of the lead is not needed once delivered; the row stays as the delivery's receipt.
      const recorded = await db
        .update(leadOutbox)
        .set({ deliveredAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: null, payload: sql`null` })
        .where(heldBy(delivery))
        .returning({ id: leadOutbox.id });
      if (recorded.length === 0) {
        logger.warn(logFields(delivery), "lead notification delivered after its claim passed to another worker; that worker's outcome stands");
      } else {
        logger.info(logFields(delivery), "lead notification delivered");
      }
      return;
    }

    const { code, summary } = describeDeliveryFailure(failure);
    const dead = delivery.attempts >= config.maxAttempts;
    const delay = retryDelayMs(delivery.attempts, config.retryBaseMs, config.retryMaxMs);
    const recorded = await db
      .update(leadOutbox)
      .set(
        dead
          ? { lockedUntil: null, claimToken: null, lastError: summary, deadAt: sql`now()` }
          : { lockedUntil: null, claimToken: null, lastError: summary, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` },
      )
      .where(heldBy(delivery))
      .returning({ id: leadOutbox.id });
    // Codes only: an error's own message can quote addresses or the lead (describeDeliveryFailure).
    const fields = { ...logFields(delivery), code, failure: summary };
    if (recorded.length === 0) {
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
      const batch = await claim();
      if (batch.length === 0) break;
      total += batch.length;
      await Promise.all(batch.map(deliverOne));
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
