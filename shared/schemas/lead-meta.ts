import "./zod-csp";
import { z } from "zod";
import { KNOWN_CONSENT_TEXT_VERSIONS } from "./consent-text";
import { stripHiddenCharacters } from "./lead-fields";
import { isArticlePath } from "./attribution-keys";

/**
 * Attribution never costs a lead: a value that is not a string is dropped, a long one is cut, and
 * the characters a single-line field refuses are removed (it reaches the staff notification as
 * lines too: docs/decisions/0101), rather than refusing the submission over a tracking parameter.
 */
function lenientText(max: number) {
  return z
    .unknown()
    .optional()
    .transform((value) => {
      if (typeof value !== "string") return null;
      const clean = stripHiddenCharacters(value).trim().slice(0, max);
      return clean === "" ? null : clean;
    });
}

/**
 * The first blog post read in the tab (docs/decisions/0801): a post's path, or nothing. Anything
 * else (another page, a made-up shape, not a string) is dropped, as lenientText drops its own,
 * so the field never costs a lead and never holds text that is not a post's address.
 */
const articlePath = () =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" && isArticlePath(value) ? value : null));

/** The landing visit's UTM parameters and referrer, the page the form was on, and the first post read. */
export const attributionSchema = z
  .object({
    page_path: lenientText(2048),
    referrer: lenientText(2048),
    utm_source: lenientText(256),
    utm_medium: lenientText(256),
    utm_campaign: lenientText(256),
    utm_term: lenientText(256),
    utm_content: lenientText(256),
    first_article_path: articlePath(),
  })
  .partial();

export type Attribution = z.input<typeof attributionSchema>;

/** Idempotency keys: what crypto.randomUUID() gives, or any similar opaque token. */
export const idempotencyKeySchema = z
  .string({ error: "Idempotency key must be text" })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: "Idempotency key must be 8 to 128 letters, digits, - or _" });

/** Fields every lead submission may carry besides the form's own. */
export const leadMetaShape = {
  /** reCAPTCHA v3 token; required by the server only when the bot check is on. */
  recaptchaToken: z.string({ error: "recaptchaToken must be text" }).max(4096, { error: "recaptchaToken is too long" }).nullish(),
  idempotency_key: idempotencyKeySchema.optional(),
  consent_text_version: z
    .string({ error: "Unknown consent text version" })
    .refine((v) => KNOWN_CONSENT_TEXT_VERSIONS.includes(v), { error: "Unknown consent text version" })
    .optional(),
  attribution: z.preprocess((v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {}), attributionSchema).optional(),
  /** The honeypot: a field people never see, so any value means a bot filled the form. */
  website: z.unknown().optional(),
};

/** The honeypot field's name in every lead form. */
export const HONEYPOT_FIELD = "website";
