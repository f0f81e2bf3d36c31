import { z } from "zod";
import type { LeadResponse } from "@shared/api/lead-api";
import type { AppDeps } from "../app-env";
import {
  BOT_CHECK_ACTIONS,
  bookingDialogRequestSchema,
  bookingShapeOf,
  enterpriseRequestSchema,
  type BookingSourceForm,
} from "@shared/schemas/booking-request";
import { contactRequestSchema } from "@shared/schemas/contact-request";
import { stripHiddenCharacters } from "@shared/schemas/lead-fields";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { HONEYPOT_FIELD, idempotencyKeySchema } from "@shared/schemas/lead-meta";
import crypto from "node:crypto";
import { describeInvalidInput, NOT_A_JSON_OBJECT, publicErrorBody } from "../http/validation";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import { BOT_CHECK_MESSAGES, verifyBotToken, type BotCheckResult } from "./bot-check";
import { leadReference, leadReferenceHash } from "./lead-reference";
import { leadFitOf } from "./lead-fit";
import {
  findLeadByKey,
  formEmail,
  leadFields,
  notificationPlan,
  storeLead,
  type BookingForm,
  type LeadEvidence,
  type LeadForm,
  type LeadIdentity,
  type LeadKind,
  type PlannedNotification,
  type StoreLimit,
  type StoredByKey,
} from "./lead-service";
import type { RateLimitDecision } from "../platform/rate-limiter";

export type LeadAnswer = { status: 200 | 400 | 403 | 409 | 429 | 503; body: LeadResponse; retryAfterSeconds?: number };

export const RATE_LIMITED = "Too many submissions from your network. Please try again later.";

/** A lead submission's body as it arrived: the honeypot and the idempotency key are read from it. */
export type LeadBody = Record<string, unknown>;

const isObject = (value: unknown): value is LeadBody => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A body parsed by its form's schema: the parsed fields, which form they are (`shape`), and the
 * body as it arrived (its honeypot and idempotency key are not form fields). A body that is no
 * object at all gets one message.
 */
function submissionSchema<K extends string, S extends z.ZodType>(pick: (body: LeadBody) => { shape: K; schema: S }) {
  return z.custom<LeadBody>(isObject, NOT_A_JSON_OBJECT).transform((body, ctx) => {
    const { shape, schema } = pick(body);
    const parsed = schema.safeParse(body);
    if (parsed.success) return { body, shape, value: parsed.data as z.output<S> };
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });
}

/**
 * POST /api/submit-booking's body: the booking dialog's fields or an enterprise form's, told apart
 * by bookingShapeOf and checked by that form's own schema, so each gets its own messages.
 */
export const bookingSubmissionSchema = submissionSchema((body) => {
  const shape = bookingShapeOf(body);
  return { shape, schema: shape === "booking" ? bookingDialogRequestSchema : enterpriseRequestSchema };
});

/** POST /api/contact's body: the /contact form's fields. */
export const contactSubmissionSchema = submissionSchema(() => ({ shape: "contact" as const, schema: contactRequestSchema }));

export type BookingSubmission = z.output<typeof bookingSubmissionSchema>;
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;

/** What the route knows about the request besides its body. */
export type RequestMeta = {
  clientIp: string;
  userAgent: string | null;
  idempotencyHeader: string | null;
  /**
   * Sent by a form without JavaScript (server/routes/lead-pages.ts): there is no bot-check token
   * to verify, so the lead is stored flagged `no_script` (docs/decisions/0501).
   */
  withoutScript?: boolean;
  /**
   * The per-address limit this submission counts against, once: inside the statement that stores
   * it, or on its own when it is answered otherwise (invalid, honeypot, duplicate) or before an
   * outside bot check.
   */
  limit: StoreLimit;
};

const SUCCESS: LeadAnswer = { status: 200, body: { success: true } };

/** A stored booking or enterprise lead's answer: success and its reference (docs/decisions/0701). */
const bookedAnswer = (reference: string): LeadAnswer => ({ status: 200, body: { success: true, reference } });

function fail(status: LeadAnswer["status"], error: string, fieldErrors?: Record<string, string>): LeadAnswer {
  return { status, body: publicErrorBody({ error, fieldErrors }) };
}

function limited(decision: RateLimitDecision & { allowed: false }): LeadAnswer {
  return { ...fail(429, RATE_LIMITED), retryAfterSeconds: decision.retryAfterSeconds };
}

