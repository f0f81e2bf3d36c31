/*
 * The failures channels describe themselves (the outbox channels, hubspot.ts), the receiver's
 * request for time, and how the outbox worker describes any failure: a module of its own so every
 * channel can use them without importing the worker.
 */

/**
 * A failure a channel describes itself, in words of our own that carry no lead data, so the
 * message can go to the log and to staff as it is.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    readonly code: string,
    message: string,
    /** The receiver asked for no new attempt before this many ms (HTTP 429 Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The delivery ran past the worker's deadline (LEADS_OUTBOX_DELIVERY_TIMEOUT_MS). */
export class DeliveryTimeoutError extends DeliveryError {
  override name = "DeliveryTimeoutError";
  constructor(timeoutMs: number) {
    super("TIMEOUT", `timed out after ${timeoutMs} ms`);
  }
}

/**
 * A failed delivery as the log and staff see it: a code and a one-line summary built from error
 * codes and status numbers only. A mail or webhook server's own words are left out: they can
 * quote the recipient, the sender or the message itself (spam filters echo the subject).
 */
export function describeDeliveryFailure(error: unknown): { code: string; summary: string } {
  if (error instanceof DeliveryError) return { code: error.code, summary: error.message };
  if (!(error instanceof Error)) return { code: "UNKNOWN", summary: "unknown error" };
  const e = error as Error & { code?: unknown; responseCode?: unknown; response?: unknown; command?: unknown; cause?: unknown };
  const isCode = (value: unknown): value is string => typeof value === "string" && /^[A-Z][A-Z0-9_]{0,39}$/.test(value);
  // fetch wraps the network error: "fetch failed", with the system code (if any) on its cause.
  if (e.name === "TypeError" && e.message === "fetch failed") {
    const cause = (e.cause as { code?: unknown } | undefined)?.code;
    return isCode(cause) ? { code: cause, summary: `fetch failed: ${cause}` } : { code: "FETCH_FAILED", summary: "fetch failed" };
  }
  const code = isCode(e.code) ? e.code : e.name;
  const parts = [code];
  if (typeof e.responseCode === "number") parts.push(String(e.responseCode));
  // The enhanced status code (RFC 3463, "5.1.1") says which kind of refusal it was; nothing after it is kept.
  const enhanced = typeof e.response === "string" ? /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(e.response)?.[1] : undefined;
  if (enhanced) parts.push(enhanced);
  // The SMTP command that failed ("RCPT TO", "DATA", "AUTH PLAIN"), without its arguments.
  const command = typeof e.command === "string" ? /^[A-Z]+(?: [A-Z]+)?/.exec(e.command)?.[0] : undefined;
  if (command) parts.push(`after ${command}`);
  return { code: code.slice(0, 40), summary: parts.join(" ").slice(0, 200) };
}

/** How long a failure asks the worker to wait before the next attempt, if it says. */
export function requestedRetryDelayMs(error: unknown): number | undefined {
  return error instanceof DeliveryError ? error.retryAfterMs : undefined;
}

/** At most a day: a Retry-After beyond that is a receiver's mistake, not a plan. */
const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/** Retry-After as seconds or an HTTP date (RFC 9110 10.2.3), in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

