import type { Transporter } from "nodemailer";
import { DeliveryError } from "../../platform/delivery-error";
import { firstContactMissedEmail, followUpEmail, newLeadEmail, type EmailContent } from "../email-message";
import { leadOf, leadUrl, payloadOf, unsupported, type LeadChannel, type NotifierConfig } from "./lead-delivery";
import { sendLeadMail } from "./lead-mail";

/**
 * The `email` channel: staff's shared inbox (LEADS_NOTIFY_TO) hears of a new lead, its follow-up
 * and a missed first contact, by the SMTP transport the mail channels share (SMTP_URL).
 */
export function createEmailChannel(config: NotifierConfig, transport: Transporter | null): LeadChannel {
  const { notify } = config;
  return {
    channel: "email",
    configured: transport !== null,
    async deliver(delivery, signal) {
      const to = notify.to;
      if (!transport || !to) throw new DeliveryError("NOT_CONFIGURED", "email channel is not configured (SMTP_URL, LEADS_NOTIFY_TO)");
      const send = (content: EmailContent) => sendLeadMail(transport, notify, delivery, { to, content, staff: true }, signal);
      const payload = payloadOf(delivery);
      if (delivery.topic === "lead_stored") return send(newLeadEmail(payload, leadUrl(config, delivery)));
      if (delivery.topic === "follow_up") return send(followUpEmail(payload, leadUrl(config, delivery), config.leads.followUpMinutes));
      if (delivery.topic === "first_contact_missed") {
        const lead = leadOf(delivery);
        return send(firstContactMissedEmail({ ...lead, ownerEmail: lead.ownerEmail ?? null }, leadUrl(config, delivery), config.leads.firstContactMinutes));
      }
      throw unsupported(delivery);
    },
  };
}
