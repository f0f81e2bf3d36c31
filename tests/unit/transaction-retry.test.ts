import { describe, expect, it } from "vitest";
import { retryTransaction } from "../../server/db/transaction-retry";
import { capturedLogger } from "../support/captured-logger";

/*
 * server/db/transaction-retry.ts: a transaction PostgreSQL rolled back for a deadlock (40P01) or a
 * serialization failure (40001) runs again, a bounded number of times, each retry logged with its
 * SQLSTATE; anything else is the caller's. The real deadlock, on PostgreSQL, is in
 * tests/api/lead-lock-order.test.ts.
 */

/** A failed query as drizzle throws it: its own error, the driver's (with the SQLSTATE) as the cause. */
function failedQuery(code: string, message: string) {
  return new Error("Failed query (its parameters are not logged)", { cause: Object.assign(new Error(message), { code }) });
}

/** A transaction that fails with each error in turn, then answers "committed". */
function transactionFailing(...errors: Error[]) {
  let runs = 0;
  return {
    run: async () => {
      const error = errors[runs++];
      if (error) throw error;
      return "committed";
    },
    runs: () => runs,
  };
}

describe("retryTransaction", () => {
  it("a transaction aborted by a deadlock runs again and answers what the second run did; the retry is a warning with its SQLSTATE", async () => {
    const log = capturedLogger("info");
    const tx = transactionFailing(failedQuery("40P01", "deadlock detected"));
    await expect(retryTransaction(tx.run, { logger: log.logger, name: "booking outcome", baseDelayMs: 1 })).resolves.toBe("committed");
    expect(tx.runs()).toBe(2);
    const [line, ...more] = log.records();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 40, transaction: "booking outcome", code: "40P01", attempt: 1, attempts: 3 });
    // The code and the name only: a driver's message can quote rows (a deadlock's detail names them).
    expect(Object.keys(line!).sort()).toEqual(["attempt", "attempts", "code", "level", "msg", "retryInMs", "time", "transaction"]);
  });

  it("a serialization failure on every run: three runs, then the error itself, the last logged as an error", async () => {
    const log = capturedLogger("info");
    const last = failedQuery("40001", "could not serialize access");
    const tx = transactionFailing(failedQuery("40001", "could not serialize access"), failedQuery("40001", "could not serialize access"), last);
    await expect(retryTransaction(tx.run, { logger: log.logger, name: "outbox outcome", baseDelayMs: 1 })).rejects.toBe(last);
    expect(tx.runs()).toBe(3);
    expect(log.records().map((r) => [r.level, r.code, r.attempt])).toEqual([
      [40, "40001", 1],
      [40, "40001", 2],
      [50, "40001", 3],
    ]);
  });

  it("any other failure (a constraint, a lost connection, our own error) is thrown at once and not run again", async () => {
    const log = capturedLogger("info");
    for (const error of [failedQuery("23505", "duplicate key"), new Error("Connection terminated unexpectedly"), new TypeError("a bug")]) {
      const tx = transactionFailing(error);
      await expect(retryTransaction(tx.run, { logger: log.logger, name: "booking outcome", baseDelayMs: 1 })).rejects.toBe(error);
      expect(tx.runs()).toBe(1);
    }
    expect(log.records()).toEqual([]);
  });
});
