import { asc, desc, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import type { AuditEntry } from "@shared/api/admin-api";
import type { PrivacyEraseResponse } from "@shared/api/admin-privacy-api";
import type { Db } from "../db/client";
import { auditLog, bookingInquiries, contactRequests, leadEvents, leadOutbox, leads, rateLimitBuckets } from "../db/schema";
import { toEntry } from "../platform/audit-log";
import { resetRequestLimitKey } from "../auth/auth";
import { signInAccountLimitKey } from "../auth/account-sign-in-limit";
import { lockLeads } from "../leads/lead-lock";

/**
 * A person's data on request (docs/decisions/0706): everything the site holds about one e-mail
 * address, exported as one JSON document, and erased. The address is compared case-insensitively
 * with the one place a lead keeps it: its row in `leads`, which holds the form it was sent with
 * (every source) and its life on the desk. Analytics hold no address and stay.
 */

/** What the answer to an erasure says about copies outside this database. */
export const LEFT_TO_THIRD_PARTIES =
  "Copies already sent before the erasure (the staff e-mail, Slack, the lead webhook and any CRM it feeds, HubSpot, Calendly) are not deleted here: each is left to that system's own deletion.";

const sameAddress = (column: SQLWrapper, email: string) => sql`lower(${column}) = lower(${email})`;

/** The ids of every lead that holds the address. */
async function subjectIds(db: Db, email: string): Promise<string[]> {
  const rows = await db.select({ id: leads.id }).from(leads).where(sameAddress(leads.email, email));
  return rows.map((r) => r.id);
}

/**
 * The desk's side of a lead as the export has always shown it: its life on the desk, without the
 * form's fields (the export's `submission`, read from the booking_inquiries and contact_requests
 * views) and without the reference's hash, which names the lead to the scheduler and says nothing
 * about the person.
 */
const deskColumns = {
  id: leads.id,
  kind: leads.kind,
  source: leads.source,
  createdAt: leads.createdAt,
  name: leads.name,
  email: leads.email,
  company: leads.company,
  status: leads.status,
  ownerUserId: leads.ownerUserId,
  version: leads.version,
  firstResponseAt: leads.firstResponseAt,
  meetingBookedAt: leads.meetingBookedAt,
  meetingStartsAt: leads.meetingStartsAt,
  meetingInviteeUri: leads.meetingInviteeUri,
  statusBeforeMeeting: leads.statusBeforeMeeting,
  fitTier: leads.fitTier,
  emailKind: leads.emailKind,
  hubspotContactId: leads.hubspotContactId,
  hubspotDealId: leads.hubspotDealId,
  hubspotContactCreated: leads.hubspotContactCreated,
  updatedAt: leads.updatedAt,
};

/** What the audit log holds in place of an erased address. */
export const ERASED_ADDRESS = "[erased]";

/** Characters an address's local part may hold: one of them before the address means a longer address. */
const LOCAL_PART = "a-z0-9!#$%&'*+/=?^_`{|}~.-";

/**
 * The address as a PostgreSQL regular expression (case-insensitive with ~* or the `i` flag) that
 * finds it whole inside any text: not preceded by a local-part character, nor followed by a
 * domain character or a dot that goes on, so x+pat@example.com and pat@example.com.au are other
 * people. An address has no character JSON escapes, so it reads the same in a jsonb's text.
 */
function wholeAddress(email: string): string {
  const literal = email.replace(/[\\^$.|?*+()[\]{}]/g, (ch) => `\\${ch}`);
  return `(?<![${LOCAL_PART}])${literal}(?![a-z0-9_-]|\\.[a-z0-9-])`;
}

/**
 * The audit entries about the address: those it acted in (its failed sign-ins, a staff member's
 * own actions) and those whose details hold it (an export's filters, an invitation, a lead's owner).
 */
const aboutAddress = (email: string) =>
  or(sameAddress(auditLog.actorEmail, email), sql`${auditLog.details}::text ~* ${wholeAddress(email)}`);

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A row with its dates as ISO strings, as the exported file writes them. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]));
}

export type PrivacyExport = {
  email: string;
  exportedAt: string;
  /** One entry per lead: its desk row, the submission (with its consent evidence), timeline and notifications. */
  leads: {
    id: string;
    lead: Record<string, unknown> | null;
    submission: { kind: "booking_inquiry" | "contact_request"; fields: Record<string, unknown> } | null;
    timeline: Record<string, unknown>[];
    notifications: Record<string, unknown>[];
  }[];
  /** The audit log's entries about the address, newest first (as the users page lists them). */
  auditEntries: AuditEntry[];
};

