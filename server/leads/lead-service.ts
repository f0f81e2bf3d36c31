import { sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { leadEvents, leadOutbox, leads, usedBotTokens } from "../db/schema";
import type { BookingSourceForm } from "@shared/schemas/booking-request";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import type { LeadSource } from "@shared/schemas/lead-desk";
import type { LeadEvidence as StoredEvidence } from "@shared/api/lead-desk-api";
import { signalLeadStored } from "../platform/outbox-signal";
import { databaseBuckets, decide, type DatabaseBucketRow, type LimitSpec, type RateLimitDecision, type RateLimiter } from "../platform/rate-limiter";
import type { LeadFit } from "./lead-fit";
import { giveTurnBack, ownerForNewLead, type NewLeadOwner } from "./lead-routing";
import type { NotificationChannelName, NotificationTopicName } from "@shared/api/admin-notifications-api";

/** Where a notification goes, and what about (shared/api/admin-notifications-api.ts has each). */
export type NotificationChannel = NotificationChannelName;
export type NotificationTopic = NotificationTopicName;

/** One notification a new lead queues: on which channel, about what, and how long after the lead it is due. */
export type PlannedNotification = { channel: NotificationChannel; topic: NotificationTopic; delaySeconds: number; topicRef?: string };

/**
 * The staff channels configured for a lead: the sales inbox by e-mail, Slack. Slack is held for a
 * lead sent without JavaScript while the bot check is on (`no_script`): nothing verified it, so it
 * does not page the channel, not even with the enterprise alert; the staff e-mail and the inbox
 * show it marked unverified (docs/decisions/0501). A lead whose bot check is off notifies as any other.
 */
function staffChannels(notify: AppConfig["notify"], botCheck: BotCheckOutcome): NotificationChannel[] {
  const channels: NotificationChannel[] = [];
  if (notify.smtpUrl && notify.to) channels.push("email");
  if (notify.slackWebhookUrl && botCheck !== "no_script") channels.push("slack");
  return channels;
}

/**
 * The notifications a new lead queues, from configuration and its bot check: the new lead on every
 * channel (the staff e-mail, the signed webhook, Slack); for a booking or enterprise lead, a
 * follow-up alert to staff LEADS_FOLLOW_UP_MINUTES later (delivered only if no meeting was booked
 * by then), and, where turned on and only for a lead whose bot check passed, one e-mail to the
 * prospect at the same time (docs/decisions/0704).
 */
export function notificationPlan(config: Pick<AppConfig, "notify" | "leads"> & Partial<Pick<AppConfig, "hubspot">>, kind: LeadKind, botCheck: BotCheckOutcome): PlannedNotification[] {
  const { notify, leads } = config;
  const plan: PlannedNotification[] = [];
  const staff = staffChannels(notify, botCheck);
  for (const channel of staff) plan.push({ channel, topic: "lead_stored", delaySeconds: 0 });
  if (notify.webhookUrl && notify.webhookSecret) plan.push({ channel: "webhook", topic: "lead_stored", delaySeconds: 0 });
  // Every lead, as the webhook gets it: the contact and its deal (docs/decisions/0720).
  if (config.hubspot) plan.push({ channel: "hubspot", topic: "lead_stored", delaySeconds: 0 });
  // The owner paged (docs/decisions/0711): queued only for a lead that got an owner, and the
  // enterprise alert only for an enterprise-fit lead (storeLead filters the plan per lead), on
  // Slack only where the lead's Slack notices are not held (staffChannels).
  if (notify.smtpUrl) plan.push({ channel: "owner_email", topic: "owner_assigned", delaySeconds: 0 });
  if (staff.includes("slack")) plan.push({ channel: "slack", topic: "enterprise_alert", delaySeconds: 0 });
  // The first-contact check (docs/decisions/0711): round 1, due when the target passes; for an
  // Unassigned lead too, which then goes to whoever is in rotation by then (or raises the alert).
  if (leads.reassign.max > 0) {
    plan.push({ channel: "lead_desk", topic: "first_contact_due", delaySeconds: Math.max(1, Math.round(leads.firstContactMinutes * 60)), topicRef: "1" });
  }
  if (kind === "booking_inquiry") {
    const delaySeconds = Math.round(leads.followUpMinutes * 60);
    for (const channel of staff) plan.push({ channel, topic: "follow_up", delaySeconds });
    if (leads.prospectReminder && notify.smtpUrl && botCheck === "passed") {
      plan.push({ channel: "prospect_email", topic: "prospect_reminder", delaySeconds });
    }
  }
  return plan;
}


export type LeadKind = "booking_inquiry" | "contact_request";

/**
 * Evidence stored with every lead: where it came from (the desk's LeadEvidence), the first blog
 * post read in its tab (docs/decisions/0801), its key, and the bot check's verdict.
 */
export type LeadEvidence = Omit<StoredEvidence, "botCheck"> & { firstArticlePath: string | null; idempotencyKey: string; botCheck: BotCheckOutcome };

/** A booking dialog's or an enterprise form's fields, as stored. */
export type BookingForm = {
  kind: "booking_inquiry";
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

/** The /contact form's fields, as stored. */
export type ContactForm = {
  kind: "contact_request";
  name: string;
  company: string;
  role: string | null;
  email: string;
  phone: string | null;
  industry: string;
  companySize: string | null;
  notes: string | null;
};

/** The form a lead was sent with: its kind says which. */
export type LeadForm = BookingForm | ContactForm;

/** The address the form gave. */
export const formEmail = (form: LeadForm): string => (form.kind === "booking_inquiry" ? form.workEmail : form.email);

/**
 * The fields that make a submission the same lead, as one comparable string: every field the
 * visitor typed or chose, e-mail case aside. Not the bot-check token, the attribution or the
 * consent text version: a legitimate retry may carry a fresh token, a later page or a newer
 * version, and is still the same lead. A key reused with any other value here is a conflict.
 */
export function leadFields(form: LeadForm): string {
  if (form.kind === "booking_inquiry") {
    return JSON.stringify([form.sourceForm, form.name, form.jobTitle, form.workEmail.toLowerCase(), form.companyName, form.totalCalls, form.aiGoal, form.tcpaConsent]);
  }
  return JSON.stringify([form.name, form.company, form.role, form.email.toLowerCase(), form.phone, form.industry, form.companySize, form.notes]);
}

type LeadRow = typeof leads.$inferSelect;

/** A booking lead's source: its form's (a booking lead never comes from the contact form). */
export function bookingSourceOf(source: LeadSource): BookingSourceForm {
  if (source === "contact_form") throw new Error("a booking lead whose source is the contact form");
  return source;
}

/** The form a stored lead was sent with (a lead stored with a key always has its kind's fields). */
function formOf(row: LeadRow): LeadForm {
  if (row.kind === "booking_inquiry") {
    return {
      kind: row.kind,
      sourceForm: bookingSourceOf(row.source),
      name: row.name,
      jobTitle: row.jobTitle ?? "",
      workEmail: row.email,
      companyName: row.company,
      totalCalls: row.totalCalls,
      aiGoal: row.aiGoal,
      tcpaConsent: row.tcpaConsent ?? false,
      consentTextVersion: row.consentTextVersion ?? "",
    };
  }
  return {
    kind: row.kind,
    name: row.name,
    company: row.company,
    role: row.role,
    email: row.email,
    phone: row.phone,
    industry: row.industry ?? "",
    companySize: row.companySize,
    notes: row.notes,
  };
}

/** The lead's columns for its form: name, e-mail, company and source are every form's. */
function formColumns(form: LeadForm) {
  if (form.kind === "booking_inquiry") {
    const { kind, sourceForm, name, workEmail, companyName, jobTitle, aiGoal, totalCalls, tcpaConsent, consentTextVersion } = form;
    return { kind, source: sourceForm, name, email: workEmail, company: companyName, jobTitle, aiGoal, totalCalls, tcpaConsent, consentTextVersion };
  }
  const { kind, name, company, role, email, phone, industry, companySize, notes } = form;
  return { kind, source: "contact_form" as const, name, email, company, role, phone, industry, companySize, notes };
}

/** A lead an idempotency key already stored: its id, and the fields it was stored with (leadFields). */
export type StoredByKey = { id: string; fields: string };

/**
 * The lead of this kind an idempotency key already stored, if any, with its fields: the row itself
 * is the record of what the key stood for, so no separate hash is kept (docs/decisions/0101).
 */
export async function findLeadByKey(db: Db, kind: LeadKind, key: string): Promise<StoredByKey | null> {
  const [row] = await db.select().from(leads).where(sql`${leads.kind} = ${kind} and ${leads.idempotencyKey} = ${key}`);
  return row ? { id: row.id, fields: leadFields(formOf(row)) } : null;
}

export type StoreResult =
  | { outcome: "created"; id: string }
  | { outcome: "duplicate" }
  | { outcome: "replayed" }
  | { outcome: "limited"; decision: RateLimitDecision & { allowed: false } };

/** The per-address limit a store counts against in its own transaction (see RateLimiter). */
export type StoreLimit = { limiter: RateLimiter; spec: LimitSpec };

/**
 * A new lead's id, chosen before it is stored (the booking reference is made from it), the
 * hash of that reference (booking and enterprise leads; null for contact requests), and its fit
 * (lead-fit.ts).
 */
export type LeadIdentity = { id: string; referenceHash: string | null; fit: LeadFit };

/** A lead to store: its form and evidence, who it is, what it queues, its bot token, the limit it counts against. */
export type NewLead = {
  form: LeadForm;
  evidence: LeadEvidence;
  identity: LeadIdentity;
  plan: PlannedNotification[];
  /** SHA-256 of its bot-check token, claimed so that a replay is refused; null without a token. */
  tokenHash: string | null;
  /** Given when the submission was not counted before (docs/decisions/0102). */
  limit?: StoreLimit;
};

/**
 * Stores a lead in one transaction (docs/decisions/0102): counts the submission against its
 * address's limit (when `limit` is given), claims its bot token, chooses the lead's owner
 * (lead-routing.ts), inserts the lead with that owner (nothing when its idempotency key is stored
 * already, and the rotation's turn is given back), writes the first lines of its timeline and
 * queues its notifications. Each step stops the transaction short where
 * the submission goes no further, and what came before it is committed: a refused submission is
 * still counted, a replayed token or a duplicate still spends what it claimed. A lead is never
 * stored without its outbox rows, nor a token burnt without a lead, nor anything stored past the
 * limit.
 */
export async function storeLead(db: Db, lead: NewLead): Promise<StoreResult> {
  const { form, limit } = lead;
  let bucket: DatabaseBucketRow | undefined;
  const stored = await db.transaction(async (tx): Promise<StoreResult> => {
    if (limit) {
      bucket = await databaseBuckets(tx).count(limit.spec);
      const decision = decide(limit.spec, bucket);
      if (!decision.allowed) return { outcome: "limited", decision };
    }
    if (lead.tokenHash) {
      const claimed = await tx.insert(usedBotTokens).values({ tokenHash: lead.tokenHash }).onConflictDoNothing().returning({ tokenHash: usedBotTokens.tokenHash });
      if (claimed.length === 0) return { outcome: "replayed" };
    }
    const { fit } = lead.identity;
    // Routed first, so that the lead is inserted with its owner.
    const owner = await ownerForNewLead(tx, { email: formEmail(form), fitTier: fit.tier });
    const [row] = await tx
      .insert(leads)
      .values({
        id: lead.identity.id,
        ...formColumns(form),
        ...lead.evidence,
        referenceHash: lead.identity.referenceHash,
        fitTier: fit.tier,
        emailKind: fit.emailKind,
        ownerUserId: owner?.id ?? null,
      })
      .onConflictDoNothing({ target: [leads.kind, leads.idempotencyKey] })
      .returning({ id: leads.id, createdAt: leads.createdAt });
    if (!row) {
      if (owner) await giveTurnBack(tx, owner);
      return { outcome: "duplicate" };
    }

    const stored: StoredLead = { ...row, kind: form.kind, source: formColumns(form).source, fitTier: fit.tier };
    await tx.insert(leadEvents).values(firstEntries(stored, owner));
    const outbox = outboxRows(stored, notificationPayload(stored, lead), lead.plan, owner);
    if (outbox.length > 0) await tx.insert(leadOutbox).values(outbox);
    return { outcome: "created", id: row.id };
  });
  // Remembered once committed, so that what this instance refuses from memory the database refused.
  if (limit) limit.limiter.settle(limit.spec, bucket);
  if (stored.outcome === "created" && lead.plan.some((p) => p.delaySeconds === 0)) signalLeadStored();
  return stored;
}

/** What the rest of the transaction needs of the lead just inserted. */
type StoredLead = { id: string; createdAt: Date; kind: LeadKind; source: LeadSource; fitTier: LeadFit["tier"] };

/**
 * The lead's first timeline entries: created, then its owner. Both at the lead's created_at (the
 * transaction's now()), the owner's a microsecond later so that the timeline keeps their order.
 */
function firstEntries(lead: StoredLead, owner: NewLeadOwner | null): PgInsertValue<typeof leadEvents>[] {
  const entries: PgInsertValue<typeof leadEvents>[] = [{ leadId: lead.id, at: sql`now()`, type: "created", data: { source: lead.source } }];
  if (owner) {
    entries.push({
      leadId: lead.id,
      at: sql`now() + interval '1 microsecond'`,
      type: "owner_changed",
      data: { from: null, to: { id: owner.id, email: owner.email }, reason: owner.reason, rotation: owner.rotation },
    });
  }
  return entries;
}

/**
 * One outbox row per planned notification, due its delay after the lead: the owner's page only
 * for a lead that got an owner, the enterprise alert only for an enterprise-fit lead.
 */
function outboxRows(lead: StoredLead, payload: NotificationPayload, plan: PlannedNotification[], owner: NewLeadOwner | null): PgInsertValue<typeof leadOutbox>[] {
  return plan
    .filter((p) => (p.topic !== "owner_assigned" || owner !== null) && (p.topic !== "enterprise_alert" || lead.fitTier === "enterprise"))
    .map((p) => ({
      leadKind: lead.kind,
      leadId: lead.id,
      channel: p.channel,
      topic: p.topic,
      topicRef: p.topicRef ?? "",
      payload: p.channel === "lead_desk" ? {} : payload,
      nextAttemptAt: sql`now() + make_interval(secs => ${p.delaySeconds})`,
    }));
}

type NotificationPayload = { kind: LeadKind; lead: Record<string, unknown> };

/**
 * The notification payload: the lead as the sales inbox, the webhook and HubSpot read it, its
 * form's fields named as its form's table named them (a booking's workEmail, companyName and
 * sourceForm), its evidence without the client IP and the idempotency key. Receivers parse this
 * shape: it does not change with how the lead is stored. Built from what was inserted, not read back.
 */
function notificationPayload(stored: StoredLead, { form, evidence }: NewLead): NotificationPayload {
  const { kind, ...fields } = form;
  const { pagePath, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent, userAgent, botCheck } = evidence;
  return {
    kind,
    lead: { id: stored.id, createdAt: stored.createdAt.toJSON(), ...fields, pagePath, referrer, utmSource, utmMedium, utmCampaign, utmTerm, utmContent, userAgent, botCheck },
  };
}
