import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { usedBotTokens } from "../db/schema";
import type { Logger } from "../logger";

export type BotCheckResult =
  | { ok: true; tokenHash: string | null }
  | { ok: false; status: 400 | 403 | 503; error: string };

export const BOT_CHECK_MESSAGES = {
  missing: "Bot check token missing. Please refresh and try again.",
  failed: "Bot check failed. Please refresh and try again.",
  replayed: "Bot check token already used. Please refresh and try again.",
  unavailable: "Bot check is temporarily unavailable. Please try again in a moment.",
} as const;

export function hashBotToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

type VerifyAnswer = {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  hostname?: unknown;
  "error-codes"?: unknown;
};

/**
 * Verifies a reCAPTCHA v3 token with the configured siteverify endpoint. Off (always passes)
 * when no secret is configured. Fails closed: an unreachable, slow or confused verify server
 * refuses the submission with 503 rather than letting it through unchecked.
 * The token is recorded as used by the caller, inside the transaction that stores the lead.
 */
export async function verifyBotToken(
  options: { config: AppConfig["recaptcha"]; db: Db; logger: Logger },
  input: { token: string | null | undefined; expectedAction: string; remoteIp: string },
): Promise<BotCheckResult> {
  const { config, db, logger } = options;
  if (!config.secretKey) return { ok: true, tokenHash: null };
  if (!input.token) return { ok: false, status: 400, error: BOT_CHECK_MESSAGES.missing };

  const tokenHash = hashBotToken(input.token);
  const [used] = await db.select({ tokenHash: usedBotTokens.tokenHash }).from(usedBotTokens).where(eq(usedBotTokens.tokenHash, tokenHash));
  if (used) return { ok: false, status: 403, error: BOT_CHECK_MESSAGES.replayed };

  const form = new URLSearchParams({ secret: config.secretKey, response: input.token });
  if (input.remoteIp !== "unknown") form.set("remoteip", input.remoteIp);
  let answer: VerifyAnswer;
  try {
    const response = await fetch(config.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) throw new Error(`verify endpoint answered ${response.status}`);
    answer = (await response.json()) as VerifyAnswer;
    if (!answer || typeof answer !== "object") throw new Error("verify endpoint answered no object");
  } catch (error) {
    logger.error({ err: error, verifyUrl: config.verifyUrl }, "bot check unavailable: refusing the submission");
    return { ok: false, status: 503, error: BOT_CHECK_MESSAGES.unavailable };
  }

  const score = typeof answer.score === "number" ? answer.score : -1;
  const reasons: string[] = [];
  if (answer.success !== true) reasons.push(`not successful (${JSON.stringify(answer["error-codes"] ?? [])})`);
  if (score < config.minScore) reasons.push(`score ${score} below ${config.minScore}`);
  if (answer.action !== input.expectedAction) reasons.push(`action ${String(answer.action)} is not ${input.expectedAction}`);
  if (typeof answer.hostname !== "string" || !config.allowedHostnames.includes(answer.hostname)) {
    reasons.push(`hostname ${String(answer.hostname)} not allowed`);
  }
  if (reasons.length > 0) {
    logger.warn({ reasons, expectedAction: input.expectedAction }, "bot check refused a submission");
    return { ok: false, status: 403, error: BOT_CHECK_MESSAGES.failed };
  }
  return { ok: true, tokenHash };
}

/** Tokens verify once at Google within 2 minutes; a day of memory is plenty to refuse replays. */
export async function pruneUsedBotTokens(db: Db, olderThanSeconds: number): Promise<void> {
  await db.delete(usedBotTokens).where(sql`${usedBotTokens.usedAt} < now() - make_interval(secs => ${olderThanSeconds})`);
}
