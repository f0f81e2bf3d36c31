import type { Transporter } from "nodemailer";
import { DeliveryError } from "../../platform/delivery-error";
import { prospectReminderEmail } from "../email-message";
import { leadReference } from "../lead-reference";
import type { NotificationLead } from "../slack-message";
import { leadOf, payloadOf, unsupported, type LeadChannel, type NotifierConfig } from "./lead-delivery";
import { sendLeadMail } from "./lead-mail";

/**
 * The scheduler link of the prospect reminder, prefilled as the page prefills it after the form
 * (name, e-mail) with the lead's reference as utm_content, so a meeting booked from the e-mail is
 * matched to the lead like one booked from the page (docs/decisions/0701, 0704).
 */
export function reminderSchedulerUrl(config: NotifierConfig, lead: NotificationLead): string {
  const base = lead.source === "enterprise_dialog" || lead.source === "enterprise_inline" ? config.runtime.enterpriseSchedulerUrl : config.runtime.demoSchedulerUrl;
  const url = new URL(base);
  url.searchParams.set("name", lead.name);
  url.searchParams.set("email", lead.email);
  url.searchParams.set("utm_source", "website");
  url.searchParams.set("utm_content", leadReference(config.authSecret, lead.id));
  return url.toString();
}

/**
 * The `prospect_email` channel: the reminder to a prospect who left the form without booking.
 * Off by default (LEADS_PROSPECT_REMINDER, docs/decisions/0704); rows queued while it was on wait,
 * and go stale (lead-outbox-worker.ts).
 */
export function createProspectEmailChannel(config: NotifierConfig, transport: Transporter | null): LeadChannel {
  return {
    channel: "prospect_email",
    configured: transport !== null && config.leads.prospectReminder,
    async deliver(delivery, signal) {
      if (!transport || !config.leads.prospectReminder) {
        throw new DeliveryError("NOT_CONFIGURED", "prospect reminder is not turned on (LEADS_PROSPECT_REMINDER, SMTP_URL)");
      }
      if (delivery.topic !== "prospect_reminder") throw unsupported(delivery);
      // Only a lead whose bot check passed is e-mailed (a reminder queued before that rule was not).
      if (payloadOf(delivery).lead?.botCheck !== "passed") throw new DeliveryError("NOT_VERIFIED", "the lead's bot check did not pass: no reminder to an unverified address");
      const lead = leadOf(delivery);
      if (!lead.email) throw new DeliveryError("NO_ADDRESS", "the lead has no e-mail address");
      const content = prospectReminderEmail(lead.name, reminderSchedulerUrl(config, lead));
      return sendLeadMail(transport, config.notify, delivery, { to: lead.email, content, staff: false }, signal);
    },
  };
}
