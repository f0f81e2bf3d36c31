import { aliasedTable, and, asc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type {
  LeadDeskSummary,
  LeadDetailResponse,
  LeadEvidence,
  LeadOwnerRef,
  LeadsPage,
  LeadSubmission,
  LeadSummary,
  LeadTimelineEntry,
  LeadTimelineType,
  LeadUpdateRefusalCode,
  StaffMember,
} from "@shared/api/lead-desk-api";
import {
  LEAD_OWNER_MESSAGE,
  LEAD_STALE_MESSAGE,
  LEAD_TRANSITION_MESSAGE,
  canMoveLead,
  type LeadFilters,
  type LeadStatus,
  type LeadUpdate,
} from "@shared/schemas/lead-desk";
import { ENTERPRISE_CALLS_PER_MONTH_DEFAULT, fitLabels, type EmailKind, type FitTier } from "@shared/schemas/lead-fit";
import type { Db } from "../db/client";
import { leadDeskRoles } from "@shared/schemas/admin";
import { leadEvents, leads, userRoles, users } from "../db/schema";
import type { HubSpotConfig } from "../config";
import { hubspotRecords } from "../leads/hubspot";
import { queueLeadNotification } from "../leads/notification-queue";
import { wakeOutbox } from "../platform/outbox-signal";
import { writeAudit } from "../platform/audit-log";
import { afterCursor, containsPattern, cursorTimestamp, dayEnd, dayStart, encodeCursor, newestFirst, type Cursor } from "../platform/keyset-cursor";

/**
 * The lead desk's reads and changes (docs/decisions/0701): the inbox's keyset pages, the
 * dashboard's counts, a lead's page, and the staff's changes and notes, each change one timeline
 * entry and one audit row in the transaction that makes it.
 */

const l = leads;
const owner = aliasedTable(users, "owner");

/**
 * The deployment's first-contact target, in minutes (LEADS_FIRST_CONTACT_MINUTES), and its
 * enterprise threshold (LEADS_ENTERPRISE_CALLS_PER_MONTH).
 */
export type DeskSettings = {
  firstContactMinutes: number;
  enterpriseCallsPerMonth?: number;
  /** The HubSpot hand-off's account, when on (docs/decisions/0720): status changes go there, and the lead page links to the records. */
  hubspot?: Pick<HubSpotConfig, "appUrl" | "portalId"> | null;
};

/** Staff acting on a lead: the signed-in admin. */
export type DeskActor = { userId: string; email: string };

/** The instant before which a lead still in New is overdue, read from the statement's own now(). */
const overdueBefore = (settings: DeskSettings) => sql`now() - make_interval(secs => ${settings.firstContactMinutes * 60}::float8)`;

const summaryColumns = (settings: DeskSettings) => ({
  id: l.id,
  kind: l.kind,
  createdAt: l.createdAt,
  source: l.source,
  name: l.name,
  email: l.email,
  company: l.company,
  status: l.status,
  ownerId: owner.id,
  ownerEmail: owner.email,
  ownerName: owner.name,
  firstResponseAt: l.firstResponseAt,
  meetingStartsAt: l.meetingStartsAt,
  overdue: sql<boolean>`(${l.status} = 'new' and ${l.createdAt} < ${overdueBefore(settings)})`,
  fitTier: l.fitTier,
  emailKind: l.emailKind,
  version: l.version,
  cursorTs: cursorTimestamp(l.createdAt),
});

type SummaryRow = {
  id: string;
  createdAt: Date;
  source: LeadSummary["source"];
  name: string;
  email: string;
  company: string;
  status: LeadStatus;
  ownerId: string | null;
  ownerEmail: string | null;
  ownerName: string | null;
  firstResponseAt: Date | null;
  meetingStartsAt: Date | null;
  overdue: boolean;
  fitTier: FitTier;
  emailKind: EmailKind | null;
  version: number;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toSummary(row: SummaryRow): LeadSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    source: row.source,
    name: row.name,
    email: row.email,
    company: row.company,
    status: row.status,
    owner: row.ownerId ? { id: row.ownerId, email: row.ownerEmail ?? "", name: row.ownerName ?? "" } : null,
    firstResponseAt: iso(row.firstResponseAt),
    meetingStartsAt: iso(row.meetingStartsAt),
    // node-postgres and PGlite both answer a boolean expression as a boolean; be strict anyway.
    overdue: row.overdue === true,
    fit: { tier: row.fitTier, emailKind: row.emailKind, labels: fitLabels({ tier: row.fitTier, emailKind: row.emailKind ?? "work" }) },
    version: row.version,
  };
}

