import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { databaseBuckets, decide } from "../platform/rate-limiter";

/**
 * Password checks allowed per account in one window, whatever address they come from. Counted in
 * rate_limit_buckets, so every server instance sees the same count; a successful sign-in clears it.
 */
export const ACCOUNT_FAILURE_LIMIT = { windowSeconds: 15 * 60, max: 10 } as const;

/** The account's bucket: a hash of the address typed (trimmed, lowercased), never the address. */
export function signInAccountLimitKey(email: string): string {
  const digest = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return `auth-sign-in-account:${digest}`;
}

/** A counted attempt: which bucket and which window it was counted in. */
export type SignInReservation = { key: string; windowStart: string };

export type ReserveResult =
  | { allowed: true; reservation: SignInReservation }
  /** `lockedNow`: this is the first attempt refused in the window (the account just became locked). */
  | { allowed: false; retryAfterSeconds: number; lockedNow: boolean };

/**
 * Counts one attempt for the account BEFORE its password is checked, in the rate limiters' one
 * statement that increments and returns the count (a fixed window that restarts once it has
 * elapsed; rate-limiter.ts), and admits it only while the count is within the limit. Concurrent
 * attempts, on one instance or many, each get their own number, so no more than `max` passwords
 * are checked per window however many arrive at once (docs/decisions/0202).
 */
export async function reserveSignInAttempt(db: Db, email: string): Promise<ReserveResult> {
  const spec = { key: signInAccountLimitKey(email), ...ACCOUNT_FAILURE_LIMIT };
  const row = (await databaseBuckets(db).count(spec))!;
  const decision = decide(spec, row);
  if (decision.allowed) return { allowed: true, reservation: { key: spec.key, windowStart: row.window_start } };
  return { ...decision, lockedNow: Number(row.count) === ACCOUNT_FAILURE_LIMIT.max + 1 };
}

/**
 * Gives an attempt back when no password was checked after all (malformed input, another limit
 * refused it first), so only checked passwords spend the account's allowance. Only in the window
 * it was counted in: a new window's count is not lowered by an attempt of the old one.
 */
export async function releaseSignInAttempt(db: Db, reservation: SignInReservation): Promise<void> {
  await db.execute(sql`
    update rate_limit_buckets set count = count - 1
    where key = ${reservation.key} and window_start = ${reservation.windowStart}::timestamptz and count > 0`);
}

/** A right password: the account's failures so far no longer count. */
export async function clearSignInAttempts(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where key = ${signInAccountLimitKey(email)}`);
}
