import { adminLeadPath } from "@shared/site-routes";
import { fitSummary } from "@shared/schemas/lead-fit";
import type { AppConfig } from "../../config";
import { DeliveryError } from "../../platform/delivery-error";
import type { OutboxChannel } from "../../platform/outbox/outbox-channel";
import type { OutboxRow } from "../../platform/outbox/outbox-worker";
import type { LeadPayload } from "../email-message";
import type { HubSpotReceipt } from "../hubspot";
import type { NotificationChannel, NotificationTopic } from "../lead-service";
import type { NotificationLead } from "../slack-message";

/*
 * What every lead channel shares (server/leads/channels/): the delivery as the lead outbox worker
 * claims it, the configuration the channels read, and the lead a message is about.
 */

/** One outbox row to deliver, as the lead outbox worker claimed it (lead-outbox-worker.ts). */
export type OutboxDelivery = Omit<OutboxRow, "topic"> & {
  /** What it is about (lead_outbox.topic): a new lead, a follow-up, a booked meeting, a prospect reminder. */
  topic: NotificationTopic;
  /** The lead desk's row as the claim read it; null for a lead without one (none since decision 0701's migration). */
  lead: NotificationLead | null;
};

/** The header that carries the delivery id (the webhook, staff's e-mails): a receiver can drop repeats by it. */
export const DELIVERY_ID_HEADER = "x-lead-delivery-id";

/** What a delivery adds to its timeline entry: codes only, never anything of the lead (docs/decisions/0704). */
export type DeliveryReceipt = HubSpotReceipt;

/** One channel of lead notifications (platform/outbox/outbox-channel.ts). */
export type LeadChannel = OutboxChannel<OutboxDelivery, DeliveryReceipt, NotificationChannel>;

/** What the channels need from the configuration: the channels, links to the lead and the scheduler. */
export type NotifierConfig = Pick<AppConfig, "notify" | "publicUrl" | "authSecret" | "leads" | "staffMail"> & Partial<Pick<AppConfig, "hubspot">> & {
  runtime: Pick<AppConfig["runtime"], "demoSchedulerUrl" | "enterpriseSchedulerUrl">;
};

/** The lead's page in the admin area, as a message links to it. */
export const leadUrl = (config: Pick<AppConfig, "publicUrl">, delivery: OutboxDelivery) => `${config.publicUrl}${adminLeadPath(delivery.leadId)}`;

/** Which (channel, topic) pairs exist: anything else is a fault to show, not to guess at. */
export const unsupported = (delivery: OutboxDelivery) =>
  new DeliveryError("UNSUPPORTED_TOPIC", `${delivery.channel} does not deliver ${delivery.topic}`);

/** The lead a message is about: the desk's row, or (for a lead without one) the outbox's copy. */
export function leadOf(delivery: OutboxDelivery): NotificationLead {
  if (delivery.lead) return delivery.lead;
  const lead = (delivery.payload as LeadPayload | null)?.lead;
  if (!lead) throw new DeliveryError("NO_LEAD", "the lead of this notification is missing");
  const contact = delivery.leadKind === "contact_request";
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    id: delivery.leadId,
    kind: contact ? "contact_request" : "booking_inquiry",
    source: (contact ? "contact_form" : text(lead.sourceForm) || "booking_dialog") as NotificationLead["source"],
    name: text(lead.name),
    email: text(lead.workEmail ?? lead.email),
    company: text(lead.companyName ?? lead.company),
    status: "new",
    totalCalls: typeof lead.totalCalls === "number" ? lead.totalCalls : null,
    meetingStartsAt: null,
    botCheck: lead.botCheck === "passed" || lead.botCheck === "off" || lead.botCheck === "no_script" ? lead.botCheck : null,
  };
}

/** The row's payload, with the lead's fit in words (docs/decisions/0710) as the staff e-mail lists it. */
export function payloadOf(delivery: OutboxDelivery): LeadPayload {
  const payload = (delivery.payload ?? {}) as LeadPayload;
  const lead = delivery.lead;
  if (!lead?.fit || !payload.lead) return payload;
  return { ...payload, lead: { ...payload.lead, fit: fitSummary(lead.fit), owner: lead.ownerEmail ?? "Unassigned" } };
}