/**
 * The inbox's filters as conditions on `leads` alone, so each can use its index (0701): status,
 * owner and source each lead an index on (column, created_at desc, id desc); overdue is the status
 * index's New range; dates and paging are the created_at index. `settings` (the first-contact
 * target) is needed only by the overdue filter; the bookings list has none.
 */
export function leadFilterConditions(filters: LeadFilters, settings?: DeskSettings): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(l.name, pattern), ilike(l.email, pattern), ilike(l.company, pattern))!);
  }
  if (filters.source) conditions.push(eq(l.source, filters.source));
  if (filters.status) conditions.push(eq(l.status, filters.status));
  if (filters.owner === "none") conditions.push(isNull(l.ownerUserId));
  else if (filters.owner) conditions.push(eq(l.ownerUserId, filters.owner));
  if (filters.fit === "enterprise") conditions.push(eq(l.fitTier, "enterprise"));
  else if (filters.fit === "free_email") conditions.push(eq(l.emailKind, "free"));
  else if (filters.fit === "disposable_email") conditions.push(eq(l.emailKind, "disposable"));
  else if (filters.fit === "work_email") conditions.push(eq(l.emailKind, "work"));
  if (filters.overdue) {
    if (!settings) throw new Error("The overdue filter needs the deployment's first-contact target");
    conditions.push(eq(l.status, "new"), lt(l.createdAt, overdueBefore(settings)));
  }
  if (filters.notBooked) conditions.push(eq(l.kind, "booking_inquiry"), isNull(l.meetingBookedAt));
  if (filters.bookedFrom) conditions.push(gte(l.meetingBookedAt, dayStart(filters.bookedFrom)));
  if (filters.from) conditions.push(gte(l.createdAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(l.createdAt, dayEnd(filters.to)));
  return conditions;
}

/** One page's query (exported for scripts/bench-admin-leads.ts, which EXPLAINs it). */
export function leadPageQuery(db: Db, filters: LeadFilters, cursor: Cursor | null, limit: number, settings: DeskSettings) {
  const conditions = leadFilterConditions(filters, settings);
  if (cursor) conditions.push(afterCursor(l.createdAt, l.id, cursor));
  return db
    .select(summaryColumns(settings))
    .from(l)
    .leftJoin(owner, eq(owner.id, l.ownerUserId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...newestFirst(l.createdAt, l.id))
    .limit(limit);
}

/** One page of the inbox, newest first, and the cursor of the next page (null on the last). */
export async function listLeads(db: Db, filters: LeadFilters, cursor: Cursor | null, limit: number, settings: DeskSettings): Promise<LeadsPage> {
  const rows = await leadPageQuery(db, filters, cursor, limit + 1, settings);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null,
    firstContactTargetMinutes: settings.firstContactMinutes,
  };
}

/**
 * The dashboard's counts in one statement, at one now(). Each count is its own subquery on the
 * index that serves it, rather than one pass over every lead with FILTER clauses (0701).
 * "Today", "this week" (from Monday) and "the last seven days" (today and the six days before)
 * are whole UTC days, so each card's count is what the inbox lists under its filter.
 */
export function leadDeskSummarySql(settings: DeskSettings): SQL {
  const today = sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
  const monday = sql`(date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')`;
  return sql`select
    (select count(*) from ${l} where ${l.createdAt} >= ${today})::int as "newToday",
    (select count(*) from ${l} where ${l.status} = 'new')::int as "awaitingFirstContact",
    (select count(*) from ${l} where ${l.status} = 'new' and ${l.createdAt} < ${overdueBefore(settings)})::int as "overdue",
    (select count(*) from ${l} where ${l.meetingBookedAt} >= ${monday})::int as "meetingsBookedThisWeek",
    (select count(*) from ${l} where ${l.kind} = 'booking_inquiry' and ${l.meetingBookedAt} is null
      and ${l.createdAt} >= ${today} - interval '6 days')::int as "submittedNotBooked"`;
}

