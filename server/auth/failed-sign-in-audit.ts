import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { writeAudit, type AuditActor } from "../platform/audit-log";
import { RateLimiter, databaseBuckets } from "../platform/rate-limiter";
import { rateLimitKeyOf } from "../http/client-ip";

/**
 * Failed sign-ins one client address gets into the audit log per window; past it they are only
 * logged. Staff still see that an address is trying (and the account lock is audited apart), but
 * one address cannot push everyone else's events off the admin page (docs/decisions/0202).
 */
export const FAILED_SIGN_IN_AUDIT_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

/** Where a sign-in failed and why, as the audit row's details hold it (with the client address). */
export type FailedSignIn = { step: string; reason: string; method?: string };

export type FailedSignInAudit = {
  /** Audits the failure while its address is within the limit; logs it otherwise. */
  record(actor: AuditActor, ip: string | null, failure: FailedSignIn): Promise<void>;
  /** Logs a failure that is not audited at all: the request never started a sign-in. */
  ignore(failure: FailedSignIn, why: string): void;
};

/**
 * One per auth instance (auth.ts), shared by the password, second-factor and single sign-on
 * audits. The count is a bucket in rate_limit_buckets (one per address: an IPv6 /64 counts as one),
 * so the limit holds across instances; an address this instance has seen refused is refused here
 * without a database write until its window ends (RateLimiter).
 */
export function failedSignInAudit(db: Db, logger: Logger): FailedSignInAudit {
  const limiter = new RateLimiter(databaseBuckets(db));
  // What is logged says where and why, never who: no address of any kind (docs/decisions/0612).
  const log = (failure: FailedSignIn, why: string) => logger.info({ step: failure.step, method: failure.method, reason: failure.reason }, `failed sign-in not audited: ${why}`);
  return {
    async record(actor, ip, failure) {
      const key = `audit-failed-sign-in:${rateLimitKeyOf(ip ?? "unknown")}`;
      const decision = limiter.known(key) ?? (await limiter.hit({ key, ...FAILED_SIGN_IN_AUDIT_LIMIT }));
      if (!decision.allowed) {
        log(failure, `its client address had ${FAILED_SIGN_IN_AUDIT_LIMIT.max} audited in ${FAILED_SIGN_IN_AUDIT_LIMIT.windowSeconds / 60} minutes`);
        return;
      }
      await writeAudit(db, actor, { action: "auth.sign-in.failed", target: actor.userId, details: { ip, ...failure } });
    },
    ignore: log,
  };
}
