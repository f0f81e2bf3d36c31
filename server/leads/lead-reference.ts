import crypto from "node:crypto";

/**
 * A booking or enterprise lead's reference (docs/decisions/0701): what the submit response gives
 * the visitor's page and the prefilled scheduler link carries as `utm_content`, so that the page's
 * own report of a booked meeting and Calendly's webhook can name the lead without naming the
 * person. It only marks a meeting booked on that lead; nothing can be read with it.
 *
 * It is an HMAC of the lead's id under a key derived from the deployment's secret: unguessable
 * without the secret, and the same for a retried submission (its answer repeats the reference
 * without storing it). Only its SHA-256 is stored, so the database alone cannot forge one either.
 */
const DEVELOPMENT_SECRET = "development-only-lead-reference-secret";

/** 22 base64url characters: 128 bits. */
const REFERENCE_LENGTH = 22;

export function leadReference(secret: string | undefined, leadId: string): string {
  const key = crypto.createHmac("sha256", secret ?? DEVELOPMENT_SECRET).update("lead-reference-key/v1").digest();
  return crypto.createHmac("sha256", key).update(leadId).digest("base64url").slice(0, REFERENCE_LENGTH);
}

export function leadReferenceHash(reference: string): string {
  return crypto.createHash("sha256").update(reference).digest("hex");
}