/** Everything held about the address, newest lead first. */
export async function exportSubject(db: Db, email: string): Promise<PrivacyExport> {
  const [ids, audit] = await Promise.all([
    subjectIds(db, email),
    db.select().from(auditLog).where(aboutAddress(email)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
  ]);
  const out: PrivacyExport = { email, exportedAt: new Date().toISOString(), leads: [], auditEntries: audit.map(toEntry) };
  if (ids.length === 0) return out;
  const [deskRows, bookings, contacts, events, outbox] = await Promise.all([
    db.select(deskColumns).from(leads).where(inArray(leads.id, ids)),
    db.select().from(bookingInquiries).where(inArray(bookingInquiries.id, ids)),
    db.select().from(contactRequests).where(inArray(contactRequests.id, ids)),
    db.select().from(leadEvents).where(inArray(leadEvents.leadId, ids)).orderBy(asc(leadEvents.at), asc(leadEvents.seq)),
    db
      .select({
        leadId: leadOutbox.leadId,
        createdAt: leadOutbox.createdAt,
        channel: leadOutbox.channel,
        topic: leadOutbox.topic,
        deliveredAt: leadOutbox.deliveredAt,
        skippedAt: leadOutbox.skippedAt,
        deadAt: leadOutbox.deadAt,
        payload: leadOutbox.payload,
      })
      .from(leadOutbox)
      .where(inArray(leadOutbox.leadId, ids))
      .orderBy(asc(leadOutbox.createdAt)),
  ]);
  for (const id of ids) {
    const desk = deskRows.find((r) => r.id === id);
    const booking = bookings.find((r) => r.id === id);
    const contact = contacts.find((r) => r.id === id);
    out.leads.push({
      id,
      lead: desk ? plain(desk) : null,
      submission: booking
        ? { kind: "booking_inquiry", fields: plain(booking) }
        : contact
          ? { kind: "contact_request", fields: plain(contact) }
          : null,
      timeline: events.filter((e) => e.leadId === id).map(({ leadId: _lead, dedupeKey: _key, ...e }) => plain(e)),
      notifications: outbox.filter((o) => o.leadId === id).map(({ leadId: _lead, ...o }) => plain(o)),
    });
  }
  const created = (l: PrivacyExport["leads"][number]) => String(l.lead?.createdAt ?? l.submission?.fields.createdAt ?? "");
  out.leads.sort((a, b) => (created(a) < created(b) ? 1 : created(a) > created(b) ? -1 : 0));
  return out;
}

/**
 * The rate-limit buckets the app keys by one e-mail address (a hash of it, built by the code that
 * counts them): password-reset requests for it and password checks against it. Every other bucket
 * is keyed by a client address or an e-mail domain, shared by everyone behind it, and stays.
 */
const addressBuckets = (email: string) => [resetRequestLimitKey(email), signInAccountLimitKey(email)];

/**
 * Erases the address in one transaction: its leads with the forms they were sent with (their
 * idempotency keys and consent evidence included), their timeline (notes included), every
 * notification row of those leads (pending copies are never sent), and the rate-limit rows keyed
 * by the address. In the
 * audit log the address is replaced by ERASED_ADDRESS wherever it stands (who acted, the details),
 * and the entries stay: what was done, when and by which account is still told.
 * Analytics counts stay: they hold no address.
 */
export async function eraseSubject(db: Db, email: string): Promise<PrivacyEraseResponse["erased"]> {
  return db.transaction(async (tx) => {
    const ids = await subjectIds(tx, email);
    let timelineEntries = 0;
    let notifications = 0;
    let deskLeads = 0;
    let submissions = 0;
    if (ids.length > 0) {
      // The leads' rows first, then their timeline and outbox rows (docs/decisions/0103, "Lock
      // order"): deleting the outbox rows before the leads waited on a booking report that held a
      // lead and queued a notice on one of those rows, and that report waited on this: a deadlock.
      await lockLeads(tx, ids);
      timelineEntries = (await tx.delete(leadEvents).where(inArray(leadEvents.leadId, ids)).returning({ id: leadEvents.id })).length;
      notifications = (await tx.delete(leadOutbox).where(inArray(leadOutbox.leadId, ids)).returning({ id: leadOutbox.id })).length;
      const deleted = await tx.delete(leads).where(inArray(leads.id, ids)).returning({ key: leads.idempotencyKey });
      deskLeads = deleted.length;
      // A form is a lead's with its key (the rows the booking_inquiries and contact_requests views show).
      submissions = deleted.filter((row) => row.key !== null).length;
    }
    const rateLimitRows = (await tx.delete(rateLimitBuckets).where(inArray(rateLimitBuckets.key, addressBuckets(email))).returning({ key: rateLimitBuckets.key })).length;
    const auditEntries = (
      await tx
        .update(auditLog)
        .set({
          actorEmail: sql`case when ${sameAddress(auditLog.actorEmail, email)} then ${ERASED_ADDRESS} else ${auditLog.actorEmail} end`,
          details: sql`regexp_replace(${auditLog.details}::text, ${wholeAddress(email)}, ${ERASED_ADDRESS}, 'gi')::jsonb`,
        })
        .where(aboutAddress(email))
        .returning({ id: auditLog.id })
    ).length;
    return { leads: deskLeads, submissions, timelineEntries, notifications, rateLimitRows, auditEntries };
  });
}