export async function leadDeskSummary(db: Db, settings: DeskSettings): Promise<LeadDeskSummary> {
  const result = await db.execute<Record<keyof Omit<LeadDeskSummary, "firstContactTargetMinutes">, number>>(leadDeskSummarySql(settings));
  const row = result.rows[0]!;
  return {
    newToday: Number(row.newToday),
    awaitingFirstContact: Number(row.awaitingFirstContact),
    overdue: Number(row.overdue),
    meetingsBookedThisWeek: Number(row.meetingsBookedThisWeek),
    submittedNotBooked: Number(row.submittedNotBooked),
    firstContactTargetMinutes: settings.firstContactMinutes,
  };
}

async function leadSummary(db: Db, id: string, settings: DeskSettings): Promise<LeadSummary | null> {
  const [row] = await db.select(summaryColumns(settings)).from(l).leftJoin(owner, eq(owner.id, l.ownerUserId)).where(eq(l.id, id));
  return row ? toSummary(row) : null;
}

/** Everyone who may own a lead: the users with a staff role, admin or moderator (docs/decisions/0204). */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  return db
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(inArray(userRoles.role, [...leadDeskRoles]))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
}

/** Where a submission came from and how it was checked: every lead list and export shows these. */
export const evidenceColumns = {
  pagePath: l.pagePath,
  referrer: l.referrer,
  utmSource: l.utmSource,
  utmMedium: l.utmMedium,
  utmCampaign: l.utmCampaign,
  utmTerm: l.utmTerm,
  utmContent: l.utmContent,
  clientIp: l.clientIp,
  userAgent: l.userAgent,
  botCheck: l.botCheck,
};

/** The form's own fields and its evidence: the other kind's fields are null on a lead. */
export const submissionColumns = {
  jobTitle: l.jobTitle,
  totalCalls: l.totalCalls,
  aiGoal: l.aiGoal,
  tcpaConsent: l.tcpaConsent,
  consentTextVersion: l.consentTextVersion,
  role: l.role,
  phone: l.phone,
  industry: l.industry,
  companySize: l.companySize,
  notes: l.notes,
  ...evidenceColumns,
};

type SubmissionRow = {
  jobTitle: string | null;
  totalCalls: number | null;
  aiGoal: string | null;
  tcpaConsent: boolean | null;
  consentTextVersion: string | null;
  role: string | null;
  phone: string | null;
  industry: string | null;
  companySize: string | null;
  notes: string | null;
};

function toSubmission(kind: "booking_inquiry" | "contact_request", row: SubmissionRow): LeadSubmission {
  if (kind === "booking_inquiry") {
    return {
      kind,
      jobTitle: row.jobTitle ?? "",
      totalCalls: row.totalCalls,
      aiGoal: row.aiGoal,
      tcpaConsent: row.tcpaConsent ?? false,
      consentTextVersion: row.consentTextVersion ?? "",
    };
  }
  return { kind, role: row.role, phone: row.phone, industry: row.industry ?? "", companySize: row.companySize, notes: row.notes };
}

function toEvidence(row: Record<keyof LeadEvidence, unknown>): LeadEvidence {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    pagePath: text(row.pagePath),
    referrer: text(row.referrer),
    utmSource: text(row.utmSource),
    utmMedium: text(row.utmMedium),
    utmCampaign: text(row.utmCampaign),
    utmTerm: text(row.utmTerm),
    utmContent: text(row.utmContent),
    clientIp: text(row.clientIp),
    userAgent: text(row.userAgent),
    botCheck: (text(row.botCheck) as LeadEvidence["botCheck"]) ?? null,
  };
}

type EventRow = { id: string; at: Date; type: string; actorUserId: string | null; actorEmail: string | null; data: unknown };

function toTimelineEntry(row: EventRow): LeadTimelineEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    type: row.type as LeadTimelineType,
    actor: row.actorUserId || row.actorEmail ? { id: row.actorUserId, email: row.actorEmail } : null,
    data: row.data && typeof row.data === "object" && !Array.isArray(row.data) ? (row.data as Record<string, unknown>) : {},
  };
}

const eventColumns = {
  id: leadEvents.id,
  at: leadEvents.at,
  type: leadEvents.type,
  actorUserId: leadEvents.actorUserId,
  actorEmail: leadEvents.actorEmail,
  data: leadEvents.data,
};

/**
 * A lead's page: the lead with what the visitor gave and the evidence kept with it, its timeline
 * oldest first, and who may own it. Null when there is no such lead. A lead whose form was never
 * stored (the one-lead-table migration keeps any it found) shows with empty fields.
 * `articleTitles` names the published posts by path: the first article read shows by its title
 * while its post is published (docs/decisions/0801).
 */
