import type { z } from "zod";
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
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { HONEYPOT_FIELD, idempotencyKeySchema } from "@shared/schemas/lead-meta";
import crypto from "node:crypto";
import { describeInvalidInput, publicErrorBody } from "../http/validation";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import { BOT_CHECK_MESSAGES, verifyBotToken, type BotCheckResult } from "./bot-check";
import {
  findBookingByKey,
  findContactByKey,
  notificationChannels,
  ReplayedTokenError,
  storeBookingInquiry,
  storeContactRequest,
  type BookingLead,
  type LeadEvidence,
} from "./lead-service";

export type LeadAnswer = { status: 200 | 400 | 403 | 409 | 503; body: LeadResponse };

/** A lead submission's JSON body: any object; the form's own schema is parsed after the honeypot. */
export type LeadBody = Record<string, unknown>;

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
};

const SUCCESS: LeadAnswer = { status: 200, body: { success: true } };

function fail(status: LeadAnswer["status"], error: string, fieldErrors?: Record<string, string>): LeadAnswer {
  return { status, body: publicErrorBody({ error, fieldErrors }) };
}

function validationFailure(error: z.ZodError): LeadAnswer {
  const { error: message, fieldErrors } = describeInvalidInput(error.issues);
  return fail(400, message, fieldErrors);
}

/**
 * A filled honeypot: a field people never see, so a bot filled the form. Checked once the form's
 * own fields are valid, and answered exactly as a stored lead is (docs/decisions/0603): a bot
 * learns nothing about what tripped it, and nothing is stored or sent.
 */
function honeypotFilled(record: LeadBody): boolean {
  const honeypot = record[HONEYPOT_FIELD];
  return honeypot !== undefined && honeypot !== null && honeypot !== "";
}

/** Checks shared by both endpoints before the form's own fields: the idempotency key. */
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
    clientIp: meta.clientIp === "unknown" ? null : meta.clientIp,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 512) : null,
  };
}

const IDEMPOTENCY_CONFLICT = "This submission key was already used for a different request.";

const sameLead = (stored: { workEmail: string; name: string }, email: string, name: string) =>
  stored.workEmail.toLowerCase() === email.toLowerCase() && stored.name === name;

const sameAsStored = async (stored: Promise<{ workEmail: string; name: string } | null>, email: string, name: string) => {
  const row = await stored;
  return row !== null && sameLead(row, email, name);
};

/**
 * The row for either body shape: the booking dialog's carries total_calls and no ai_goal, an
 * enterprise form's the other way round; the absent one is stored as null.
 */
function bookingLeadOf(
  v: z.output<typeof bookingDialogRequestSchema> | z.output<typeof enterpriseRequestSchema>,
  sourceForm: BookingSourceForm,
): BookingLead {
  return {
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

/** POST /api/submit-booking: the booking dialog's and the enterprise forms' body shapes. */
export async function submitBooking(deps: AppDeps, rawBody: LeadBody, meta: RequestMeta): Promise<LeadAnswer> {
  const pre = preflight(rawBody, meta);
  if ("status" in pre) return pre;
  const { body, idempotencyKey, clientKey } = pre;

  const shape = bookingShapeOf(body);
  const parsed = shape === "booking" ? bookingDialogRequestSchema.safeParse(body) : enterpriseRequestSchema.safeParse(body);
  if (!parsed.success) return validationFailure(parsed.error);
  const v = parsed.data;
  // The booking dialog's source_form can only be booking_dialog; an enterprise form names its own.
  const sourceForm: BookingSourceForm = v.source_form ?? (shape === "booking" ? "booking_dialog" : "enterprise_dialog");
  const lead = bookingLeadOf(v, sourceForm);
  if (honeypotFilled(body)) {
    deps.logger.info({ sourceForm }, "honeypot filled: answered as stored, nothing stored");
    return SUCCESS;
  }

  const { db } = deps.database;
  // A retry of a stored submission answers success again without a second row (and without
  // spending a second bot token: the first one was verified when the row was stored).
  const existing = clientKey ? await findBookingByKey(db, idempotencyKey) : null;
  if (existing) return sameLead(existing, lead.workEmail, lead.name) ? SUCCESS : fail(409, IDEMPOTENCY_CONFLICT);

  const bot = await checkBot(deps, v.recaptchaToken, BOT_CHECK_ACTIONS[sourceForm], meta);
  if (!bot.ok) return fail(bot.status, bot.error);

  try {
    const evidence = evidenceOf(v.attribution, idempotencyKey, meta, bot.outcome);
    const stored = await storeBookingInquiry(db, notificationChannels(deps.config.notify), lead, evidence, bot.tokenHash);
    if (stored.outcome === "created") deps.logger.info({ leadId: stored.id, sourceForm }, "booking inquiry stored");
    // Another request with this key was stored first (it was racing this one): a retry of the
    // same lead is a success, anything else a conflict.
    else if (!(await sameAsStored(findBookingByKey(db, idempotencyKey), lead.workEmail, lead.name))) return fail(409, IDEMPOTENCY_CONFLICT);
  } catch (error) {
    if (error instanceof ReplayedTokenError) return fail(403, BOT_CHECK_MESSAGES.replayed);
    throw error;
  }
  return SUCCESS;
}

/** POST /api/contact: the /contact form, stored as a lead. */
export async function submitContact(deps: AppDeps, rawBody: LeadBody, meta: RequestMeta): Promise<LeadAnswer> {
  const pre = preflight(rawBody, meta);
  if ("status" in pre) return pre;
  const { body, idempotencyKey, clientKey } = pre;
  const parsed = contactRequestSchema.safeParse(body);
  if (!parsed.success) return validationFailure(parsed.error);
  const v = parsed.data;
  if (honeypotFilled(body)) {
    deps.logger.info({ sourceForm: "contact_form" }, "honeypot filled: answered as stored, nothing stored");
    return SUCCESS;
  }

  const { db } = deps.database;
  const existing = clientKey ? await findContactByKey(db, idempotencyKey) : null;
  if (existing) return sameLead(existing, v.email, v.name) ? SUCCESS : fail(409, IDEMPOTENCY_CONFLICT);

  const bot = await checkBot(deps, v.recaptchaToken, BOT_CHECK_ACTIONS.contact_form, meta);
  if (!bot.ok) return fail(bot.status, bot.error);

  try {
    const evidence = evidenceOf(v.attribution, idempotencyKey, meta, bot.outcome);
    const stored = await storeContactRequest(db, notificationChannels(deps.config.notify), v, evidence, bot.tokenHash);
    if (stored.outcome === "created") deps.logger.info({ leadId: stored.id }, "contact request stored");
    else if (!(await sameAsStored(findContactByKey(db, idempotencyKey), v.email, v.name))) return fail(409, IDEMPOTENCY_CONFLICT);
  } catch (error) {
    if (error instanceof ReplayedTokenError) return fail(403, BOT_CHECK_MESSAGES.replayed);
    throw error;
  }
  return SUCCESS;
}
