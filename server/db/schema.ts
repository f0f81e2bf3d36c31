import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  primaryKey,
  pgTable,
  pgView,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { appRoles } from "@shared/schemas/admin";
import { botCheckOutcomes, bookingSourceForms } from "@shared/schemas/lead-sources";
import { leadSources, leadStatuses } from "@shared/schemas/lead-desk";
import { emailKinds, fitTiers } from "@shared/schemas/lead-fit";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Authentication (better-auth). Keys are the model and field names better-auth expects; ids are
// uuids (advanced.database.generateId = "uuid") so user_roles.user_id can be a uuid foreign key.
// ---------------------------------------------------------------------------------------------

export const users = pgTable("auth_users", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  /** Set while an admin has taken this staff member's access away: no sign-in, no session (docs/decisions/0206). */
  deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "auth_accounts",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "auth_verifications",
  {
    id: uuid("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "auth_two_factors",
  {
    id: uuid("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("auth_two_factors_user_id_idx").on(t.userId), index("auth_two_factors_secret_idx").on(t.secret)],
);

/**
 * Passkeys (better-auth's passkey plugin, docs/decisions/0207): a staff member's WebAuthn
 * credentials, by which they sign in without a password. Only the public key is stored.
 */
export const passkeys = pgTable(
  "auth_passkeys",
  {
    id: uuid("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("auth_passkeys_user_id_idx").on(t.userId)],
);

/** better-auth's rate-limit store (storage: "database"), shared by every server instance. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: uuid("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

export const appRole = pgEnum("app_role", appRoles);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: appRole("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("user_roles_user_id_role_key").on(t.userId, t.role), index("user_roles_created_at_idx").on(t.createdAt)],
);

/**
 * A colleague invited by an admin (docs/decisions/0205): the SHA-256 of a single-use token (the
 * token itself is only in the e-mail), its own expiry, and how it ended: accepted or revoked.
 * Resending replaces the token and the expiry. At most one open invitation per address.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: appRole("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_invitations_open_email_key").on(t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorUserId: uuid("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details"),
  },
  // Keyset pages newest first, unfiltered or by action (docs/decisions/0203); retention deletes by age.
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_action_created_at_idx").on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Leads (docs/decisions/0101, 0701): one row per lead in `leads`, whichever form it came from,
// with the form's fields, its evidence and its lifecycle; and the lead's timeline.
// ---------------------------------------------------------------------------------------------

/** Which form a booking inquiry came from: the type of the booking_inquiries view's source_form. */
export const leadSource = pgEnum("lead_source", bookingSourceForms);
export const leadOrigin = pgEnum("lead_origin", leadSources);
export const leadStatus = pgEnum("lead_status", leadStatuses);

/**
 * A lead: the form the visitor sent, the evidence kept with it, and its life on the desk. Its id is
 * the booking reference's source (lead-reference.ts), the outbox's lead_id and the page's
 * /admin/leads/:id. `version` grows with every change, so an edit made on a stale copy is refused
 * instead of overwriting a newer one.
 *
 * The form's fields are typed columns, not a JSON document (docs/decisions/0101): name, e-mail,
 * company and source are every form's (a booking's work_email, company_name and source_form); the
 * rest belong to one kind and are null on the other, as the checks below hold. A row without an
 * idempotency key is a desk row whose form was never stored (none is known; the one-lead-table migration keeps
 * one as it found it): it has no form fields, and the booking_inquiries and contact_requests
 * views leave it out, as their tables did.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: ["booking_inquiry", "contact_request"] }).notNull(),
    source: leadOrigin("source").notNull(),
    createdAt: createdAt(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    /** A booking or enterprise form's own fields. */
    jobTitle: text("job_title"),
    aiGoal: text("ai_goal"),
    totalCalls: integer("total_calls"),
    tcpaConsent: boolean("tcpa_consent"),
    consentTextVersion: text("consent_text_version"),
    /** The contact form's own fields. */
    role: text("role"),
    phone: text("phone"),
    industry: text("industry"),
    companySize: text("company_size"),
    notes: text("notes"),
    /** Attribution and consent evidence, as the visitor's request carried it. */
    pagePath: text("page_path"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    /** The first blog post read in the tab the lead came from (docs/decisions/0801); null: none, or not known. */
    firstArticlePath: text("first_article_path"),
    clientIp: text("client_ip"),
    userAgent: text("user_agent"),
    /** The submission's key (docs/decisions/0101), unique per kind as each form's table had it. */
    idempotencyKey: text("idempotency_key"),
    /** Null on leads stored before the outcome was recorded. */
    botCheck: text("bot_check", { enum: botCheckOutcomes }),
    status: leadStatus("status").notNull().default("new"),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    /** SHA-256 of the lead's booking reference (booking and enterprise leads): see lead-reference.ts. */
    referenceHash: text("reference_hash").unique(),
    /** When the lead first left New, by a staff move or a booked meeting: speed to lead. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    /** The current meeting (cleared when it is cancelled without a new one). */
    meetingBookedAt: timestamp("meeting_booked_at", { withTimezone: true }),
    meetingStartsAt: timestamp("meeting_starts_at", { withTimezone: true }),
    meetingInviteeUri: text("meeting_invitee_uri"),
    /** What the status was when the current meeting was booked: where a cancellation returns it. */
    statusBeforeMeeting: leadStatus("status_before_meeting"),
    /**
     * Fit at submit (docs/decisions/0710): size tier from calls per month, and the kind of e-mail
     * address (null on leads stored before addresses were checked).
     */
    fitTier: text("fit_tier", { enum: fitTiers }).notNull().default("unknown"),
    emailKind: text("email_kind", { enum: emailKinds }),
    /**
     * The lead's records in HubSpot (docs/decisions/0720), each stored as soon as HubSpot answers
     * with it, so a retried hand-off reuses them instead of creating a second contact or deal.
     */
    hubspotContactId: text("hubspot_contact_id"),
    hubspotDealId: text("hubspot_deal_id"),
    /**
     * Whether this lead's hand-off created its HubSpot contact (true) or found one already there
     * (false): only a contact this site created gets its lead status set (docs/decisions/0720).
     * Null until the contact is known, and on leads handed over before this was recorded.
     */
    hubspotContactCreated: boolean("hubspot_contact_created"),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("leads_kind_idempotency_key_key").on(t.kind, t.idempotencyKey),
    index("leads_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("leads_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("leads_owner_created_at_idx").on(t.ownerUserId, t.createdAt.desc(), t.id.desc()),
    index("leads_source_created_at_idx").on(t.source, t.createdAt.desc(), t.id.desc()),
    index("leads_fit_tier_created_at_idx").on(t.fitTier, t.createdAt.desc(), t.id.desc()),
    index("leads_email_kind_created_at_idx").on(t.emailKind, t.createdAt.desc(), t.id.desc()),
    index("leads_meeting_booked_at_idx").on(t.meetingBookedAt).where(sql`${t.meetingBookedAt} is not null`),
    index("leads_email_idx").on(sql`lower(${t.email})`),
    // The scheduler's deliveries that carry no reference find their lead through its current meeting.
    index("leads_meeting_invitee_uri_idx").on(t.meetingInviteeUri).where(sql`${t.meetingInviteeUri} is not null`),
    check("leads_meeting_only_on_bookings", sql`${t.kind} = 'booking_inquiry' or ${t.meetingBookedAt} is null`),
    check("leads_total_calls_range", sql`${t.totalCalls} is null or (${t.totalCalls} between 1 and 1000000)`),
    // Each kind's required fields when its form is stored, and none of the other kind's.
    check(
      "leads_booking_fields",
      sql`case when ${t.kind} = 'booking_inquiry'
        then ${t.idempotencyKey} is null or (${t.jobTitle} is not null and ${t.tcpaConsent} is not null and ${t.consentTextVersion} is not null)
        else ${t.jobTitle} is null and ${t.aiGoal} is null and ${t.totalCalls} is null and ${t.tcpaConsent} is null and ${t.consentTextVersion} is null end`,
    ),
    check(
      "leads_contact_fields",
      sql`case when ${t.kind} = 'contact_request'
        then ${t.idempotencyKey} is null or ${t.industry} is not null
        else ${t.role} is null and ${t.phone} is null and ${t.industry} is null and ${t.companySize} is null and ${t.notes} is null end`,
    ),
  ],
);

/**
 * The specification's booking inquiry (booking and enterprise leads) and the contact form's
 * request, under the names and with the columns their tables had before `leads` held them: views
 * over `leads` made by the one-lead-table migration (drizzle/*_one_lead_table.sql), which operators' queries and reports read. Read-only here;
 * `.existing()` keeps drizzle-kit from creating or dropping them.
 */
export const bookingInquiries = pgView("booking_inquiries", {
  id: uuid("id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  name: text("name").notNull(),
  workEmail: text("work_email").notNull(),
  companyName: text("company_name").notNull(),
  jobTitle: text("job_title").notNull(),
  aiGoal: text("ai_goal"),
  totalCalls: integer("total_calls"),
  tcpaConsent: boolean("tcpa_consent").notNull(),
  sourceForm: leadSource("source_form").notNull(),
  consentTextVersion: text("consent_text_version").notNull(),
  pagePath: text("page_path"),
  referrer: text("referrer"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  clientIp: text("client_ip"),
  userAgent: text("user_agent"),
  idempotencyKey: text("idempotency_key").notNull(),
  botCheck: text("bot_check", { enum: botCheckOutcomes }),
}).existing();

export const contactRequests = pgView("contact_requests", {
  id: uuid("id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  name: text("name").notNull(),
  company: text("company").notNull(),
  role: text("role"),
  email: text("email").notNull(),
  phone: text("phone"),
  industry: text("industry").notNull(),
  companySize: text("company_size"),
  notes: text("notes"),
  pagePath: text("page_path"),
  referrer: text("referrer"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  clientIp: text("client_ip"),
  userAgent: text("user_agent"),
  idempotencyKey: text("idempotency_key").notNull(),
  botCheck: text("bot_check", { enum: botCheckOutcomes }),
}).existing();

/**
 * A lead's timeline: what happened to it, when and by whom (actor null: the visitor, the scheduler
 * or the system). `dedupe_key`, where set, makes an event that can arrive twice (a scheduler's
 * webhook, the page's own report of the same booking, an outbox delivery) count once.
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    type: text("type").notNull(),
    actorUserId: uuid("actor_user_id"),
    actorEmail: text("actor_email"),
    data: jsonb("data").notNull().default({}),
    dedupeKey: text("dedupe_key").unique(),
    /**
     * Insertion order: entries of one lead with the same `at` (written in one statement or one
     * transaction) are read in the order they were written, at, then seq (docs/decisions/0701).
     */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index("lead_events_lead_at_idx").on(t.leadId, t.at, t.seq)],
);

/**
 * Transactional outbox: each stored lead writes one row per notification channel in the same
 * transaction; workers claim due rows with FOR UPDATE SKIP LOCKED and deliver them.
 * A claim is a lease (locked_until) plus a fresh claim_token: a worker reports the outcome only
 * where the token is still its own, so one whose lease ran out changes nothing (docs/decisions/0103).
 * After LEADS_OUTBOX_MAX_ATTEMPTS failures the row is dead (dead_at) until staff retry it. The
 * payload (a copy of the lead) is cleared on delivery; the row stays as the delivery's receipt.
 */
export const leadOutbox = pgTable(
  "lead_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    leadKind: text("lead_kind").notNull(),
    leadId: uuid("lead_id").notNull(),
    channel: text("channel").notNull(),
    /**
     * What the notification is about: `lead_stored` (a new lead), `follow_up` (a booking or
     * enterprise lead still without a meeting, due LEADS_FOLLOW_UP_MINUTES after it arrived),
     * `meeting_booked`, `prospect_reminder`. `topic_ref` tells apart several of one topic (the
     * meeting's invitee).
     */
    topic: text("topic").notNull().default("lead_stored"),
    topicRef: text("topic_ref").notNull().default(""),
    /** Delivered without sending: a follow-up whose lead booked meanwhile. */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    /** Null once delivered. */
    payload: jsonb("payload"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    deadAt: timestamp("dead_at", { withTimezone: true }),
  },
  (t) => [
    index("lead_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null and ${t.deadAt} is null`),
    index("lead_outbox_dead_idx").on(t.deadAt).where(sql`${t.deadAt} is not null`),
    // Delivered rows still carrying a payload (written by an older version): what housekeeping clears.
    index("lead_outbox_delivered_payload_idx").on(t.deliveredAt).where(sql`${t.deliveredAt} is not null and ${t.payload} is not null`),
    unique("lead_outbox_lead_channel_topic_key").on(t.leadId, t.channel, t.topic, t.topicRef),
    check("lead_outbox_payload_until_delivered", sql`${t.payload} is not null or ${t.deliveredAt} is not null`),
  ],
);

/**
 * Lead routing (docs/decisions/0711): each staff member's own settings. No row: the defaults
 * (taking leads, general rotation only, always working). Working hours are local times in
 * `time_zone` on `work_days` (ISO weekdays, 1 = Monday); null start/end: any time of day.
 */
export const leadDeskStaff = pgTable(
  "lead_desk_staff",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    takingLeads: boolean("taking_leads").notNull().default(true),
    enterpriseRotation: boolean("enterprise_rotation").notNull().default(false),
    timeZone: text("time_zone").notNull().default("UTC"),
    workDays: integer("work_days").array(),
    workStart: time("work_start"),
    workEnd: time("work_end"),
    updatedAt: updatedAt(),
  },
  (t) => [check("lead_desk_staff_hours_both_or_neither", sql`(${t.workStart} is null) = (${t.workEnd} is null)`)],
);

/**
 * One row per rotation ('general', 'enterprise'): how many leads it has handed out. The statement
 * that stores a lead increments it (INSERT ... ON CONFLICT DO UPDATE, which locks the row and reads
 * its latest version), so concurrent submissions on any instance take consecutive turns.
 */
export const leadRotations = pgTable("lead_rotations", {
  name: text("name").primaryKey(),
  turn: bigint("turn", { mode: "number" }).notNull().default(0),
});

/** Fixed-window request counters shared by every instance (lead endpoints). */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Bot-check tokens already used, so a replayed token is refused even across instances. */
export const usedBotTokens = pgTable(
  "used_bot_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("used_bot_tokens_used_at_idx").on(t.usedAt)],
);

// ---------------------------------------------------------------------------------------------
// First-party funnel analytics (docs/decisions/0801). Nothing here identifies a person: a
// visitor is a salted hash of one UTC day's address and user agent, and the day's salt is deleted
// once the day is over.
// ---------------------------------------------------------------------------------------------

/** One random salt per UTC day (hex), created by the first event of the day, deleted after it. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/**
 * Raw events, as the page sent them (and the server's own funnel steps), kept
 * ANALYTICS_RETENTION_DAYS. No key of their own: they are only ever written in batches and deleted
 * by day; the reports read visits and rollups.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    day: date("day", { mode: "string" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The first 128 bits of sha256(salt ‖ address ‖ user agent), as a uuid. */
    visitor: uuid("visitor").notNull(),
    name: text("name").notNull(),
    path: text("path"),
    detail: text("detail"),
  },
  (t) => [index("analytics_events_day_idx").on(t.day)],
);

/**
 * One row per visitor-day: the attribution its first event set ('' where unknown or none), one
 * flag per funnel step, and the day's page views and demo plays. Kept as long as the raw events.
 */
export const analyticsVisits = pgTable(
  "analytics_visits",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: uuid("visitor").notNull(),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
    entryPath: text("entry_path").notNull().default(""),
    referrerHost: text("referrer_host").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    device: text("device", { enum: ["phone", "tablet", "desktop"] }).notNull(),
    ctaClick: boolean("cta_click").notNull().default(false),
    dialogOpen: boolean("dialog_open").notNull().default(false),
    formStart: boolean("form_start").notNull().default(false),
    submitted: boolean("submitted").notNull().default(false),
    meetingBooked: boolean("meeting_booked").notNull().default(false),
    pageviews: integer("pageviews").notNull().default(0),
    demoPlays: integer("demo_plays").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/**
 * A finished day's visits, counted per attribution: what reports read for every rolled-up day.
 * Made from analytics_visits by housekeeping; rolling a day up again replaces its rows. Kept after
 * the raw rows are deleted: counts only.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    entryPath: text("entry_path").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    referrerHost: text("referrer_host").notNull(),
    device: text("device", { enum: ["phone", "tablet", "desktop"] }).notNull(),
    visitors: integer("visitors").notNull(),
    ctaClicks: integer("cta_clicks").notNull(),
    dialogOpens: integer("dialog_opens").notNull(),
    formStarts: integer("form_starts").notNull(),
    submissions: integer("submissions").notNull(),
    meetingsBooked: integer("meetings_booked").notNull(),
    pageviews: integer("pageviews").notNull(),
    demoPlays: integer("demo_plays").notNull(),
  },
  (t) => [index("analytics_daily_day_idx").on(t.day)],
);

/**
 * What the report reads for a rolled-up day, made from that day's analytics_daily rows: for no
 * filter and for each value of each dimension (source, campaign, landing, device) as the filter,
 * the counts in total and per value of every other dimension. A day is then a few dozen rows per
 * filter however many attribution combinations it had, so a year's report reads thousands of
 * rows, not the cross product (docs/decisions/0801). filter_dimension '' is no filter;
 * dimension 'total' is the filter's total.
 */
export const analyticsDailyBreakdowns = pgTable(
  "analytics_daily_breakdowns",
  {
    day: date("day", { mode: "string" }).notNull(),
    filterDimension: text("filter_dimension").notNull(),
    filterValue: text("filter_value").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    ctaClicks: integer("cta_clicks").notNull(),
    dialogOpens: integer("dialog_opens").notNull(),
    formStarts: integer("form_starts").notNull(),
    submissions: integer("submissions").notNull(),
    meetingsBooked: integer("meetings_booked").notNull(),
    pageviews: integer("pageviews").notNull(),
    demoPlays: integer("demo_plays").notNull(),
  },
  (t) => [
    primaryKey({ name: "analytics_daily_breakdowns_pk", columns: [t.day, t.filterDimension, t.filterValue, t.dimension, t.value] }),
    index("analytics_daily_breakdowns_filter_idx").on(t.filterDimension, t.filterValue, t.day),
  ],
);

/**
 * A finished day's counts per published blog post (docs/decisions/0801), made from that day's raw
 * events by the same rollup as analytics_daily and kept after them: the visitors who viewed the
 * post and those who pressed a Book demo button on it, each once a day. Only posts' paths: every
 * other page is in analytics_daily's landing pages, and an unknown /blog/<x> was stored as (other).
 */
export const analyticsDailyPosts = pgTable(
  "analytics_daily_posts",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    visitors: integer("visitors").notNull(),
    ctaClicks: integer("cta_clicks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Days rolled up into analytics_daily (an empty day too): reports read those from the rollups. */
export const analyticsRollupDays = pgTable("analytics_rollup_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Stored files (server/platform/file-storage.ts, docs/decisions/0902): the bytes of the site's
// uploaded images live in the database, so every instance serves them and a backup holds them.
// ---------------------------------------------------------------------------------------------

/** PostgreSQL bytea: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * One immutable file: its bytes never change once stored (its URL is cached for a year). An
 * uploaded image is several rows: its largest re-encoded size (`variant_of` null: the image's
 * id) and each smaller size pointing at it; deleting the image deletes its sizes. The upload
 * itself is not kept (docs/decisions/0902).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantOf: uuid("variant_of").references((): AnyPgColumn => storedFiles.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** Hex SHA-256 of `data`: the served ETag. */
    sha256: text("sha256").notNull(),
    /** Pixels, for images. */
    width: integer("width"),
    height: integer("height"),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("stored_files_variant_of_idx").on(t.variantOf),
    check("stored_files_byte_size_check", sql`${t.byteSize} = octet_length(${t.data})`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Content (docs/decisions/0903): what the studio publishes, one publishing model for every kind.
// ---------------------------------------------------------------------------------------------

/**
 * One entry of the studio (a post; later the site's own words): the draft staff edit, and the
 * published copy the site reads, each a JSON document its kind's zod schema checks on every write
 * (shared/schemas/content.ts). `version` grows with every write, so a save made on a stale copy is
 * refused (409) instead of overwriting a colleague's. `slug` is the draft's; `published_slug` the
 * one the site answers to. `publish_at` is set while the entry is scheduled.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["draft", "scheduled", "published"] }).notNull().default("draft"),
    title: text("title").notNull(),
    slug: text("slug"),
    draft: jsonb("draft").notNull(),
    published: jsonb("published"),
    publishedSlug: text("published_slug"),
    /** When it was first published: the post's date on the site, kept through later publishes. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("content_entries_kind_slug_key").on(t.kind, t.slug),
    uniqueIndex("content_entries_kind_published_slug_key").on(t.kind, t.publishedSlug),
    index("content_entries_kind_updated_idx").on(t.kind, t.updatedAt.desc()),
    index("content_entries_due_idx").on(t.publishAt).where(sql`${t.status} = 'scheduled'`),
    check("content_entries_scheduled_has_time", sql`(${t.status} = 'scheduled') = (${t.publishAt} is not null)`),
    // A live entry has its copy, a draft none; a scheduled one may be live already (the prices and
    // FAQ items schedule changes while their current copy stays on the site: decision 0904).
    check("content_entries_published_has_copy", sql`(${t.status} = 'published' and ${t.published} is not null) or (${t.status} = 'draft' and ${t.published} is null) or ${t.status} = 'scheduled'`),
  ],
);

/**
 * Every write of an entry, kept: who, when, what it did and the draft it left. A post's history
 * lists them and restores one (as a new write, so restoring is itself undoable).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    action: text("action", { enum: ["create", "save", "publish", "unpublish", "schedule", "restore", "scheduled-publish", "close"] }).notNull(),
    draft: jsonb("draft").notNull(),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [unique("content_revisions_entry_version_key").on(t.entryId, t.version)],
);

/** A published entry's former slugs: their URLs answer with a permanent redirect to its current one. */
export const contentRedirects = pgTable(
  "content_redirects",
  {
    kind: text("kind").notNull(),
    fromSlug: text("from_slug").notNull(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "content_redirects_pk", columns: [t.kind, t.fromSlug] })],
);

/**
 * One row: a number every change to what the site shows moves, in the change's own transaction.
 * Each instance reads it every second and renders its pages again when it moved
 * (server/content/site-content.ts), so a publish shows everywhere without a build or a restart.
 */
export const contentState = pgTable(
  "content_state",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("content_state_one_row", sql`${t.id} = 1`)],
);