/**
 * The answer for a submission that stores nothing, once it is counted: the limit refuses first,
 * as it would have had the submission been valid.
 */
async function counted(meta: RequestMeta, answer: LeadAnswer): Promise<LeadAnswer> {
  const decision = await meta.limit.limiter.hit(meta.limit.spec);
  return decision.allowed ? answer : limited(decision);
}

/**
 * The answer to a body its form's schema refused (400 with the messages beside the fields), once
 * counted against the address's limit as a valid submission would be: a refused address gets 429.
 */
export function invalidSubmission(meta: RequestMeta, error: { issues: readonly z.core.$ZodIssue[] }): Promise<LeadAnswer> {
  const { error: message, fieldErrors } = describeInvalidInput(error.issues);
  return counted(meta, fail(400, message, fieldErrors));
}

/**
 * A filled honeypot: a field people never see, so a bot filled the form. Checked once the form's
 * own fields are valid, and answered exactly as a stored lead is (docs/decisions/0102): a bot
 * learns nothing about what tripped it, and nothing is stored or sent.
 */
function honeypotFilled(record: LeadBody): boolean {
  const honeypot = record[HONEYPOT_FIELD];
  return honeypot !== undefined && honeypot !== null && honeypot !== "";
}

/** The check both endpoints share once the form's own fields are valid: the idempotency key. */
function preflight(record: LeadBody, meta: RequestMeta): LeadAnswer | { body: LeadBody; idempotencyKey: string; clientKey: boolean } {
  const rawKey = meta.idempotencyHeader ?? record.idempotency_key;
  // Without a client key the submission cannot be a retry: a fresh key, and no lookup needed.
  if (rawKey === undefined || rawKey === null) return { body: record, idempotencyKey: `server-${crypto.randomUUID()}`, clientKey: false };
  const key = idempotencyKeySchema.safeParse(rawKey);
  if (!key.success) return fail(400, key.error.issues[0]!.message, { idempotency_key: key.error.issues[0]!.message });
  return { body: record, idempotencyKey: key.data, clientKey: true };
}

type Attribution = {
  page_path?: string | null;
  referrer?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  first_article_path?: string | null;
};

function evidenceOf(
  attribution: Attribution | undefined,
  idempotencyKey: string,
  meta: RequestMeta,
  botCheck: BotCheckOutcome,
): LeadEvidence {
  const a = attribution ?? {};
  return {
    botCheck,
    idempotencyKey,
    pagePath: a.page_path ?? null,
    referrer: a.referrer ?? null,
    utmSource: a.utm_source ?? null,
    utmMedium: a.utm_medium ?? null,
    utmCampaign: a.utm_campaign ?? null,
    utmTerm: a.utm_term ?? null,
    utmContent: a.utm_content ?? null,
    firstArticlePath: a.first_article_path ?? null,
    clientIp: meta.clientIp === "unknown" ? null : meta.clientIp,
    // Header bytes 0x80-0xFF decode to C1 controls; the value is shown in the staff e-mail.
    userAgent: meta.userAgent ? stripHiddenCharacters(meta.userAgent).slice(0, 512) || null : null,
  };
}

const IDEMPOTENCY_CONFLICT = "This submission key was already used for a different request.";


/**
 * The row for either body shape: the booking dialog's carries total_calls and no ai_goal, an
 * enterprise form's the other way round; the absent one is stored as null.
 */
function bookingFormOf(
  v: z.output<typeof bookingDialogRequestSchema> | z.output<typeof enterpriseRequestSchema>,
  sourceForm: BookingSourceForm,
): BookingForm {
  return {
    kind: "booking_inquiry",
    sourceForm,
    name: v.name,
    jobTitle: v.job_title,
    workEmail: v.work_email,
    companyName: v.company_name,
    totalCalls: v.total_calls ?? null,
    aiGoal: v.ai_goal ?? null,
    tcpaConsent: v.tcpa_consent,
    consentTextVersion: v.consent_text_version ?? CONSENT_TEXT_VERSION,
  };
}

/**
 * The bot check for one submission: reCAPTCHA's verdict on the token, or, for a form sent without
 * JavaScript, no verdict at all (recorded as `no_script` when reCAPTCHA is configured).
 */
