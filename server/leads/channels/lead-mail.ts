import type { Transporter } from "nodemailer";
import type { AppConfig } from "../../config";
import type { EmailContent } from "../email-message";
import { DELIVERY_ID_HEADER, type OutboxDelivery } from "./lead-delivery";

/** The Message-ID's domain: the sender's. */
export const mailHost = (from: string) => from.split("@")[1] ?? "localhost";

/**
 * Sends one lead e-mail (the staff notice, an owner's page, the prospect reminder) by the shared
 * SMTP transport. The outbox id is the Message-ID: a retried delivery after a crash is the same
 * message; mail to staff also carries it as a header their filters can use.
 */
export async function sendLeadMail(
  transport: Transporter,
  notify: Pick<AppConfig["notify"], "from">,
  delivery: OutboxDelivery,
  message: { to: string; content: EmailContent; staff: boolean },
  signal: AbortSignal | undefined,
): Promise<void> {
  await transport.sendMail({
    from: notify.from,
    to: message.to,
    subject: message.content.subject,
    text: message.content.text,
    messageId: `<${delivery.id}@${mailHost(notify.from)}>`,
    ...(message.staff ? { headers: { [DELIVERY_ID_HEADER]: delivery.id } } : {}),
    signal,
  });
}
