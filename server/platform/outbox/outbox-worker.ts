import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { leadOutbox } from "../../db/schema";
import { retryTransaction } from "../../db/transaction-retry";
import type { Logger } from "../../logger";
import { DeliveryTimeoutError, describeDeliveryFailure, requestedRetryDelayMs } from "../delivery-error";
import { OUTBOX_DUE, outboxSignal } from "../outbox-signal";

const BATCH_SIZE = 10;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

export type OutboxSettings = AppConfig["leads"]["outbox"];

/**
 * An outbox row as a claim took it. Its id is the delivery id: stable across retries and restarts.
 * lead_kind and lead_id say what the row is about (a lead, or a staff message's own id).
 */
export type OutboxRow = {
  id: string;
  leadKind: string;
  leadId: string;
  channel: string;
  topic: string;
  topicRef: string;
  payload: unknown;
  attempts: number;
  /** This claim's fencing token: the outcome is recorded only while the row still carries it. */
  claimToken: string;
};

/** A row the claim marked delivered without sending (skip rule). */
type SkippedRow = { id: string; channel: string; topic: string };

/** What the worker hands rows to: the channels it delivers, one call per row. */
export type OutboxDeliverer<Delivery, Receipt> = {
  /** Channels this process can deliver; rows for other channels wait until configured. */
  channels: readonly string[];
  /** Must stop and reject when `signal` aborts (the worker's deadline for one delivery). */
  deliver: (delivery: Delivery, signal: AbortSignal) => Promise<Receipt | void>;
};

/**
 * What the feature adds to the claim, all in its one statement: a rule that skips a due row
 * instead of sending it, and what is read beside each claimed row for its channel.
 */
export type OutboxClaim<Delivery, Columns extends Record<string, unknown>> = {
  /** Joined to the due rows (`lead_outbox o`) for `skip`. */
  skipJoin?: SQL;
  /** A condition over `o` (and `skipJoin`): true marks the row delivered and skipped (skipped_at, payload cleared). */
  skip?: SQL;
  /** Joined to the claimed rows (`c`, lead_outbox's columns) to read `columns`. */
  readJoin: SQL;
  /** A select list (`x as name, ...`): the row's `Columns`. */
  columns: SQL;
  /** The delivery a channel gets: the row and what was read beside it. */
  delivery: (row: OutboxRow, columns: Columns) => Delivery;
};

/** What the feature writes with each outcome, in the outcome's transaction and only while the claim holds. */
export type OutboxOutcome<Delivery, Receipt> = {
  /** Locks taken before the outbox row's (lock order: docs/decisions/0103). */
  lock?: (tx: Db, delivery: Delivery) => Promise<void>;
  delivered?: (tx: Db, delivery: Delivery, receipt: Receipt | undefined) => Promise<void>;
  failed?: (tx: Db, delivery: Delivery, failure: { code: string; dead: boolean }) => Promise<void>;
};

/**
 * A channel the worker runs itself instead of handing its rows to a deliverer (the lead desk's
 * first-contact check). `complete` marks the row done in the task's transaction, only while the
 * claim holds (false when it passed to another worker); a throw is a failed attempt, retried like
 * a delivery.
 */
export type OutboxTask<Delivery> = {
  channel: string;
  run: (delivery: Delivery, complete: (tx: Db) => Promise<boolean>) => Promise<void>;
};

/** The log lines of the outbox, in the words of the feature whose rows these are. */
export type OutboxMessages = {
  delivered: string;
  deliveredAfterClaim: string;
  failedAfterClaim: string;
  dead: string;
  retrying: string;
  skipped: string;
  cycleFailed: string;
  deadLetterDeleted: string;
};

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

/** The fields of a delivery's log lines: ids, channel, topic and counts, nothing of what it carries. */
export const outboxLogFields = (delivery: Pick<OutboxRow, "id" | "channel" | "topic" | "attempts">) => ({
  deliveryId: delivery.id,
  channel: delivery.channel,
  topic: delivery.topic,
  attempts: delivery.attempts,
});

/**
 * Delivers the rows of lead_outbox. Any number of workers (in one or many instances) can run:
 * each claims due rows with FOR UPDATE SKIP LOCKED and leases them through locked_until, so a
 * worker that dies mid-delivery only delays its rows until the lease ends. Delivery is at least
 * once; the row id travels as the delivery id so receivers can drop repeats.
 *
 * One holder at a time (docs/decisions/0103): every delivery ends by its deadline
 * (deliveryTimeoutMs), which the config keeps at most half the lease, so a live worker is done
 * before anyone else may claim the row; and every outcome is written only where the claim token
 * is still this worker's, so one that stalled past its lease changes nothing.
 *
 * It knows the table and nothing of what the rows are about: the feature gives the channels, the
 * claim's skip rule and reads, what an outcome writes besides the row, and the log's words.
 */
