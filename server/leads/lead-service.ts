import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { bookingInquiries, contactRequests, leadEvents, leadOutbox, leadRotations, leads, usedBotTokens } from "../db/schema";
import type { BookingSourceForm } from "@shared/schemas/booking-request";
import type { ContactFormValues } from "@shared/schemas/contact-request";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import type { LeadEvidence as StoredEvidence } from "@shared/api/lead-desk-api";
import { signalLeadStored } from "./outbox-signal";
import { bucketHitSql, limitValues, type LimitSpec, type RateLimitDecision, type RateLimiter } from "./rate-limiter";
import { compiled, runCompiled } from "./compiled-sql";
import type { LeadFit } from "./lead-fit";
import { CLOSED_STATUSES, eligibleStaffSql } from "./lead-routing";
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
  // enterprise alert only for an enterprise-fit lead (storeSql filters the plan per lead), on
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

/** Evidence stored with every lead: where it came from (the desk's LeadEvidence), its key, and the bot check's verdict. */
export type LeadEvidence = Omit<StoredEvidence, "botCheck"> & { idempotencyKey: string; botCheck: BotCheckOutcome };

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

/** A lead an idempotency key already stored: its id, and the fields it was stored with (leadFields). */
export type StoredByKey = { id: string; fields: string };

/**
 * The fields that make a submission the same lead, as one comparable string: every field the
 * visitor typed or chose, e-mail case aside. Not the bot-check token, the attribution or the
 * consent text version: a legitimate retry may carry a fresh token, a later page or a newer
 * version, and is still the same lead. A key reused with any other value here is a conflict.
 */
export function bookingLeadFields(l: Pick<BookingLead, "sourceForm" | "name" | "jobTitle" | "workEmail" | "companyName" | "totalCalls" | "aiGoal" | "tcpaConsent">): string {
  return JSON.stringify([l.sourceForm, l.name, l.jobTitle, l.workEmail.toLowerCase(), l.companyName, l.totalCalls ?? null, l.aiGoal ?? null, l.tcpaConsent]);
}

export function contactLeadFields(l: {
  name: string;
  company: string;
  role?: string | null;
  email: string;
  phone?: string | null;
  industry: string;
  companySize?: string | null;
  notes?: string | null;
}): string {
  return JSON.stringify([l.name, l.company, l.role ?? null, l.email.toLowerCase(), l.phone ?? null, l.industry, l.companySize ?? null, l.notes ?? null]);
}

/**
 * The booking inquiry an idempotency key already stored, if any, with its fields: the row itself
 * is the record of what the key stood for, so no separate hash is kept (docs/decisions/0101).
 */
export async function findBookingByKey(db: Db, key: string): Promise<StoredByKey | null> {
  const [row] = await db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, key));
  return row ? { id: row.id, fields: bookingLeadFields(row) } : null;
}

export async function findContactByKey(db: Db, key: string): Promise<StoredByKey | null> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.idempotencyKey, key));
  return row ? { id: row.id, fields: contactLeadFields(row) } : null;
}

export type StoreResult =
  | { outcome: "created"; id: string }
  | { outcome: "duplicate" }
  | { outcome: "replayed" }
  | { outcome: "limited"; decision: RateLimitDecision & { allowed: false } };

/** The per-address limit a store counts against in its own statement (see RateLimiter). */
export type StoreLimit = { limiter: RateLimiter; spec: LimitSpec };

/**
 * Stores the lead, marks its bot token used and queues its notifications in one statement, and
 * counts the submission against its address's limit in that same statement when `limit` is given:
 * one round trip and one commit per lead (docs/decisions/0102). A lead is never stored without
 * its outbox rows, nor a token burnt without a lead, nor anything stored past the limit.
 */
export async function storeBookingInquiry(
  db: Db,
  plan: PlannedNotification[],
  lead: BookingLead,
  evidence: LeadEvidence,
  identity: LeadIdentity,
  tokenHash: string | null,
  limit?: StoreLimit,
): Promise<StoreResult> {
  const values = { id: identity.id, ...lead, ...evidence };
  return storeLead(db, { table: bookingInquiries, kind: "booking_inquiry", values, identity, plan, tokenHash, limit });
}

