import { CALENDLY_EVENT_URI_PATTERN, CALENDLY_INVITEE_URI_PATTERN, LEAD_EVENTS_PATH, type LeadEventReport } from "@shared/schemas/lead-events";

/**
 * Tells the server what the visitor did with the scheduler after a booking or enterprise request
 * (docs/decisions/0702), naming the lead by its reference only. Sent as a beacon: the page moves
 * on to /booking-success right after a booking, and a beacon outlives that navigation (fetch with
 * `keepalive` where beacons are missing or refuse a JSON body). Nothing waits for it and nothing
 * it does can fail the visit: it is fire and forget, in the body, never in the URL.
 */
export function reportLeadEvent(report: LeadEventReport): void {
  const body = JSON.stringify(report);
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(LEAD_EVENTS_PATH, new Blob([body], { type: "application/json" }))) return;
  } catch {
    // Some browsers refuse a beacon whose body is not a "simple" type: fetch below.
  }
  try {
    fetch(LEAD_EVENTS_PATH, { method: "POST", keepalive: true, headers: { "content-type": "application/json" }, body }).catch(() => {});
  } catch {
    // No way to send it: the webhook, where configured, still records the booking.
  }
}

/**
 * Calendly's URIs for the booking from its `calendly.event_scheduled` message (payload.invitee.uri,
 * payload.event.uri), each only when it is one: the server refuses anything else.
 */
export function scheduledBookingUris(payload: unknown): { inviteeUri?: string; eventUri?: string } {
  const p = (payload ?? {}) as { invitee?: { uri?: unknown }; event?: { uri?: unknown } };
  const invitee = p.invitee?.uri;
  const event = p.event?.uri;
  return {
    ...(typeof invitee === "string" && CALENDLY_INVITEE_URI_PATTERN.test(invitee) ? { inviteeUri: invitee } : {}),
    ...(typeof event === "string" && CALENDLY_EVENT_URI_PATTERN.test(event) ? { eventUri: event } : {}),
  };
}