async function checkBot(
  deps: AppDeps,
  token: string | null | undefined,
  expectedAction: string,
  meta: RequestMeta,
): Promise<(BotCheckResult & { ok: false }) | { ok: true; tokenHash: string | null; outcome: BotCheckOutcome }> {
  const configured = Boolean(deps.config.recaptcha.secretKey);
  if (meta.withoutScript) return { ok: true, tokenHash: null, outcome: configured ? "no_script" : "off" };
  const bot = await verifyBotToken(
    { config: deps.config.recaptcha, db: deps.database.db, logger: deps.logger },
    { token, expectedAction, remoteIp: meta.clientIp },
  );
  return bot.ok ? { ...bot, outcome: configured ? "passed" : "off" } : bot;
}

/** A submission whose form's fields are valid, as the pipeline (storeSubmission) takes it. */
type Submission = {
  body: LeadBody;
  idempotencyKey: string;
  clientKey: boolean;
  token: string | null | undefined;
  action: string;
  form: LeadForm;
  attribution: Attribution | undefined;
  /** The lead's id, chosen before it is stored (a booking's reference is made from it), and its fit. */
  identity: LeadIdentity;
};

/** The answer for a stored lead: a booking or enterprise lead names its reference (docs/decisions/0701). */
function storedAnswer(deps: AppDeps, kind: LeadKind, leadId: string): LeadAnswer {
  return kind === "booking_inquiry" ? bookedAnswer(leadReference(deps.config.authSecret, leadId)) : SUCCESS;
}

function logStored(deps: AppDeps, form: LeadForm, leadId: string): void {
  if (form.kind === "booking_inquiry") deps.logger.info({ leadId, sourceForm: form.sourceForm }, "booking inquiry stored");
  else deps.logger.info({ leadId }, "contact request stored");
}

/**
 * The pipeline after the form's fields: honeypot, bot check, one transaction that counts the
 * submission, stores the lead and queues its notifications (storeLead). With the bot check on
 * (and a token to verify), the submission is counted first on its own, so that a flooding address
 * never reaches the outside verifier, and a retry of a stored lead is answered before a second
 * token is spent.
 */
async function storeSubmission(deps: AppDeps, meta: RequestMeta, submission: Submission): Promise<LeadAnswer> {
  const { idempotencyKey, clientKey, form } = submission;
  if (honeypotFilled(submission.body)) {
    deps.logger.info({ action: submission.action }, "honeypot filled: answered as stored, nothing stored");
    // As a stored lead is answered, with a reference that names no lead.
    return counted(meta, storedAnswer(deps, form.kind, crypto.randomUUID()));
  }
  const { db } = deps.database;
  // The same key with the same fields is a retry; with any other field it is another request.
  const retryAnswer = (stored: StoredByKey | null) =>
    stored && stored.fields === leadFields(form) ? storedAnswer(deps, form.kind, stored.id) : fail(409, IDEMPOTENCY_CONFLICT);

  const verifying = Boolean(deps.config.recaptcha.secretKey) && !meta.withoutScript;
  if (verifying) {
    const decision = await meta.limit.limiter.hit(meta.limit.spec);
    if (!decision.allowed) return limited(decision);
    // A retry of a stored submission answers success again without a second row (and without
    // spending a second bot token: the first one was verified when the row was stored).
    const stored = clientKey ? await findLeadByKey(db, form.kind, idempotencyKey) : null;
    if (stored) return retryAnswer(stored);
  }
  const bot = await checkBot(deps, submission.token, submission.action, meta);
  if (!bot.ok) return verifying ? fail(bot.status, bot.error) : counted(meta, fail(bot.status, bot.error));

  const stored = await storeLead(db, {
    form,
    evidence: evidenceOf(submission.attribution, idempotencyKey, meta, bot.outcome),
    identity: submission.identity,
    plan: await planFor(deps, meta, form.kind, bot.outcome, formEmail(form)),
    tokenHash: bot.tokenHash,
    limit: verifying ? undefined : meta.limit,
  });
  switch (stored.outcome) {
    case "limited":
      return limited(stored.decision);
    case "replayed":
      return fail(403, BOT_CHECK_MESSAGES.replayed);
    case "duplicate":
      // This key is stored already (a retry, or a request racing this one): the same lead is a
      // success, anything else a conflict.
      return retryAnswer(await findLeadByKey(db, form.kind, idempotencyKey));
    case "created":
      logStored(deps, form, stored.id);
      return storedAnswer(deps, form.kind, stored.id);
  }
}

/** Prospect reminders per recipient domain are counted over a day (LEADS_PROSPECT_REMINDER_DOMAIN_DAILY_MAX). */
const PROSPECT_DOMAIN_WINDOW_SECONDS = 24 * 3600;