export async function storeContactRequest(
  db: Db,
  plan: PlannedNotification[],
  lead: Omit<ContactFormValues, "company_size"> & { company_size?: string | null },
  evidence: LeadEvidence,
  identity: LeadIdentity,
  tokenHash: string | null,
  limit?: StoreLimit,
): Promise<StoreResult> {
  const values = {
    id: identity.id,
    name: lead.name,
    company: lead.company,
    role: lead.role,
    email: lead.email,
    phone: lead.phone,
    industry: lead.industry,
    companySize: lead.company_size ?? null,
    notes: lead.notes,
    ...evidence,
  };
  return storeLead(db, { table: contactRequests, kind: "contact_request", values, identity, plan, tokenHash, limit });
}

/**
 * A new lead's id, chosen before it is stored (the booking reference is made from it), the
 * hash of that reference (booking and enterprise leads; null for contact requests), and its fit
 * (lead-fit.ts), stored on the desk's row.
 */
export type LeadIdentity = { id: string; referenceHash: string | null; fit: LeadFit };

type LeadTable = typeof bookingInquiries | typeof contactRequests;

/** What the one statement answers: the limit's bucket (when counted), the token claim, the new lead. */
type StoreRow = { count: number | null; ms_left: number | null; token_claimed: boolean; lead_id: string | null };

/**
 * The one statement every lead goes through, as data-modifying CTEs (each sees the same snapshot;
 * they talk only through RETURNING):
 *   hit      the address's bucket, +1 (when a limit is given)
 *   admitted one row when under the limit
 *   token    the bot token's hash, claimed when admitted (a racing claim waits, then finds it taken)
 *   lead     the row, when admitted and the token is ours; nothing when its idempotency key exists
 *   desk     the lead desk's row for it (docs/decisions/0701): status New, its reference's hash
 *   created  the first line of its timeline
 *   outbox   one row per planned notification, with its payload (payloadSql) and due time
 * Parameters are cast to their columns' types: in INSERT ... SELECT they have no target to infer from.
 */
async function storeLead(
  db: Db,
  options: {
    table: LeadTable;
    kind: LeadKind;
    values: Record<string, unknown>;
    identity: LeadIdentity;
    plan: PlannedNotification[];
    tokenHash: string | null;
    limit: StoreLimit | undefined;
  },
): Promise<StoreResult> {
  const { table, kind, values, identity, plan, tokenHash, limit } = options;
  const desk = { referenceHash: identity.referenceHash, fitTier: identity.fit.tier, emailKind: identity.fit.emailKind };
  const fields = Object.keys(values);
  const planShape = plan.map((p) => `${p.channel}:${p.topic}:${p.delaySeconds}:${p.topicRef ?? ""}`).join(",");
  const shape = [kind, fields.join(","), planShape, tokenHash ? "token" : "", limit ? "limit" : ""].join("|");
  const statement = compiled(shape, () => storeSql(table, kind, fields, plan, Boolean(tokenHash), Boolean(limit)));
  const rows = await runCompiled<StoreRow>(db, statement, { ...values, ...desk, tokenHash, ...(limit ? limitValues(limit.spec) : {}) });
  const row = rows[0]!;
  if (limit) {
    const decision = limit.limiter.settle(limit.spec, { count: Number(row.count), ms_left: Number(row.ms_left) });
    if (!decision.allowed) return { outcome: "limited", decision };
  }
  if (!row.token_claimed) return { outcome: "replayed" };
  if (!row.lead_id) return { outcome: "duplicate" };
  if (plan.some((p) => p.delaySeconds === 0)) signalLeadStored();
  return { outcome: "created", id: row.lead_id };
}

