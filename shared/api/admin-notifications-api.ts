/**
 * The staff API for lead notifications the outbox gave up on (docs/decisions/0611), under
 * /api/admin/notifications. Errors answer in the admin envelope (AdminApiError, admin-api.ts).
 */

export type NotificationLeadKind = "booking_inquiry" | "contact_request";
export type NotificationChannelName = "email" | "webhook";

/** A notification that exhausted its attempts. Codes and ids only: no lead data. */
export type UndeliverableNotification = {
  /** The delivery id, as receivers see it in X-Lead-Delivery-Id. */
  id: string;
  leadKind: NotificationLeadKind;
  leadId: string;
  channel: NotificationChannelName;
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