/**
 * The notifications a lead about to be stored queues (notificationPlan), its prospect reminder
 * dropped once the recipient's e-mail domain has had its share for the day: the reminder goes to
 * an address nobody verified, so however many leads name one company's domain, that company gets
 * at most a few reminders a day. The domain's bucket is counted when the reminder is planned, just
 * before the lead is stored (a lead refused after that, a rare race, still spends one), and its key
 * holds a hash of the domain, not the domain.
 */
async function planFor(deps: AppDeps, meta: RequestMeta, kind: LeadKind, botCheck: BotCheckOutcome, email: string): Promise<PlannedNotification[]> {
  const plan = notificationPlan(deps.config, kind, botCheck);
  if (!plan.some((p) => p.channel === "prospect_email")) return plan;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const spec = {
    key: `prospect-domain:${crypto.createHash("sha256").update(domain).digest("hex").slice(0, 32)}`,
    max: deps.config.leads.prospectReminderDomainDailyMax,
    windowSeconds: PROSPECT_DOMAIN_WINDOW_SECONDS,
  };
  const { limiter } = meta.limit;
  const decision = limiter.known(spec.key) ?? (await limiter.hit(spec));
  if (decision.allowed) return plan;
  deps.logger.info({ kind }, "prospect reminder not queued: its recipient's domain had its share today");
  return plan.filter((p) => p.channel !== "prospect_email");
}

/** Parses a body by its schema, then stores it (the native form posts, which arrive as forms). */
function parsedThen<T>(
  schema: { safeParse: (body: unknown) => z.ZodSafeParseResult<T> },
  store: (deps: AppDeps, submission: T, meta: RequestMeta) => Promise<LeadAnswer>,
) {
  return (deps: AppDeps, body: LeadBody, meta: RequestMeta): Promise<LeadAnswer> => {
    const parsed = schema.safeParse(body);
    return parsed.success ? store(deps, parsed.data, meta) : invalidSubmission(meta, parsed.error);
  };
}

/** A booking dialog's or an enterprise form's submission, its fields valid: stored once (storeSubmission). */
export async function storeBooking(deps: AppDeps, submission: BookingSubmission, meta: RequestMeta): Promise<LeadAnswer> {
  const pre = preflight(submission.body, meta);
  if ("status" in pre) return counted(meta, pre);
  const v = submission.value;
  // The booking dialog's source_form can only be booking_dialog; an enterprise form names its own.
  const sourceForm: BookingSourceForm = v.source_form ?? (submission.shape === "booking" ? "booking_dialog" : "enterprise_dialog");
  const form = bookingFormOf(v, sourceForm);
  const id = crypto.randomUUID();
  const fit = leadFitOf(form.workEmail, form.totalCalls, deps.config.leads.enterpriseCallsPerMonth);
  const identity = { id, referenceHash: leadReferenceHash(leadReference(deps.config.authSecret, id)), fit };
  return storeSubmission(deps, meta, { ...pre, token: v.recaptchaToken, action: BOT_CHECK_ACTIONS[sourceForm], form, attribution: v.attribution, identity });
}

/** A /contact form's submission, its fields valid: stored once as a lead (storeSubmission). */
export async function storeContact(deps: AppDeps, submission: ContactSubmission, meta: RequestMeta): Promise<LeadAnswer> {
  const pre = preflight(submission.body, meta);
  if ("status" in pre) return counted(meta, pre);
  const v = submission.value;
  const form: LeadForm = {
    kind: "contact_request",
    name: v.name,
    company: v.company,
    role: v.role ?? null,
    email: v.email,
    phone: v.phone ?? null,
    industry: v.industry,
    companySize: v.company_size ?? null,
    notes: v.notes ?? null,
  };
  const identity = { id: crypto.randomUUID(), referenceHash: null, fit: leadFitOf(v.email, null, deps.config.leads.enterpriseCallsPerMonth) };
  return storeSubmission(deps, meta, { ...pre, token: v.recaptchaToken, action: BOT_CHECK_ACTIONS.contact_form, form, attribution: v.attribution, identity });
}

/** A booking or enterprise form's body, parsed then stored. */
export const submitBooking = parsedThen(bookingSubmissionSchema, storeBooking);

/** A /contact form's body, parsed then stored. */
export const submitContact = parsedThen(contactSubmissionSchema, storeContact);
