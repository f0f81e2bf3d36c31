import crypto from "node:crypto";
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
