import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { leadOutbox } from "../db/schema";

/**
 * Mail to staff: invitations, password resets and notices of a change to one's access
 * (docs/decisions/0205). It goes through the lead outbox (retries, claims, dead letters) as channel
 * `staff_email`, topic `staff_mail`, with the message as the payload (cleared once delivered).
 * Without SMTP_URL outside production each message is written as a file to the development
 * mailbox (DATA_DIR/mailbox); in production without SMTP_URL it is refused before anything is
 * stored. A message carries a link that is a credential: it never goes into a log line.
 */
export const STAFF_MAIL_CHANNEL = "staff_email";
export const STAFF_MAIL_TOPIC = "staff_mail";
/** lead_outbox.lead_kind of staff mail: its lead_id is the message's own id, no lead. */
export const STAFF_MAIL_KIND = "staff";

export const MAIL_UNAVAILABLE_MESSAGE =
  "E-mail is not configured on this server (SMTP_URL), so invitations and password resets cannot be sent. Ask whoever runs the server to set it up.";

export type StaffMessage = { to: string; subject: string; text: string };

export class StaffMailUnavailableError extends Error {
  override name = "StaffMailUnavailableError";
  constructor() {
    super(MAIL_UNAVAILABLE_MESSAGE);
  }
}

/** Whether this server can deliver staff mail at all: an SMTP server, or the development mailbox. */
export function canSendStaffMail(config: Pick<AppConfig, "notify" | "staffMail">): boolean {
  return Boolean(config.notify.smtpUrl) || config.staffMail.mailboxDir !== null;
}

/**
 * Queues one message in the outbox (inside the caller's transaction when given one); the caller
 * wakes the worker after its commit (wakeOutbox). Throws StaffMailUnavailableError where nothing
 * could deliver it.
 */
export async function queueStaffMail(db: Db, config: Pick<AppConfig, "notify" | "staffMail">, message: StaffMessage): Promise<void> {
  if (!canSendStaffMail(config)) throw new StaffMailUnavailableError();
  await db.insert(leadOutbox).values({
    leadKind: STAFF_MAIL_KIND,
    leadId: crypto.randomUUID(),
    channel: STAFF_MAIL_CHANNEL,
    topic: STAFF_MAIL_TOPIC,
    payload: message,
  });
}

/** A notice to a staff member that their access changed (role, deactivation, factors): docs/decisions/0205. */
export function accessNoticeMail(config: Pick<AppConfig, "publicUrl">, to: string, change: string): StaffMessage {
  return {
    to,
    subject: "Your access to the admin area changed",
    text: [
      change,
      "",
      "If you did not expect this, tell an admin of your team.",
      `Admin area: ${config.publicUrl}/admin/login`,
    ].join("\n"),
  };
}

function messageOf(payload: unknown): StaffMessage {
  const p = (payload ?? {}) as Partial<StaffMessage>;
  if (typeof p.to !== "string" || typeof p.subject !== "string" || typeof p.text !== "string") {
    throw new Error("staff mail payload is incomplete");
  }
  return { to: p.to, subject: p.subject, text: p.text };
}

/**
 * Delivers one queued staff message: by SMTP when a transport exists, else to the development
 * mailbox as `<time>-<delivery id>.eml` (the same id twice overwrites, so a retry is one file).
 */
export async function deliverStaffMail(
  options: { transport: Transporter | null; from: string; mailboxDir: string | null; host: string },
  delivery: { id: string; payload: unknown },
  signal: AbortSignal | undefined,
): Promise<void> {
  const message = messageOf(delivery.payload);
  const messageId = `<${delivery.id}@${options.host}>`;
  if (options.transport) {
    await options.transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, messageId, signal });
    return;
  }
  if (!options.mailboxDir) throw new StaffMailUnavailableError();
  await fs.mkdir(options.mailboxDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.mailboxDir, `${delivery.id}.eml`);
  const text = [`From: ${options.from}`, `To: ${message.to}`, `Subject: ${message.subject}`, `Message-ID: ${messageId}`, `Date: ${new Date().toUTCString()}`, "", message.text, ""].join("\n");
  await fs.writeFile(file, text, { mode: 0o600 });
}
