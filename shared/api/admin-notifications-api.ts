/**
 * The staff API for lead notifications the outbox gave up on (docs/decisions/0611), under
 * /api/admin/notifications. Errors answer in the admin envelope (AdminApiError, admin-api.ts).
 */

export type NotificationLeadKind = "booking_inquiry" | "contact_request";
/** Where a notification goes: the staff e-mail, the signed webhook, Slack, the prospect's own e-mail (decision 0704), HubSpot (0720). */
export type NotificationChannelName = "email" | "webhook" | "slack" | "prospect_email" | "hubspot";
/** What it is about (docs/decisions/0701): a new lead, a follow-up, a booked meeting, the prospect reminder, a status change (HubSpot). */
export type NotificationTopicName = "lead_stored" | "follow_up" | "meeting_booked" | "prospect_reminder" | "status_changed";

/** A notification that exhausted its attempts. Codes and ids only: no lead data. */
export type UndeliverableNotification = {
  /** The delivery id, as receivers see it in X-Lead-Delivery-Id. */
  id: string;
  leadKind: NotificationLeadKind;
  leadId: string;
  channel: NotificationChannelName;
  topic: NotificationTopicName;
  attempts: number;
  /** The last failure as codes (for example "EAUTH 535 5.7.8 after AUTH PLAIN", "webhook answered 410"). */
  lastError: string | null;
  /** When the lead was stored, ISO 8601 UTC. */
  createdAt: string;
  /** When the outbox gave up, ISO 8601 UTC. */
  failedAt: string;
};

/** GET /api/admin/notifications: the most recent failures first, at most 100; `total` counts all. */
export type UndeliverableNotificationsResponse = { items: UndeliverableNotification[]; total: number };

/** POST /api/admin/notifications/:id/retry and POST /api/admin/notifications/retry-all */
export type RetryNotificationsResponse = { requeued: number };
