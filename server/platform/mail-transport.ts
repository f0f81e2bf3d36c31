import nodemailer, { type Transporter } from "nodemailer";
import type { AppConfig } from "../config";

/**
 * The SMTP connection every outbox mail goes out by (lead notices, owner pages, prospect reminders,
 * staff mail); null unless SMTP_URL and LEADS_NOTIFY_TO are set, and staff mail then goes to the
 * development mailbox (staff-mail.ts).
 */
export function createMailTransport(notify: Pick<AppConfig["notify"], "smtpUrl" | "to">): Transporter | null {
  if (!notify.smtpUrl || !notify.to) return null;
  return nodemailer.createTransport({
    url: notify.smtpUrl,
    // Per step, and socketTimeout restarts with every command, so together they bound nothing:
    // the worker's deadline aborts the send (nodemailer closes the connection on the signal).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
