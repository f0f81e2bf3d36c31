import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitBuckets } from "../db/schema";
import { compiled, runCompiled } from "./compiled-sql";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One per-address limit: the bucket's key and its fixed window. */
export type LimitSpec = { key: string; max: number; windowSeconds: number };

/** What the counting statement answers: the bucket's count after this hit, and its window's time left. */
export type BucketRow = { count: number; ms_left: number };

/**
 * Fixed-window counter per key in rate_limit_buckets: one atomic upsert per counted request, on
 * the database's clock, so every instance shares the same count and the same window. The
 * database is the authority; see RateLimiter for what each instance remembers. Its values are the
 * placeholders of limitValues(), so that it compiles once (compiled-sql.ts).
 */
export function bucketHitSql(): SQL {
  const windowSeconds = sql.placeholder("limitWindowSeconds");
  const expired = sql`b.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  return sql`insert into ${rateLimitBuckets} as b (key, window_start, count) values (${sql.placeholder("limitKey")}, now(), 1)
    on conflict (key) do update set
      count = case when ${expired} then 1 else b.count + 1 end,
      window_start = case when ${expired} then now() else b.window_start end
    returning b.count, greatest(0, extract(epoch from (b.window_start + make_interval(secs => ${windowSeconds}) - now())) * 1000)::float8 as ms_left`;
}

/** The values of bucketHitSql's placeholders (and `limitMax`, for a statement that compares). */
export function limitValues(spec: LimitSpec) {
  return { limitKey: spec.key, limitWindowSeconds: spec.windowSeconds, limitMax: spec.max };
}

/** Known refusals an instance keeps at most; past it, the oldest are forgotten (they count again). */
const MAX_REMEMBERED = 50_000;

/**
 * The per-address limit as one instance applies it: every counted request is one upsert in the
 * shared bucket (alone, or inside the statement that stores a lead), and a key the database has
 * refused is remembered here until its window ends. While it is, the instance refuses that key
 * without a database write: a one-address flood costs one refusal per instance per window, not
 * one write per request (docs/decisions/0102). Nothing is ever refused here that the database has
 * not refused first, so the limit across instances is exactly the database's.
 */
export class RateLimiter {
  /** Key -> when (this process's monotonic clock, ms) its refusal ends. */
  private readonly refused = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The refusal this instance already knows for the key, without a database round trip. */
  known(key: string): RateLimitDecision | null {
    const until = this.refused.get(key);
    if (until === undefined) return null;
    const left = until - this.now();
    if (left <= 0) {
      this.refused.delete(key);
      return null;
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
  }

  /** Counts one request on its own statement. */
  async hit(spec: LimitSpec): Promise<RateLimitDecision> {
    const rows = await runCompiled<BucketRow>(this.db, compiled("rate-limit-hit", bucketHitSql), limitValues(spec));
    return this.settle(spec, rows[0]);
  }

  /** The decision for the bucket row a counting statement answered, remembered when it refuses. */
  settle(spec: LimitSpec, row: BucketRow | undefined): RateLimitDecision {
    const count = Number(row?.count ?? 0);
    if (!row || count <= spec.max) return { allowed: true };
    const msLeft = Math.max(0, Number(row.ms_left) || 0);
    if (msLeft > 0) this.remember(spec.key, this.now() + msLeft);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
  }

  private remember(key: string, until: number) {
    this.refused.delete(key); // re-inserted last: the map's order is the order of refusal
    this.refused.set(key, until);
    if (this.refused.size <= MAX_REMEMBERED) return;
    const now = this.now();
    for (const [k, end] of this.refused) if (end <= now) this.refused.delete(k);
    for (const k of this.refused.keys()) {
      if (this.refused.size <= MAX_REMEMBERED * 0.9) break;
      this.refused.delete(k);
    }
  }
}

/**
 * Paces the refusals an instance already knows (RateLimiter.known): each answer is held for
 * `delayMs` before it goes out, at most `maxHeld` at once (past that, answered at once). A refusal
 * costs little on its own, but a client that floods from many connections sends the next request
 * the moment an answer arrives, so refusing faster only lets it send faster: at thousands of
 * refusals a second the process's one thread spends itself on them and every other visitor's
 * request waits in line behind ~one per connection. Held, each connection sends about one request
 * per `delayMs`; a timer costs nothing while it waits. What the client learns is unchanged (429,
 * Retry-After), and a person refused waits a moment longer for an answer that was no anyway
 * (docs/decisions/0102).
 */
export class RefusalPacer {
  private held = 0;

  constructor(
    private readonly delayMs: number,
    private readonly maxHeld: number,
  ) {}

  /** Answers held right now (for tests and the bench). */
  get holding(): number {
    return this.held;
  }

  /** Resolves after the delay; at once when pacing is off or `maxHeld` answers are already held. */
  async pace(): Promise<void> {
    if (this.delayMs <= 0 || this.held >= this.maxHeld) return;
    this.held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    } finally {
      this.held--;
    }
  }
}

/** Drops buckets whose window ended long ago (called by the outbox worker's housekeeping). */
export async function pruneRateLimitBuckets(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`);
}