export async function getLeadDetail(db: Db, id: string, settings: DeskSettings, articleTitles: ReadonlyMap<string, string> = new Map()): Promise<LeadDetailResponse | null> {
  const [[row], timeline, staff] = await Promise.all([
    db
      .select({
        ...summaryColumns(settings),
        ...submissionColumns,
        firstArticlePath: l.firstArticlePath,
        hubspotContactId: l.hubspotContactId,
        hubspotDealId: l.hubspotDealId,
        hubspotContactCreated: l.hubspotContactCreated,
      })
      .from(l)
      .leftJoin(owner, eq(owner.id, l.ownerUserId))
      .where(eq(l.id, id)),
    db.select(eventColumns).from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(asc(leadEvents.at), asc(leadEvents.seq)),
    listStaff(db),
  ]);
  if (!row) return null;
  return {
    lead: {
      ...toSummary(row),
      submission: toSubmission(row.kind, row),
      evidence: toEvidence(row),
      firstArticle: row.firstArticlePath ? { path: row.firstArticlePath, title: articleTitles.get(row.firstArticlePath) ?? null } : null,
      hubspot: settings.hubspot
        ? hubspotRecords(settings.hubspot, { contactId: row.hubspotContactId, dealId: row.hubspotDealId, contactCreated: row.hubspotContactCreated })
        : null,
    },
    timeline: timeline.map(toTimelineEntry),
    staff,
    firstContactTargetMinutes: settings.firstContactMinutes,
    enterpriseCallsPerMonth: settings.enterpriseCallsPerMonth ?? ENTERPRISE_CALLS_PER_MONTH_DEFAULT,
  };
}

/**
 * A staff entry's time: clock_timestamp(), not the transaction's now() (which appendLeadEvent
 * uses). The timeline sorts by time, and the entries of one change (status, then owner) must keep
 * that order: they are written in one statement, each a microsecond after the one before, since
 * the embedded database's clock advances by whole milliseconds. Staff entries need no dedupe key:
 * each request is one change.
 */
const staffEntryTime = (position: number) => sql`clock_timestamp() + make_interval(secs => ${position / 1e6}::float8)`;

type StaffEntry = { type: LeadTimelineType; data: Record<string, unknown> };

async function insertStaffEntries(tx: Db, leadId: string, actor: DeskActor, entries: StaffEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(leadEvents).values(
    entries.map((entry, position) => ({
      leadId,
      type: entry.type,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      data: entry.data,
      at: staffEntryTime(position),
    })),
  );
}

export type UpdateLeadResult =
  | { ok: true; lead: LeadSummary }
  | { ok: false; status: 404; error: string }
  | { ok: false; status: 409; error: string; code: "STALE_LEAD"; lead: LeadSummary }
  | { ok: false; status: 422; error: string; code: LeadUpdateRefusalCode };

export const LEAD_NOT_FOUND = "Lead not found";

/**
 * A staff change of a lead's status and/or owner, made on the version the editor saw (0701).
 * One transaction: the lead is locked (FOR UPDATE) before its version is compared, so of two
 * edits made on the same version the second waits, then reads the first's new version and is
 * refused as stale. The version is compared here, never bound into SQL: any JSON integer passes
 * the schema, and one past PostgreSQL's integer would fail the query instead of being stale.
 * A change to what the lead already is writes nothing and keeps the version.
 */