export function createOutboxWorker<Delivery extends OutboxRow, Receipt extends object, Columns extends Record<string, unknown>>(options: {
  db: Db;
  logger: Logger;
  config: OutboxSettings;
  deliverer: OutboxDeliverer<Delivery, Receipt>;
  claim: OutboxClaim<Delivery, Columns>;
  outcome?: OutboxOutcome<Delivery, Receipt>;
  tasks?: OutboxTask<Delivery>[];
  /** Runs at most every 10 minutes after a cycle; `prune` is this worker's retention. */
  housekeeping?: (prune: OutboxWorker["prune"]) => Promise<void>;
  messages: OutboxMessages;
}): OutboxWorker {
  const { db, logger, config, deliverer, claim: reading, outcome = {}, tasks = [], messages } = options;
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
   * Claims up to a batch of due rows. In the same statement, a row the skip rule names is marked
   * delivered and skipped instead (skipped_at, payload cleared), and what its channel needs is
   * read: both see the rows as they are at the claim (docs/decisions/0704).
   */
  /** A row of `lead_outbox o` due now on these channels: the probe's and the claim's one condition. */
  const dueOn = (channels: string[]) =>
    sql`o.delivered_at is null and o.dead_at is null and o.next_attempt_at <= now()
      and (o.locked_until is null or o.locked_until <= now())
      and o.channel in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})`;

  /**
   * Whether any row is due on these channels: one index probe (lead_outbox_due_idx), asked before
   * the claim statement, which most polls of an idle outbox would plan and run to take nothing.
   * A row that turns due after the probe is taken by the next poll or wake-up.
   */
  async function anyDue(channels: string[]): Promise<boolean> {
    const { rows } = await db.execute<{ due: boolean }>(sql`
      select exists (
        select 1 from lead_outbox o
         where ${dueOn(channels)}
      ) as due`);
    return rows[0]?.due === true;
  }

  async function claim(): Promise<{ claimed: Delivery[]; skipped: SkippedRow[] }> {
    const channels = [...deliverer.channels, ...tasks.map((task) => task.channel)];
    if (channels.length === 0 || !(await anyDue(channels))) return { claimed: [], skipped: [] };
    type Row = {
      outcome: "claimed" | "skipped";
      id: string;
      lead_kind: string;
      lead_id: string;
      channel: string;
      topic: string;
      topic_ref: string;
      payload: unknown;
      attempts: number;
      claim_token: string | null;
    } & Columns;
    const { rows } = await db.execute<Row>(sql`
      with due as (
        select o.id, coalesce(${reading.skip ?? sql`false`}, false) as skip
          from lead_outbox o
          ${reading.skipJoin ?? sql``}
         where ${dueOn(channels)}
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
      ),
      taken as (
        select 'claimed' as outcome, claimed.* from claimed
        union all
        select 'skipped', s.id, s.lead_kind, s.lead_id, s.channel, s.topic, s.topic_ref, null, s.attempts, null from skipped s
      )
      select c.*, ${reading.columns}
        from taken c
        ${reading.readJoin}`);
    const claimed: Delivery[] = [];
    const skipped: SkippedRow[] = [];
    for (const r of rows) {
      if (r.outcome === "skipped") {
        skipped.push({ id: r.id, channel: r.channel, topic: r.topic });
        continue;
      }
      const row: OutboxRow = {
        id: r.id,
        leadKind: r.lead_kind,
        leadId: r.lead_id,
        channel: r.channel,
        topic: r.topic,
        topicRef: r.topic_ref,
        payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
        attempts: Number(r.attempts),
        claimToken: r.claim_token!,
      };
      claimed.push(reading.delivery(row, r));
    }
    return { claimed, skipped };
  }

  /** Runs the channel under the deadline; a channel that ignores its abort signal is left behind. */
  async function attempt(delivery: Delivery): Promise<Receipt | undefined> {
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
      return (await Promise.race([deliverer.deliver(delivery, controller.signal), deadline])) ?? undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Where this claim still holds the row; a later claim has another token. */
  const heldBy = (delivery: Delivery) => and(eq(leadOutbox.id, delivery.id), eq(leadOutbox.claimToken, delivery.claimToken));
  /** A row done: the copy of what it carried is not needed any more; the row stays as the delivery's receipt. */
  const done = { deliveredAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: null, payload: sql`null` } satisfies PgUpdateSetSource<typeof leadOutbox>;

  /**
   * The outcome and the feature's entries in one transaction, only while the claim holds: a worker
   * whose claim passed on writes neither.
   */
  async function record(delivery: Delivery, update: PgUpdateSetSource<typeof leadOutbox>, entries: ((tx: Db) => Promise<void>) | undefined): Promise<boolean> {
    return retryTransaction(
      () =>
        db.transaction(async (tx) => {
          await outcome.lock?.(tx, delivery);
          const recorded = await tx.update(leadOutbox).set(update).where(heldBy(delivery)).returning({ id: leadOutbox.id });
          if (recorded.length === 0) return false;
          await entries?.(tx);
          return true;
        }),
      { logger, name: "outbox outcome" },
    );
  }

  async function runTask(delivery: Delivery, task: OutboxTask<Delivery>) {
    const complete = async (tx: Db) => (await tx.update(leadOutbox).set(done).where(heldBy(delivery)).returning({ id: leadOutbox.id })).length > 0;
    try {
      await task.run(delivery, complete);
    } catch (error) {
      await recordFailure(delivery, error ?? new Error(`${task.channel} failed`));
    }
  }

  async function deliverOne(delivery: Delivery) {
    const task = tasks.find((t) => t.channel === delivery.channel);
    if (task) return runTask(delivery, task);
    let failure: unknown = null;
    let receipt: Receipt | undefined;
    try {
      receipt = await attempt(delivery);
    } catch (error) {
      failure = error ?? new Error("delivery failed");
    }
    if (failure === null) {
      const delivered = outcome.delivered;
      const recorded = await record(delivery, done, delivered && ((tx) => delivered(tx, delivery, receipt)));
      if (!recorded) {
        logger.warn(outboxLogFields(delivery), messages.deliveredAfterClaim);
      } else {
        logger.info(outboxLogFields(delivery), messages.delivered);
      }
      return;
    }
    await recordFailure(delivery, failure);
  }

  /** A failed attempt: retried after a back-off, or a dead letter after the last one. */
  async function recordFailure(delivery: Delivery, failure: unknown) {
    const { code, summary } = describeDeliveryFailure(failure);
    const dead = delivery.attempts >= config.maxAttempts;
    // A receiver that asked for time (429 Retry-After) gets at least that much.
    const delay = Math.max(retryDelayMs(delivery.attempts, config.retryBaseMs, config.retryMaxMs), requestedRetryDelayMs(failure) ?? 0);
    const failed = outcome.failed;
    const recorded = await record(
      delivery,
      dead
        ? { lockedUntil: null, claimToken: null, lastError: summary, deadAt: sql`now()` }
        : { lockedUntil: null, claimToken: null, lastError: summary, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` },
      failed && ((tx) => failed(tx, delivery, { code, dead })),
    );
    // Codes only: an error's own message can quote addresses or what the row carries (describeDeliveryFailure).
    const fields = { ...outboxLogFields(delivery), code, failure: summary };
    if (!recorded) {
      logger.warn(fields, messages.failedAfterClaim);
    } else if (dead) {
      logger.error(fields, messages.dead);
    } else {
      const log = delivery.attempts >= 5 ? logger.error.bind(logger) : logger.warn.bind(logger);
      log({ ...fields, retryInMs: delay }, messages.retrying);
    }
  }

  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, skipped } = await claim();
      if (claimed.length + skipped.length === 0) break;
      total += claimed.length + skipped.length;
      for (const row of skipped) {
        logger.info({ deliveryId: row.id, channel: row.channel, topic: row.topic }, messages.skipped);
      }
      await Promise.all(claimed.map(deliverOne));
      if (!running && loop) break;
    }
    return total;
  }

  async function prune() {
    // Delivered rows keep no copy of what they carried; this catches rows delivered by an older version.
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
        messages.deadLetterDeleted,
      );
    }
    return { clearedPayloads: cleared.length, deletedDeadLetters: deleted.length };
  }

  async function housekeeping() {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = Date.now();
    await (options.housekeeping ? options.housekeeping(prune) : prune());
  }

  async function run() {
    while (running) {
      woken = false;
      try {
        await runOnce();
        await housekeeping();
      } catch (error) {
        logger.error({ err: error }, messages.cycleFailed);
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
