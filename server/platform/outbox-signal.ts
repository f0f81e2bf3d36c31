import { EventEmitter } from "node:events";

/** The event workers listen for: some outbox row became due in this process. */
export const OUTBOX_DUE = "due";

/**
 * Tells outbox workers in this process that a row is due, so its notification goes out at once
 * instead of at the next poll. Only a hint: workers poll anyway, and a worker in another
 * instance finds the row on its next poll.
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(100);

/** Wakes this instance's outbox worker (after a commit that queued something due now). */
export function wakeOutbox(): void {
  outboxSignal.emit(OUTBOX_DUE);
}

/** A lead was just committed with its outbox rows. */
export function signalLeadStored(): void {
  outboxSignal.emit(OUTBOX_DUE);
}

/** Staff put undeliverable notifications back in the queue. */
export function signalNotificationsRequeued(): void {
  outboxSignal.emit(OUTBOX_DUE);
}
