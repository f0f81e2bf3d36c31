import { setTimeout as sleep } from "node:timers/promises";
import { pgErrorCode } from "./pg-error";
import type { Logger } from "../logger";

export const DEADLOCK_DETECTED = "40P01";
export const SERIALIZATION_FAILURE = "40001";

/** What PostgreSQL asks the client to run again: it rolled the whole transaction back, nothing of it stays. */
const RETRYABLE = new Set([DEADLOCK_DETECTED, SERIALIZATION_FAILURE]);

export type TransactionRetryOptions = {
  logger: Pick<Logger, "warn" | "error">;
  /** Names the transaction in the log (a constant: never an id, an address or anything of a lead). */
  name: string;
  /** Runs in all, the first included. */
  attempts?: number;
  /** The first retry waits about this long, each next one twice as long (with jitter, so two victims do not meet again). */
  baseDelayMs?: number;
};

export const DEFAULT_TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `transaction` (one whole `db.transaction(...)`, never a nested one: a savepoint rolled back
 * keeps the outer transaction's locks, so running it again can only meet the same deadlock) and,
 * when PostgreSQL aborted it with a deadlock (40P01) or a serialization failure (40001), runs it
 * again, up to `attempts` runs in all, after a short jittered pause. The transaction must read what
 * it decides on inside itself, so that a second run decides afresh. Each retry is a warning and
 * the last failure an error, with the SQLSTATE and the transaction's name only; the error itself
 * is thrown to the caller as it was.
 *
 * A deadlock should not happen at all where every transaction takes its locks in one order
 * (docs/decisions/0103 for a lead and its outbox rows); this keeps a request from failing when one
 * does anyway (another order we missed, an index page split, a foreign key check).
 */
export async function retryTransaction<T>(transaction: () => Promise<T>, options: TransactionRetryOptions): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_TRANSACTION_ATTEMPTS);
  const baseDelayMs = options.baseDelayMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === null || !RETRYABLE.has(code)) throw error;
      const fields = { transaction: options.name, code, attempt, attempts };
      if (attempt >= attempts) {
        options.logger.error(fields, "transaction failed: deadlock or serialization failure on its last attempt");
        throw error;
      }
      const retryInMs = Math.round(baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random()));
      options.logger.warn({ ...fields, retryInMs }, "transaction rolled back by a deadlock or serialization failure; running it again");
      await sleep(retryInMs);
    }
  }
}
