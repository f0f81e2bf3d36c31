import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitBuckets } from "../db/schema";

/**
 * Every rate limit of the server is one fixed-window count per key behind one interface: a
 * LimitSpec says the key, the most hits allowed and the window; a BucketStore counts one hit and
 * answers the bucket after it; `decide` turns that bucket into a RateLimitDecision (429 with
 * Retry-After at the callers). The lead forms, the booking reports, the reset e-mails and the
 * per-account sign-in limit count in the database (databaseBuckets: one upsert, shared by every
 * instance); POST /api/events counts in the process's memory (memoryBuckets, docs/decisions/0801).
 */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One limit: the bucket's key and its fixed window. */
export type LimitSpec = { key: string; max: number; windowSeconds: number };

/** What counting answers: the bucket's count after this hit, and its window's time left. */
export type BucketRow = { count: number; ms_left: number };

/** Counts one hit for the spec's key in its current window (a window that has ended starts again). */
export type BucketStore = { count(spec: LimitSpec): Promise<BucketRow | undefined> | BucketRow };

/** Within the limit while the window's count is at most `max`; past it, refused until the window ends (at least 1 s). */
export function decide(spec: LimitSpec, row: BucketRow | undefined): RateLimitDecision {
  const count = Number(row?.count ?? 0);
  if (!row || count <= spec.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: retryAfterSeconds(Number(row.ms_left)) };
}

const retryAfterSeconds = (msLeft: number) => Math.max(1, Math.ceil(Math.max(0, msLeft || 0) / 1000));

/** A bucket as the database answers a hit: with the start of the window it was counted in. */
export type DatabaseBucketRow = BucketRow & { window_start: string };

/**
 * Fixed-window counter per key in rate_limit_buckets: one atomic upsert per counted request, on
 * the database's clock, so every instance shares the same count and the same window. The
 * database is the authority; see RateLimiter for what each instance remembers. `db` may be a
 * transaction's handle: the lead store counts its submission in the transaction that stores it
 * (lead-service.ts). `window_start` (as text) names the window a hit was counted in, for a limit
 * that gives a hit back.
 */
export function databaseBuckets(db: Db): { count(spec: LimitSpec): Promise<DatabaseBucketRow | undefined> } {
  const b = rateLimitBuckets;
  return {
    async count(spec: LimitSpec) {
      const expired = sql`${b.windowStart} <= now() - make_interval(secs => ${spec.windowSeconds})`;
      const [row] = await db
        .insert(b)
        .values({ key: spec.key, windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: b.key,
          set: { count: sql`case when ${expired} then 1 else ${b.count} + 1 end`, windowStart: sql`case when ${expired} then now() else ${b.windowStart} end` },
        })
        .returning({
          count: b.count,
          ms_left: sql<number>`greatest(0, extract(epoch from (${b.windowStart} + make_interval(secs => ${spec.windowSeconds}) - now())) * 1000)::float8`,
          window_start: sql<string>`${b.windowStart}::text`,
        });
      return row;
    },
  };
}

/** Keys a memory store holds at most; past it, ended windows and then the oldest are forgotten. */
const MAX_MEMORY_KEYS = 100_000;

/**
 * The buckets in this process's memory, on the given clock (ms): for a limit that is not a
 * security boundary, where N instances allowing N times the rate is fine and a database counter
 * would be the round trip per request the caller must not make (POST /api/events).
 */
export function memoryBuckets(now: () => number): { count(spec: LimitSpec): BucketRow } {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    count(spec: LimitSpec) {
      const at = now();
      const windowMs = spec.windowSeconds * 1000;
      let window = windows.get(spec.key);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, count: 0 };
        windows.delete(spec.key); // re-inserted last: the map's order is the order windows started
        windows.set(spec.key, window);
        forgetOldest(windows, MAX_MEMORY_KEYS, (w) => at - w.start >= windowMs);
      }
      window.count++;
      return { count: window.count, ms_left: window.start + windowMs - at };
    },
  };
}

/** Past `max` entries: drops those `ended` says are over, then the oldest until 90% of `max` are left. */
function forgetOldest<V>(map: Map<string, V>, max: number, ended: (value: V) => boolean) {
  if (map.size <= max) return;
  for (const [key, value] of map) if (ended(value)) map.delete(key);
  for (const key of map.keys()) {
    if (map.size <= max * 0.9) break;
    map.delete(key);
  }
}

/** Known refusals an instance keeps at most; past it, the oldest are forgotten (they count again). */
const MAX_REMEMBERED = 50_000;

/**
 * The rate limiter every caller uses: each counted request is one hit in its store (for the
 * database's, alone or inside the statement that stores a lead), and a key the store has refused
 * is remembered here until its window ends. While it is, the instance refuses that key without a
 * database write: a one-address flood costs one refusal per instance per window, not one write
 * per request (docs/decisions/0102). Nothing is ever refused here that the store has not refused
 * first, so the limit across instances is exactly the database's.
 */
export class RateLimiter {
  /** Key -> when (this process's monotonic clock, ms) its refusal ends. */
  private readonly refused = new Map<string, number>();

  constructor(
    private readonly store: BucketStore,
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
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(left) };
  }

  /** Counts one request in the store. */
  async hit(spec: LimitSpec): Promise<RateLimitDecision> {
    return this.settle(spec, await this.store.count(spec));
  }

  /** The decision for the bucket a count answered, remembered when it refuses. */
  settle(spec: LimitSpec, row: BucketRow | undefined): RateLimitDecision {
    const decision = decide(spec, row);
    const msLeft = Math.max(0, Number(row?.ms_left) || 0);
    if (!decision.allowed && msLeft > 0) this.remember(spec.key, this.now() + msLeft);
    return decision;
  }

  private remember(key: string, until: number) {
    this.refused.delete(key); // re-inserted last: the map's order is the order of refusal
    this.refused.set(key, until);
    const now = this.now();
    forgetOldest(this.refused, MAX_REMEMBERED, (end) => end <= now);
  }
}

/** What an app's dependencies (AppDeps) give a limiter; named structurally, as platform code imports nothing from app-env.ts. */
type LimiterOwner = { database: { db: Db } };

/** One database-backed limiter per app (one instance): what it remembers is this instance's. */
const limiters = new WeakMap<LimiterOwner, RateLimiter>();

export function rateLimiterOf(deps: LimiterOwner): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) limiters.set(deps, (limiter = new RateLimiter(databaseBuckets(deps.database.db))));
  return limiter;
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