/** How the desk's copy of name, e-mail, company and source reads from each submission table. */
const deskColumns: Record<LeadKind, { email: string; company: string; source: SQL }> = {
  booking_inquiry: { email: "work_email", company: "company_name", source: sql`lead.source_form::text::lead_origin` },
  contact_request: { email: "email", company: "company", source: sql`'contact_form'::lead_origin` },
};

/** storeLead's statement for one shape, with placeholders named after `fields`, referenceHash, tokenHash and limitValues(). */
function storeSql(table: LeadTable, kind: LeadKind, fields: string[], plan: PlannedNotification[], withToken: boolean, withLimit: boolean): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names: SQL[] = [];
  const params: SQL[] = [];
  for (const field of fields) {
    const column = columns[field];
    if (!column) throw new Error(`no column for ${field}`);
    names.push(sql`${sql.identifier(column.name)}`);
    params.push(sql`${sql.placeholder(field)}::${sql.raw(column.getSQLType())}`);
  }
  const ctes: SQL[] = [];
  if (withLimit) {
    ctes.push(sql`hit as (${bucketHitSql()})`);
    ctes.push(sql`admitted as (select 1 from hit where hit.count <= ${sql.placeholder("limitMax")}::int)`);
  } else {
    ctes.push(sql`admitted as (select 1)`);
  }
  if (withToken) {
    ctes.push(
      sql`token as (insert into ${usedBotTokens} (token_hash) select ${sql.placeholder("tokenHash")}::text from admitted on conflict do nothing returning 1)`,
    );
  }
  const admittedLead = withToken ? sql`admitted where exists (select 1 from token)` : sql`admitted`;
  ctes.push(
    sql`lead as (insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(params, sql`, `)} from ${admittedLead}
      on conflict (idempotency_key) do nothing returning *)`,
  );
  const desk = deskColumns[kind];
  ctes.push(...routingCtes(desk.email));
  ctes.push(
    sql`desk as (insert into ${leads} (id, kind, source, created_at, name, email, company, reference_hash, fit_tier, email_kind, owner_user_id)
      select lead.id, ${sql.raw(`'${kind}'`)}, ${desk.source}, lead.created_at, lead.name, lead.${sql.identifier(desk.email)},
        lead.${sql.identifier(desk.company)}, ${sql.placeholder("referenceHash")}::text, ${sql.placeholder("fitTier")}::text,
        ${sql.placeholder("emailKind")}::text, (select id from owner)
      from lead returning 1)`,
  );
  ctes.push(
    sql`created as (insert into ${leadEvents} (lead_id, at, type, data)
      select lead.id, lead.created_at, 'created', jsonb_build_object('source', ${desk.source}) from lead returning 1)`,
  );
  // The owner's entry, a microsecond after the created one so the timeline keeps their order.
  ctes.push(
    sql`assigned as (insert into ${leadEvents} (lead_id, at, type, data)
      select lead.id, lead.created_at + interval '1 microsecond', 'owner_changed',
        jsonb_build_object('from', null, 'to', jsonb_build_object('id', staff.id, 'email', staff.email),
          'reason', case when exists (select 1 from sticky) then 'same_address' else 'rotation' end, 'rotation', rotation.name)
      from lead cross join rotation join owner on true join staff on staff.id = owner.id returning 1)`,
  );
  if (plan.length > 0) {
    const list = (values: string[], type: string) => sql.raw(`array[${values.join(", ")}]::${type}[]`);
    ctes.push(
      sql`outbox as (insert into ${leadOutbox} (lead_kind, lead_id, channel, topic, topic_ref, payload, next_attempt_at)
        select ${sql.raw(`'${kind}'`)}, lead.id, plan.channel, plan.topic, plan.ref,
          case when plan.channel = 'lead_desk' then '{}'::jsonb else ${payloadSql(kind, columns)} end,
          lead.created_at + make_interval(secs => plan.delay)
        from lead cross join unnest(${list(plan.map((p) => `'${p.channel}'`), "text")}, ${list(plan.map((p) => `'${p.topic}'`), "text")},
          ${list(plan.map((p) => String(p.delaySeconds)), "int")}, ${list(plan.map((p) => `'${p.topicRef ?? ""}'`), "text")}) as plan(channel, topic, delay, ref)
        where (plan.topic <> 'owner_assigned' or (select id from owner) is not null)
          and (plan.topic <> 'enterprise_alert' or ${sql.placeholder("fitTier")}::text = 'enterprise')
        returning 1)`,
    );
  }
  return sql`with ${sql.join(ctes, sql`, `)}
    select ${withLimit ? sql`hit.count, hit.ms_left` : sql`null::int as count, null::float8 as ms_left`},
      ${withToken ? sql`exists (select 1 from token)` : sql`true`} as token_claimed,
      (select lead.id from lead) as lead_id
    ${withLimit ? sql`from hit` : sql``}`;
}

