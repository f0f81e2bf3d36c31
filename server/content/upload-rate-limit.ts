import type { Db } from "../db/client";
import { rateLimiterOf, type LimitSpec, type RateLimitDecision } from "../platform/rate-limiter";

/**
 * How many images one staff member may upload: 60 an hour, counted in the database so every
 * instance shares the count. Re-encoding an upload costs about half a CPU-second
 * (docs/decisions/0902); the limit bounds what one account, or a stolen session, can make the
 * server spend, far above what writing posts needs.
 */
export const UPLOAD_LIMIT = { max: 60, windowSeconds: 60 * 60 } as const;

/** The limit's bucket for one staff member: keyed by user id, never by e-mail (no personal data in keys). */
export function uploadLimit(userId: string): LimitSpec {
  return { key: `content-upload:${userId}`, ...UPLOAD_LIMIT };
}

/**
 * Counts one upload by `userId` and answers whether it may go ahead; the upload route calls it
 * before reading the image and answers a refusal 429 with Retry-After and IMAGE_MESSAGES.tooMany
 * (shared/schemas/content-image.ts). A refusal this instance already knows costs no database
 * write. Every attempt counts, one whose image is then refused too: it is counted before the image is read.
 */
export async function countUpload(deps: { database: { db: Db } }, userId: string): Promise<RateLimitDecision> {
  const limiter = rateLimiterOf(deps);
  const spec = uploadLimit(userId);
  return limiter.known(spec.key) ?? limiter.hit(spec);
}
