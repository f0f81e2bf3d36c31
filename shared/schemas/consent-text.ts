/**
 * The TCPA consent shown beside the lead forms' checkbox. The version is stored with each lead
 * as evidence of what the visitor agreed to; change the version whenever the wording changes and
 * keep the old versions listed, so leads from pages still open in a browser stay valid.
 */
export const CONSENT_TEXT_VERSION = "2026-11-tcpa-v1";

export const CONSENT_TEXT =
  "By checking this box, I agree to receive calls, SMS/MMS messages and automated or AI-generated communications (including prerecorded or artificial voice) about products and services at the phone number and email I provide. Consent is not a condition of purchase. I can opt out at any time by replying STOP or by contacting us. Message and data rates may apply; message frequency varies.";

/** Every version a browser may still be showing. */
export const KNOWN_CONSENT_TEXT_VERSIONS: readonly string[] = [CONSENT_TEXT_VERSION];