/**
 * Who gets the new lead, in the statement that stores it (docs/decisions/0711):
 *   staff     everyone who may be given a lead now (lead-routing.ts), their accounts locked FOR
 *             SHARE before the turn is taken, against a concurrent deactivation
 *   sticky    the owner of an open lead from the same address, if they may be given one now
 *   rotation  'enterprise' for an enterprise-fit lead when someone is in that rotation, else 'general'
 *   pool      that rotation's members in a fixed order (when their account was made), numbered
 *   turn      the rotation's counter, +1: INSERT ... ON CONFLICT DO UPDATE locks the row and reads
 *             its latest committed version, so concurrent statements on any instance wait for one
 *             another and take consecutive turns (turn n goes to member (n - 1) mod size)
 *   owner     the sticky owner, else the member whose turn it is; null when nobody may be given one
 * No turn is taken when no lead is stored (a duplicate, a replay, past the limit).
 */
function routingCtes(emailColumn: string): SQL[] {
  return [
    sql`staff as (${eligibleStaffSql({ lock: true })})`,
    sql`sticky as (select o.owner_user_id as id from lead
      join ${leads} o on lower(o.email) = lower(lead.${sql.identifier(emailColumn)})
      join staff on staff.id = o.owner_user_id
      where o.status::text not in (${sql.raw(CLOSED_STATUSES.map((status) => `'${status}'`).join(", "))})
      order by o.created_at desc limit 1)`,
    sql`rotation as (select case when ${sql.placeholder("fitTier")}::text = 'enterprise' and exists (select 1 from staff where staff.ent)
      then 'enterprise' else 'general' end as name)`,
    sql`pool as (select staff.id, (row_number() over (order by staff.joined, staff.id) - 1)::bigint as pos, count(*) over () as size
      from staff cross join rotation where rotation.name = 'general' or staff.ent)`,
    sql`turn as (insert into ${leadRotations} (name, turn)
      select rotation.name, 1 from rotation
      where exists (select 1 from lead) and not exists (select 1 from sticky) and exists (select 1 from pool)
      on conflict (name) do update set turn = ${leadRotations}.turn + 1
      returning turn)`,
    sql`owner as (select coalesce((select id from sticky), (select pool.id from pool cross join turn where pool.pos = (turn.turn - 1) % pool.size)) as id)`,
  ];
}

/**
 * The notification payload, built from the stored row in the statement: what the sales inbox or
 * webhook needs, as drizzle would name and JSON would write the row (createdAt as a Date's
 * toJSON()), without the client IP and the idempotency key.
 */
function payloadSql(kind: string, columns: Record<string, PgColumn>): SQL {
  const fields: SQL[] = [];
  for (const [field, column] of Object.entries(columns)) {
    if (field === "clientIp" || field === "idempotencyKey") continue;
    const value =
      field === "createdAt"
        ? sql`to_char(lead.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`lead.${sql.identifier(column.name)}`;
    fields.push(sql`${sql.raw(`'${field}'`)}, ${value}`);
  }
  return sql`jsonb_build_object('kind', ${sql.raw(`'${kind}'`)}, 'lead', jsonb_build_object(${sql.join(fields, sql`, `)}))`;
}
