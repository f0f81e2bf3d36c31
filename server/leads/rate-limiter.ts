import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitBuckets } from "../db/schema";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counter per key in rate_limit_buckets: one atomic upsert per request, on the
 * database's clock, so every instance shares the same count and the same window.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<RateLimitDecision> {
  const expired = sql`${rateLimitBuckets.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimitBuckets.windowStart} end`,
      },
    })
    .returning({
      count: rateLimitBuckets.count,
      secondsLeft: sql<number>`greatest(1, ceil(${windowSeconds} - extract(epoch from (now() - ${rateLimitBuckets.windowStart}))))::int`,
    });
  if (!row || row.count <= max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Number(row.secondsLeft) || windowSeconds };
}

/** Drops buckets whose window ended long ago (called by the outbox worker's housekeeping). */
export async function pruneRateLimitBuckets(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`);
}
