import type { Transporter } from "nodemailer";
import { DeliveryError } from "../../platform/delivery-error";
import { ownerAssignedEmail, reassignedAwayEmail, reassignedToYouEmail, reroutedToYouEmail, type EmailContent } from "../email-message";
import { leadOf, leadUrl, payloadOf, unsupported, type LeadChannel, type NotifierConfig } from "./lead-delivery";
import { sendLeadMail } from "./lead-mail";

/** How an owner's page says the lead moved (notification-queue.ts, lead-reassignment.ts). */
type OwnerPayload = {
  reassigned?: { minutes?: unknown; previousOwner?: unknown };
  rerouted?: { previousOwner?: unknown };
  previousOwner?: unknown;
  newOwner?: unknown;
  minutes?: unknown;
};

/**
 * The `owner_email` channel: a lead's owner is paged when it becomes theirs (assigned, reassigned
 * or rerouted to them), and the owner it was taken from for want of a first contact is told
 * (docs/decisions/0711).
 */
export function createOwnerEmailChannel(config: NotifierConfig, transport: Transporter | null): LeadChannel {
  return {
    channel: "owner_email",
    configured: transport !== null,
    async deliver(delivery, signal) {
      if (!transport) throw new DeliveryError("NOT_CONFIGURED", "email channel is not configured (SMTP_URL)");
      const send = (to: string, content: EmailContent) => sendLeadMail(transport, config.notify, delivery, { to, content, staff: true }, signal);
      const moved = (delivery.payload ?? {}) as OwnerPayload;
      const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
      const minutes = (value: unknown) => (typeof value === "number" && value > 0 ? value : config.leads.firstContactMinutes);
      if (delivery.topic === "owner_reassigned") {
        // The owner a lead was taken from, for want of a first contact (docs/decisions/0711).
        if (typeof moved.previousOwner !== "string" || typeof moved.newOwner !== "string") throw new DeliveryError("NO_OWNER", "the previous owner is not known");
        return send(moved.previousOwner, reassignedAwayEmail(leadOf(delivery), leadUrl(config, delivery), minutes(moved.minutes), moved.newOwner));
      }
      if (delivery.topic !== "owner_assigned") throw unsupported(delivery);
      // The owner as the lead has one now: a lead reassigned before delivery pages its new owner.
      const owner = delivery.lead?.ownerEmail;
      if (!owner) throw new DeliveryError("NO_OWNER", "the lead has no owner to page");
      if (moved.reassigned) {
        return send(owner, reassignedToYouEmail(leadOf(delivery), leadUrl(config, delivery), minutes(moved.reassigned.minutes), text(moved.reassigned.previousOwner)));
      }
      if (moved.rerouted) return send(owner, reroutedToYouEmail(leadOf(delivery), leadUrl(config, delivery), text(moved.rerouted.previousOwner)));
      return send(owner, ownerAssignedEmail(payloadOf(delivery), leadUrl(config, delivery)));
    },
  };
}
