/**
 * One channel of the outbox (docs/decisions/0103): what delivers the rows of one `channel`. A
 * feature composes its channels into what the worker calls (server/leads/notifier.ts); each is
 * its own module and tested against its local fake.
 */
export type OutboxChannel<Delivery, Receipt = void, Name extends string = string> = {
  /** lead_outbox.channel of the rows it delivers. */
  readonly channel: Name;
  /** Whether the configuration lets it deliver: rows of a channel that is not wait until it is. */
  readonly configured: boolean;
  /** Must stop and reject when `signal` aborts (the worker's deadline for one delivery). */
  deliver: (delivery: Delivery, signal?: AbortSignal) => Promise<Receipt | void>;
};

/** An HTTP channel's own limit on one request; the worker's deadline (LEADS_OUTBOX_DELIVERY_TIMEOUT_MS) may cut it shorter. */
export const HTTP_TIMEOUT_MS = 10_000;

/** The abort signal of a channel's request: the worker's deadline, and the request's own limit. */
export const requestSignal = (signal: AbortSignal | undefined) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS);
