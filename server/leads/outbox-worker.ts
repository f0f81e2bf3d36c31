import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { leadOutbox } from "../db/schema";
import type { Logger } from "../logger";
import type { Notifier, OutboxDelivery } from "./notifier";
import { outboxSignal } from "./outbox-signal";
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
    type Row = { id: string; lead_kind: string; lead_id: string; channel: string; payload: unknown; attempts: number };
    const { rows } = await db.execute<Row>(sql`
      with due as (
        select id from lead_outbox
        where delivered_at is null
          and next_attempt_at <= now()
          and (locked_until is null or locked_until <= now())
          and channel in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
        order by next_attempt_at
        limit ${BATCH_SIZE}
        for update skip locked
      )
      update lead_outbox o
         set locked_until = now() + make_interval(secs => ${config.leaseMs / 1000}),
             attempts = o.attempts + 1
        from due
       where o.id = due.id
      returning o.id, o.lead_kind, o.lead_id, o.channel, o.payload, o.attempts`);
    return rows.map((r) => ({
      id: r.id,
      leadKind: r.lead_kind,
      leadId: r.lead_id,
      channel: r.channel,
      payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
      attempts: Number(r.attempts),
    }));
  }

  async function deliverOne(delivery: OutboxDelivery) {
    try {
      await notifier.deliver(delivery);
      await db
        .update(leadOutbox)
        .set({ deliveredAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(leadOutbox.id, delivery.id));
      logger.info({ deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts }, "lead notification delivered");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelayMs(delivery.attempts, config.retryBaseMs, config.retryMaxMs);
      await db
        .update(leadOutbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
        })
        .where(eq(leadOutbox.id, delivery.id));
      const log = delivery.attempts >= 5 ? logger.error.bind(logger) : logger.warn.bind(logger);
      log({ deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, retryInMs: delay, error: message }, "lead notification failed; will retry");
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

  async function housekeeping() {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = Date.now();
    await pruneRateLimitBuckets(db, KEEP_SECONDS);
    await pruneUsedBotTokens(db, KEEP_SECONDS);
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
    start() {
      if (running) return;
      running = true;
      outboxSignal.on("lead-stored", onSignal);
      loop = run();
    },
    async stop() {
      if (!running) return;
      running = false;
      outboxSignal.off("lead-stored", onSignal);
      wakeUp?.();
      await loop;
      loop = null;
    },
  };
}
