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

/*
 * Hidden characters (docs/decisions/0101). A lead's text reaches staff as lines: the notification
 * e-mail ("Name: …" per line), the admin table, the CSV export. A line break in a name forges a
 * line there ("Bob\r\nWork email: ceo@victim.example"); a bidirectional control reorders what
 * staff read; other controls and lone surrogates print as nothing or break a database write (NUL).
 * A person does not type them into a form field, so a field that holds one is refused with a
 * message naming it rather than silently changed: what is stored is what the visitor sent, trimmed.
 *
 * - C0 controls (tab, LF, CR included), DEL and the C1 controls (NEL included);
 * - the line and paragraph separators U+2028, U+2029;
 * - bidirectional embeddings and overrides U+202A-202E, isolates U+2066-2069, and the marks
 *   U+200E, U+200F, U+061C (invisible; a real name reads the same without them);
 * - a UTF-16 surrogate without its pair (not text at all; PostgreSQL cannot store it as UTF-8).
 *
 * Multi-line fields (the AI goal, notes) keep tab, LF and CR. Zero-width joiners and non-joiners
 * stay allowed: emoji sequences and several scripts need them, and they neither break a line nor
 * reorder one.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The same without tab (U+0009), LF (U+000A) and CR (U+000D). */
// eslint-disable-next-line no-control-regex
const HIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const HIDDEN_IN_LINE_ALL = new RegExp(HIDDEN_IN_LINE.source, "g");

/** One line of visible text: no control, line-break or bidi character, no lone surrogate. */
export function isSingleLineText(value: string): boolean {
  return !HIDDEN_IN_LINE.test(value);
}

/** Text of one or more lines: tabs and line breaks allowed, the other hidden characters not. */
export function isMultiLineText(value: string): boolean {
  return !HIDDEN_IN_TEXT.test(value);
}

/**
 * Removes every character a single-line field refuses. Only for values that must never cost a
 * lead and are not shown back to the visitor (attribution); form fields refuse instead.
 */
export function stripHiddenCharacters(value: string): string {
  return value.replace(HIDDEN_IN_LINE_ALL, "");
}

export const singleLineMessage = (label: string) => `${label} must be a single line without hidden characters`;
export const multiLineMessage = (label: string) => `${label} must not contain hidden characters`;

/** Which characters a text field takes, and what it answers when it holds another. */
export type TextLines = { lines: "single" | "multiple"; label: string };

const checkCharacters = ({ lines, label }: TextLines) =>
  lines === "single"
    ? { test: isSingleLineText, message: singleLineMessage(label) }
    : { test: isMultiLineText, message: multiLineMessage(label) };

/**
 * A required, trimmed text of at most `max` characters. Trimmed first (docs/product.md#validation-rules),
 * so a line break a paste leaves at either end is no hidden character.
 */
export function requiredText(max: number, requiredMessage: string, tooLongMessage: string, text: TextLines) {
  const characters = checkCharacters(text);
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine(characters.test, { error: characters.message })
    .max(max, { error: tooLongMessage });
}

/** An optional trimmed text: empty and absent both become null. */
export function optionalText(max: number, tooLongMessage: string, text: TextLines) {
  const characters = checkCharacters(text);
  return z
    .string({ error: "Must be text" })
    .trim()
    .refine(characters.test, { error: characters.message })
    .max(max, { error: tooLongMessage })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const nameField = requiredText(LEAD_LIMITS.name, "Name is required", "Name must be less than 100 characters", {
  lines: "single",
  label: "Name",
});
export const jobTitleField = requiredText(LEAD_LIMITS.jobTitle, "Job title is required", "Job title must be less than 100 characters", {
  lines: "single",
  label: "Job title",
});
export const companyNameField = requiredText(
  LEAD_LIMITS.companyName,
  "Company name is required",
  "Company name must be less than 100 characters",
  { lines: "single", label: "Company name" },
);
export const aiGoalField = requiredText(LEAD_LIMITS.aiGoal, "AI goal is required", "AI goal must be less than 500 characters", {
  lines: "multiple",
  label: "AI goal",
});

/**
 * Checked for hidden characters before the address format, so an address that looks right but
 * holds an invisible character says so rather than "Invalid email address".
 */
export const workEmailField = z
  .string({ error: "Invalid email address" })
  .trim()
  .refine(isSingleLineText, { error: singleLineMessage("Email") })
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
