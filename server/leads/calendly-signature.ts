import crypto from "node:crypto";

/**
 * Calendly's webhook signature (docs/decisions/0702): the header
 * `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the
 * subscription's signing key. The HMAC is over the body's exact bytes, so it is checked before the
 * body is parsed; the timestamp bounds how long a captured delivery can be replayed (and a replay
 * inside the window changes nothing twice: booking-outcome.ts dedupes every delivery).
 */
export const CALENDLY_SIGNATURE_HEADER = "calendly-webhook-signature";

/** A delivery older than this is refused: Calendly signs each attempt afresh. */
export const SIGNATURE_MAX_AGE_SECONDS = 180;
/** How far ahead of our clock a timestamp may be (clock skew), no further. */
export const SIGNATURE_MAX_SKEW_SECONDS = 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "expired" | "future" | "mismatch" };

export const SIGNATURE_MESSAGES: Record<Exclude<SignatureCheck, { ok: true }>["reason"], string> = {
  missing: "Missing Calendly-Webhook-Signature header",
  malformed: "Malformed Calendly-Webhook-Signature header",
  expired: "Signature timestamp too old",
  future: "Signature timestamp in the future",
  mismatch: "Invalid signature",
};

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export function calendlySignature(signingKey: string, timestamp: number | string, rawBody: string | Buffer): string {
  return crypto.createHmac("sha256", signingKey).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** The header as Calendly sends it, for a body signed now (tests and local tooling). */
export function calendlySignatureHeader(signingKey: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${calendlySignature(signingKey, timestamp, rawBody)}`;
}

/**
 * Checks a delivery's header against its raw body. Every `v1` the header carries is compared (a
 * key rotation may send two), each in constant time; the answer says only which rule refused it.
 */
export function verifyCalendlySignature(
  signingKey: string,
  header: string | undefined,
  rawBody: string | Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (header === undefined || header.trim() === "") return { ok: false, reason: "missing" };
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") signatures.push(value);
  }
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return { ok: false, reason: "malformed" };
  const valid = signatures.filter((s) => HEX_SHA256.test(s));
  if (valid.length === 0) return { ok: false, reason: "malformed" };
  const age = nowSeconds - Number(timestamp);
  if (age > SIGNATURE_MAX_AGE_SECONDS) return { ok: false, reason: "expired" };
  if (age < -SIGNATURE_MAX_SKEW_SECONDS) return { ok: false, reason: "future" };

  const expected = Buffer.from(calendlySignature(signingKey, timestamp, rawBody), "hex");
  // Not short-circuited: every candidate costs the same comparison.
  let matched = false;
  for (const signature of valid) {
    if (crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"))) matched = true;
  }
  return matched ? { ok: true } : { ok: false, reason: "mismatch" };
}
