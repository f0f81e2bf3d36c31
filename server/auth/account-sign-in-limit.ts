import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Failed sign-ins allowed per account in one window, whatever address they come from. Stored in
 * rate_limit_buckets so every server instance sees the same count; a success clears it.
 */
export const ACCOUNT_FAILURE_LIMIT = { windowSeconds: 15 * 60, max: 10 } as const;

function keyFor(email: string): string {
  const digest = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return `auth-sign-in-account:${digest}`;
}

/** Seconds until the account may try again, or null when it is not locked. */
export async function accountLockedFor(db: Db, email: string): Promise<number | null> {
  const { rows } = await db.execute<{ count: number; retry_after: number }>(sql`
    select count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${ACCOUNT_FAILURE_LIMIT.windowSeconds}) - now())))::int as retry_after
    from rate_limit_buckets
    where key = ${keyFor(email)}
      and window_start > now() - make_interval(secs => ${ACCOUNT_FAILURE_LIMIT.windowSeconds})`);
  const row = rows[0];
  if (!row || Number(row.count) < ACCOUNT_FAILURE_LIMIT.max) return null;
  return Math.max(1, Number(row.retry_after));
}

/** Counts one failed attempt in a fixed window that restarts once it has elapsed. */
export async function recordAccountFailure(db: Db, email: string): Promise<void> {
  await db.execute(sql`
    insert into rate_limit_buckets (key, window_start, count) values (${keyFor(email)}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit_buckets.window_start <= now() - make_interval(secs => ${ACCOUNT_FAILURE_LIMIT.windowSeconds})
        then 1 else rate_limit_buckets.count + 1 end,
      window_start = case when rate_limit_buckets.window_start <= now() - make_interval(secs => ${ACCOUNT_FAILURE_LIMIT.windowSeconds})
        then now() else rate_limit_buckets.window_start end`);
}

export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where key = ${keyFor(email)}`);
}
