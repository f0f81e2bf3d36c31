/*
 * The failures channels describe themselves (notifier.ts, hubspot.ts), and the receiver's request
 * for time: a module of its own so every channel can use them without importing the notifier.
 */

/**
 * A failure the notifier describes itself, in words of our own that carry no lead data, so the
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

