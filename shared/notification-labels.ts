import type { NotificationChannelName, NotificationTopicName } from "./api/admin-notifications-api";

/*
 * How the admin names a notification's channel and topic, in the two registers it needs: a
 * title (the undeliverable list's headings) and a phrase (inside a lead timeline's sentence).
 * One table per name list, typed on the complete unions, so a new channel or topic cannot be
 * labelled in one view and forgotten in the other.
 */

export type NotificationLabel = { title: string; phrase: string };

export const channelLabels: Record<NotificationChannelName, NotificationLabel> = {
  email: { title: "Email", phrase: "staff e-mail" },
  webhook: { title: "Webhook", phrase: "webhook" },
  slack: { title: "Slack", phrase: "Slack" },
  prospect_email: { title: "Email to the prospect", phrase: "e-mail to the prospect" },
  owner_email: { title: "Email to the lead's owner", phrase: "owner's e-mail" },
  staff_email: { title: "Email to a staff member", phrase: "e-mail to a staff member" },
  hubspot: { title: "HubSpot", phrase: "HubSpot" },
  lead_desk: { title: "Lead desk", phrase: "lead desk" },
};

export const topicLabels: Record<NotificationTopicName, NotificationLabel> = {
  lead_stored: { title: "New lead", phrase: "new lead" },
  follow_up: { title: "Follow-up: no meeting booked", phrase: "follow-up" },
  meeting_booked: { title: "Meeting booked", phrase: "meeting booked" },
  prospect_reminder: { title: "Reminder to the prospect", phrase: "reminder to the prospect" },
  owner_assigned: { title: "New owner paged", phrase: "new owner paged" },
  enterprise_alert: { title: "Enterprise prospect alert", phrase: "enterprise alert" },
  status_changed: { title: "Lead status change", phrase: "status change" },
  first_contact_due: { title: "First-contact check", phrase: "first-contact check" },
  first_contact_missed: { title: "Not contacted in time", phrase: "not contacted in time" },
  owner_reassigned: { title: "Previous owner told of a move", phrase: "previous owner told" },
  staff_mail: { title: "Access e-mail to staff", phrase: "access e-mail to staff" },
};

/** A channel or topic as the server names it, labelled, or the name itself if it is new to this build. */
export function notificationLabel<K extends string>(table: Record<K, NotificationLabel>, name: string, register: keyof NotificationLabel): string {
  return Object.hasOwn(table, name) ? table[name as K][register] : name;
}
