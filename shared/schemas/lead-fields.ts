import "./zod-csp";
import { z } from "zod";

/**
 * Field validators shared by the lead forms (client, through zodResolver) and the lead endpoints
 * (server, parsing the JSON body). Messages are those of docs/product.md#validation-rules, word
 * for word; values are trimmed before they are checked.
 */
export const LEAD_LIMITS = {
  name: 100,
  jobTitle: 100,
  workEmail: 255,
  companyName: 100,
  aiGoal: 500,
  totalCallsMin: 1,
  totalCallsMax: 1_000_000,
} as const;

/**
 * Control characters (PostgreSQL refuses NUL in text) and lone UTF-16 surrogates are dropped
 * before anything else: they are never meaningful in a form field, and keeping them would turn a
 * hostile string into a database error instead of a clean answer.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripUnsafeCharacters(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, "");
}

/** A required, trimmed text of at most `max` characters. */
export function requiredText(max: number, requiredMessage: string, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .overwrite(stripUnsafeCharacters)
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: tooLongMessage });
}

/** An optional trimmed text: empty and absent both become null. */
export function optionalText(max: number, tooLongMessage: string) {
  return z
    .string({ error: "Must be text" })
    .overwrite(stripUnsafeCharacters)
    .trim()
    .max(max, { error: tooLongMessage })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const nameField = requiredText(LEAD_LIMITS.name, "Name is required", "Name must be less than 100 characters");
export const jobTitleField = requiredText(
  LEAD_LIMITS.jobTitle,
  "Job title is required",
  "Job title must be less than 100 characters",
);
export const companyNameField = requiredText(
  LEAD_LIMITS.companyName,
  "Company name is required",
  "Company name must be less than 100 characters",
);
export const aiGoalField = requiredText(LEAD_LIMITS.aiGoal, "AI goal is required", "AI goal must be less than 500 characters");

export const workEmailField = z
  .string({ error: "Invalid email address" })
  .overwrite(stripUnsafeCharacters)
  .trim()
  .max(LEAD_LIMITS.workEmail, { error: "Email must be less than 255 characters" })
  .pipe(z.email({ error: "Invalid email address" }));

/**
 * Monthly calls: a whole number from 1 to 1,000,000. The requirements name two messages
 * (docs/product.md#booking-dialog-validation); an empty box (NaN from the number input) reads as
 * below the minimum, and a fraction gets its own message (docs/decisions/0101).
 */
export const totalCallsField = z
  .number({
    error: (issue) =>
      issue.input === Number.POSITIVE_INFINITY
        ? "Value too large"
        : issue.input === undefined || typeof issue.input === "number"
          ? "Must be at least 1"
          : "Must be a number",
  })
  .min(LEAD_LIMITS.totalCallsMin, { error: "Must be at least 1" })
  .max(LEAD_LIMITS.totalCallsMax, { error: "Value too large" })
  .int({ error: "Must be a whole number" });

const CONSENT_REQUIRED = "You must consent to be contacted to proceed";

/** The consent checkbox: a boolean (false until checked) that must be true. */
export const tcpaConsentField = z.boolean({ error: CONSENT_REQUIRED }).pipe(z.literal(true, { error: CONSENT_REQUIRED }));
