/**
 * The staff API for lead notifications the outbox gave up on (docs/decisions/0103), under
 * /api/admin/notifications. Errors answer in the admin envelope (AdminApiError, admin-api.ts).
 */

export type NotificationLeadKind = "booking_inquiry" | "contact_request";
/**
 * Where a notification goes (lead_outbox.channel): the sales inbox's e-mail, the signed webhook,
 * Slack, the prospect's own e-mail (decision 0704), the lead's owner (0711), a staff member about
 * their own access (`staff_email`, server/platform/staff-mail.ts), HubSpot (0720), and `lead_desk`,
 * no message: the worker acts on the lead itself (the first-contact check, 0711).
 */
export type NotificationChannelName = "email" | "webhook" | "slack" | "prospect_email" | "owner_email" | "staff_email" | "hubspot" | "lead_desk";
/** What it is about (lead_outbox.topic; docs/decisions/0701, 0711, 0720). */
export type NotificationTopicName =
  | "lead_stored"
  | "follow_up"
  | "meeting_booked"
  | "prospect_reminder"
  | "owner_assigned"
  | "enterprise_alert"
  /** hubspot: a desk status change to mirror as the contact's lead status. */
  | "status_changed"
  /** lead_desk: the lead's first-contact target has passed; topic_ref is the round (1, 2, ...). */
  | "first_contact_due"
  /** Staff channels: a lead still New after the target that was not moved. */
  | "first_contact_missed"
  /** owner_email: to the previous owner of a lead moved for want of a first contact. */
  | "owner_reassigned"
  /** staff_email: a message to staff about their own access. */
  | "staff_mail";

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
