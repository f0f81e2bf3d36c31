import { eq } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { bookingInquiries, contactRequests, leadOutbox, usedBotTokens } from "../db/schema";
import type { BookingSourceForm } from "@shared/schemas/booking-request";
import type { ContactFormValues } from "@shared/schemas/contact-request";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import { signalLeadStored } from "./outbox-signal";

export type NotificationChannel = "email" | "webhook";

/** The channels a lead is announced on, from configuration. */
export function notificationChannels(notify: AppConfig["notify"]): NotificationChannel[] {
  const channels: NotificationChannel[] = [];
  if (notify.smtpUrl && notify.to) channels.push("email");
  if (notify.webhookUrl && notify.webhookSecret) channels.push("webhook");
  return channels;
}

/** Evidence stored with every lead: where it came from and what the visitor agreed to. */
export type LeadEvidence = {
  idempotencyKey: string;
  pagePath: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  clientIp: string | null;
  userAgent: string | null;
  botCheck: BotCheckOutcome;
};

export type BookingLead = {
  sourceForm: BookingSourceForm;
  name: string;
  jobTitle: string;
  workEmail: string;
  companyName: string;
  totalCalls: number | null;
  aiGoal: string | null;
  tcpaConsent: boolean;
  consentTextVersion: string;
};

export type StoreResult = { outcome: "created"; id: string } | { outcome: "duplicate"; id: string | null };

/** Thrown inside the transaction when another request used the same bot token first. */
export class ReplayedTokenError extends Error {
  override name = "ReplayedTokenError";
}

/** The notification payload: what the sales inbox or webhook needs, without the client IP. */
function notificationPayload(kind: string, row: Record<string, unknown>) {
  const { clientIp: _ip, idempotencyKey: _key, ...lead } = row;
  return { kind, lead };
}

/** The booking inquiry an idempotency key already stored, if any. */
export async function findBookingByKey(db: Db, key: string) {
  const [row] = await db
    .select({ id: bookingInquiries.id, workEmail: bookingInquiries.workEmail, name: bookingInquiries.name })
    .from(bookingInquiries)
    .where(eq(bookingInquiries.idempotencyKey, key));
  return row ?? null;
}

export async function findContactByKey(db: Db, key: string) {
  const [row] = await db
    .select({ id: contactRequests.id, workEmail: contactRequests.email, name: contactRequests.name })
    .from(contactRequests)
    .where(eq(contactRequests.idempotencyKey, key));
  return row ?? null;
}

/**
 * Stores the lead, marks its bot token used and queues its notifications, all in one
 * transaction: a lead is never stored without its outbox rows, nor a token burnt without a lead.
 */
export async function storeBookingInquiry(
  db: Db,
  channels: NotificationChannel[],
  lead: BookingLead,
  evidence: LeadEvidence,
  tokenHash: string | null,
): Promise<StoreResult> {
  return storeWithOutbox(db, channels, "booking_inquiry", tokenHash, async (tx) => {
    const [row] = await tx
      .insert(bookingInquiries)
      .values({ ...lead, ...evidence })
      .onConflictDoNothing({ target: bookingInquiries.idempotencyKey })
      .returning();
    return row;
  });
}

export async function storeContactRequest(
  db: Db,
  channels: NotificationChannel[],
  lead: Omit<ContactFormValues, "company_size"> & { company_size?: string | null },
  evidence: LeadEvidence,
  tokenHash: string | null,
): Promise<StoreResult> {
  return storeWithOutbox(db, channels, "contact_request", tokenHash, async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        name: lead.name,
        company: lead.company,
        role: lead.role,
        email: lead.email,
        phone: lead.phone,
        industry: lead.industry,
        companySize: lead.company_size ?? null,
        notes: lead.notes,
        ...evidence,
      })
      .onConflictDoNothing({ target: contactRequests.idempotencyKey })
      .returning();
    return row;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The one transaction every lead goes through: claim the bot token, insert the lead (nothing
 * when its idempotency key exists: a duplicate), queue one outbox row per channel, then wake the
 * worker once committed.
 */
async function storeWithOutbox<Row extends { id: string }>(
  db: Db,
  channels: NotificationChannel[],
  leadKind: "booking_inquiry" | "contact_request",
  tokenHash: string | null,
  insertLead: (tx: Tx) => Promise<Row | undefined>,
): Promise<StoreResult> {
  const result = await db.transaction(async (tx) => {
    if (tokenHash) await claimToken(tx, tokenHash);
    const row = await insertLead(tx);
    if (!row) return { outcome: "duplicate", id: null } as const;
    if (channels.length > 0) {
      const payload = notificationPayload(leadKind, row);
      await tx.insert(leadOutbox).values(channels.map((channel) => ({ leadKind, leadId: row.id, channel, payload })));
    }
    return { outcome: "created", id: row.id } as const;
  });
  if (result.outcome === "created" && channels.length > 0) signalLeadStored();
  return result;
}

async function claimToken(tx: Tx, tokenHash: string) {
  const claimed = await tx.insert(usedBotTokens).values({ tokenHash }).onConflictDoNothing().returning({ tokenHash: usedBotTokens.tokenHash });
  if (claimed.length === 0) throw new ReplayedTokenError("bot token already used");
}
