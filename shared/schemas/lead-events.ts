import "./zod-csp";
import { z } from "zod";

/**
 * What the visitor's page reports about the scheduler it opened after a booking or enterprise
 * request (docs/decisions/0702): POST /api/lead-events. The page names the lead only by its
 * reference (docs/decisions/0701), never by the visitor's details, and the server answers the same
 * whether or not the reference names a lead.
 */

export const LEAD_EVENTS_PATH = "/api/lead-events";

/** A lead's reference as the submit answer gives it: 22 base64url characters (128 bits). */
export const LEAD_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Calendly's own addresses for a booking, as its embed posts them (payload.invitee.uri and
 * payload.event.uri): only these are accepted, so a report cannot carry arbitrary text into the
 * timeline.
 */
const CALENDLY_ID = "[A-Za-z0-9-]{1,64}";
export const CALENDLY_EVENT_URI_PATTERN = new RegExp(`^https://api\\.calendly\\.com/scheduled_events/${CALENDLY_ID}$`);
export const CALENDLY_INVITEE_URI_PATTERN = new RegExp(`^https://api\\.calendly\\.com/scheduled_events/${CALENDLY_ID}/invitees/${CALENDLY_ID}$`);

export const leadEventMessages = {
  reference: "A valid reference is required",
  event: "Unknown event",
  inviteeUri: "Invalid invitee URI",
  eventUri: "Invalid event URI",
} as const;

const reference = z.string({ error: leadEventMessages.reference }).regex(LEAD_REFERENCE_PATTERN, leadEventMessages.reference);

export const leadEventReportSchema = z.discriminatedUnion(
  "event",
  [
    z.object({ reference, event: z.literal("scheduler_shown") }),
    z.object({
      reference,
      event: z.literal("meeting_scheduled"),
      inviteeUri: z.string({ error: leadEventMessages.inviteeUri }).regex(CALENDLY_INVITEE_URI_PATTERN, leadEventMessages.inviteeUri).optional(),
      eventUri: z.string({ error: leadEventMessages.eventUri }).regex(CALENDLY_EVENT_URI_PATTERN, leadEventMessages.eventUri).optional(),
    }),
  ],
  { error: leadEventMessages.event },
);

export type LeadEventReport = z.infer<typeof leadEventReportSchema>;
