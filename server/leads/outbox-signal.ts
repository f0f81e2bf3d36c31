import { EventEmitter } from "node:events";

/**
 * Tells outbox workers in this process that a lead was just committed, so its notification goes
 * out at once instead of at the next poll. Only a hint: workers poll anyway, and a worker in
 * another instance finds the row on its next poll.
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(100);

export function signalLeadStored(): void {
  outboxSignal.emit("lead-stored");
}