export async function updateLead(db: Db, actor: DeskActor, id: string, change: LeadUpdate, settings: DeskSettings): Promise<UpdateLeadResult> {
  let queued = 0;
  const result = await db.transaction(async (tx): Promise<UpdateLeadResult> => {
    const [current] = await tx
      .select({ kind: l.kind, status: l.status, ownerUserId: l.ownerUserId, version: l.version })
      .from(l)
      .where(eq(l.id, id))
      .for("update");
    if (!current) return { ok: false, status: 404, error: LEAD_NOT_FOUND };
    if (current.version !== change.version) {
      return { ok: false, status: 409, error: LEAD_STALE_MESSAGE, code: "STALE_LEAD", lead: (await leadSummary(tx, id, settings))! };
    }

    const status = change.status !== undefined && change.status !== current.status ? { from: current.status, to: change.status } : null;
    if (status && !canMoveLead(status.from, status.to)) {
      return { ok: false, status: 422, error: LEAD_TRANSITION_MESSAGE, code: "LEAD_TRANSITION_NOT_ALLOWED" };
    }

    let ownerChange: { from: LeadOwnerRef; to: LeadOwnerRef } | null = null;
    // PostgreSQL reads a uuid in either case; compare as it prints them.
    const ownerId = change.ownerId === undefined || change.ownerId === null ? change.ownerId : change.ownerId.toLowerCase();
    if (ownerId !== undefined && ownerId !== current.ownerUserId) {
      let to: LeadOwnerRef = null;
      if (ownerId !== null) {
        // An active staff member: FOR SHARE keeps the role from being removed and the account from
        // being deactivated until this change has committed (a deactivation in flight is waited
        // for, then refused here).
        const [admin] = await tx
          .select({ id: users.id, email: users.email })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .where(and(eq(userRoles.userId, ownerId), inArray(userRoles.role, [...leadDeskRoles]), isNull(users.deactivatedAt)))
          .for("share", { of: [userRoles, users] });
        if (!admin) return { ok: false, status: 422, error: LEAD_OWNER_MESSAGE, code: "LEAD_OWNER_NOT_STAFF" };
        to = admin;
      }
      let from: LeadOwnerRef = null;
      if (current.ownerUserId) {
        const [previous] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, current.ownerUserId));
        from = previous ?? null;
      }
      ownerChange = { from, to };
    }

    if (status || ownerChange) {
      await tx
        .update(l)
        .set({
          ...(status ? { status: status.to } : {}),
          // Leaving New is the lead's first response (speed to lead); later moves keep the first.
          ...(status?.from === "new" ? { firstResponseAt: sql`coalesce(${l.firstResponseAt}, now())` } : {}),
          ...(ownerChange ? { ownerUserId: ownerChange.to?.id ?? null } : {}),
          version: sql`${l.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(l.id, id));
      const by = { userId: actor.userId, email: actor.email };
      const entries: StaffEntry[] = [];
      if (status) {
        entries.push({ type: "status_changed", data: status });
        await writeAudit(tx, by, { action: "lead.status", target: id, details: status });
        // The contact's lead status in HubSpot follows, through the outbox: one row per change,
        // keyed by the version it made (docs/decisions/0720).
        if (settings.hubspot) {
          queued = await queueLeadNotification(tx, {
            leadId: id,
            leadKind: current.kind,
            channels: ["hubspot"],
            topic: "status_changed",
            topicRef: `v${current.version + 1}`,
            payload: status,
          });
        }
      }
      if (ownerChange) {
        entries.push({ type: "owner_changed", data: ownerChange });
        await writeAudit(tx, by, { action: "lead.owner", target: id, details: ownerChange });
      }
      await insertStaffEntries(tx, id, by, entries);
    }
    return { ok: true, lead: (await leadSummary(tx, id, settings))! };
  });
  if (queued > 0) wakeOutbox();
  return result;
}

/**
 * A staff note, appended to the lead's timeline (notes are never edited, so they need no version).
 * The audit row records that a note was written and its length, not its text: the text is staff
 * data kept on the lead, and the audit log is read by every admin on the users page.
 * Null when there is no such lead.
 */
export async function addLeadNote(db: Db, actor: DeskActor, id: string, text: string): Promise<LeadTimelineEntry | null> {
  return db.transaction(async (tx) => {
    // Inserted only where the lead exists: one statement, no race with a check made before it.
    // Raw SQL: drizzle's INSERT ... SELECT wants every column, and seq is an identity it may not write.
    const { rows } = await tx.execute<{ id: string; at: string | Date; type: string; actor_user_id: string | null; actor_email: string | null; data: unknown }>(sql`
      insert into ${leadEvents} (lead_id, at, type, actor_user_id, actor_email, data)
      select ${l.id}, ${staffEntryTime(0)}, 'note_added', ${actor.userId}::uuid, ${actor.email}::text, jsonb_build_object('text', ${text}::text)
        from ${l} where ${l.id} = ${id}
      returning id, at, type, actor_user_id, actor_email, data`);
    const inserted = rows[0];
    const row: EventRow | undefined = inserted && {
      id: inserted.id,
      at: new Date(inserted.at),
      type: inserted.type,
      actorUserId: inserted.actor_user_id,
      actorEmail: inserted.actor_email,
      data: typeof inserted.data === "string" ? JSON.parse(inserted.data) : inserted.data,
    };
    if (!row) return null;
    await writeAudit(tx, actor, { action: "lead.note", target: id, details: { length: text.length } });
    return toTimelineEntry(row);
  });
}
