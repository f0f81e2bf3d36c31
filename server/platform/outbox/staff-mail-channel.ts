import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { STAFF_MAIL_CHANNEL, StaffMailUnavailableError, type StaffMessage } from "../staff-mail";
import type { OutboxChannel } from "./outbox-channel";

function messageOf(payload: unknown): StaffMessage {
  const p = (payload ?? {}) as Partial<StaffMessage>;
  if (typeof p.to !== "string" || typeof p.subject !== "string" || typeof p.text !== "string") {
    throw new Error("staff mail payload is incomplete");
  }
  return { to: p.to, subject: p.subject, text: p.text };
}

/**
 * The `staff_email` channel (server/platform/staff-mail.ts queues its rows): a queued staff message
 * by SMTP when a transport exists, else to the development mailbox as `<delivery id>.eml` (the
 * same id twice overwrites, so a retry is one file).
 */
export function createStaffMailChannel(options: {
  transport: Transporter | null;
  from: string;
  mailboxDir: string | null;
  /** The Message-ID's domain. */
  host: string;
}): OutboxChannel<{ id: string; payload: unknown }, void, typeof STAFF_MAIL_CHANNEL> {
  const { transport, from, mailboxDir, host } = options;
  return {
    channel: STAFF_MAIL_CHANNEL,
    configured: Boolean(transport || mailboxDir),
    async deliver(delivery, signal) {
      const message = messageOf(delivery.payload);
      const messageId = `<${delivery.id}@${host}>`;
      if (transport) {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, messageId, signal });
        return;
      }
      if (!mailboxDir) throw new StaffMailUnavailableError();
      await fs.mkdir(mailboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(mailboxDir, `${delivery.id}.eml`);
      const text = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, `Message-ID: ${messageId}`, `Date: ${new Date().toUTCString()}`, "", message.text, ""].join("\n");
      await fs.writeFile(file, text, { mode: 0o600 });
    },
  };
}
