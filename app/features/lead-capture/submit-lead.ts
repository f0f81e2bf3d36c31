import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";
import { LEAD_REFERENCE_PATTERN } from "@shared/schemas/lead-events";
import { leadAttribution } from "./attribution";
import { createIdempotencyKey } from "./idempotency-key";
import { BotCheckNotReadyError, getBotToken } from "./recaptcha";

export type LeadEndpoint = "/api/submit-booking" | "/api/contact";

export type SubmitOutcome =
  /** `reference`: a booking or enterprise lead's, for the scheduler link and the page's reports (docs/decisions/0702). */
  | { ok: true; reference: string | null }
  | { ok: false; reason: "bot-check" | "server" | "network"; error: string; fieldErrors?: Record<string, string> };

/**
 * What the client reads from a failed answer when the server gives no error text
 * (docs/product.md#lead-form-errors).
 */
export const SUBMISSION_FAILED = "Submission failed";

async function post(endpoint: LeadEndpoint, body: unknown, idempotencyKey: string): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, reason: "network", error: "" };
  }
  type Answer = { success?: unknown; reference?: unknown; error?: unknown; fieldErrors?: unknown };
  let json: Answer | null = null;
  try {
    json = (await response.json()) as Answer | null;
  } catch {
    json = null;
  }
  if (response.ok && json?.success === true) {
    const reference = typeof json.reference === "string" && LEAD_REFERENCE_PATTERN.test(json.reference) ? json.reference : null;
    return { ok: true, reference };
  }
  return {
    ok: false,
    reason: "server",
    error: typeof json?.error === "string" && json.error ? json.error : SUBMISSION_FAILED,
    fieldErrors: json?.fieldErrors && typeof json.fieldErrors === "object" ? (json.fieldErrors as Record<string, string>) : undefined,
  };
}

/**
 * Sends one lead form submission. The same values keep the same idempotency key until they are
 * stored, so a network retry, or the visitor pressing submit again after a lost answer, stores
 * one lead; changed values get a new key.
 */
export function createLeadSubmitter() {
  let attempt: { fingerprint: string; key: string } | null = null;

  return async function submit(options: {
    endpoint: LeadEndpoint;
    action: string;
    values: Record<string, unknown>;
    honeypot?: string;
  }): Promise<SubmitOutcome> {
    const fingerprint = JSON.stringify(options.values);
    if (!attempt || attempt.fingerprint !== fingerprint) attempt = { fingerprint, key: createIdempotencyKey() };
    const key = attempt.key;

    let recaptchaToken: string | null;
    try {
      recaptchaToken = await getBotToken(options.action);
    } catch (error) {
      if (error instanceof BotCheckNotReadyError) return { ok: false, reason: "bot-check", error: error.message };
      throw error;
    }
    const body = {
      ...options.values,
      recaptchaToken,
      idempotency_key: key,
      consent_text_version: CONSENT_TEXT_VERSION,
      attribution: leadAttribution(),
      ...(options.honeypot ? { [HONEYPOT_FIELD]: options.honeypot } : {}),
    };
    let outcome = await post(options.endpoint, body, key);
    // One quiet retry of a request that never got an answer: the key makes it safe.
    if (!outcome.ok && outcome.reason === "network") {
      await new Promise((r) => setTimeout(r, 600));
      outcome = await post(options.endpoint, body, key);
    }
    if (outcome.ok) attempt = null;
    return outcome;
  };
}
