/**
 * Which form a lead came from: the one list behind the database enum (server/db/schema.ts), the
 * request schemas (booking-request.ts) and the admin filters (admin.ts).
 */
export const bookingSourceForms = ["booking_dialog", "enterprise_dialog", "enterprise_inline"] as const;
export type BookingSourceForm = (typeof bookingSourceForms)[number];

/** The two enterprise forms (the consultation dialog and the inline request form on /enterprise). */
export const enterpriseSourceForms = ["enterprise_dialog", "enterprise_inline"] as const satisfies readonly BookingSourceForm[];
export type EnterpriseSourceForm = (typeof enterpriseSourceForms)[number];

/** How staff screens name each form. */
export const bookingSourceLabels: Record<BookingSourceForm, string> = {
  booking_dialog: "Booking dialog",
  enterprise_dialog: "Enterprise dialog",
  enterprise_inline: "Enterprise form",
};

/**
 * What the bot check said about a lead (docs/decisions/0501): `passed` (reCAPTCHA verified its
 * token), `off` (no reCAPTCHA configured), `no_script` (sent without JavaScript, so reCAPTCHA
 * could not run: kept, behind the honeypot and the rate limit, and flagged for staff).
 */
export const botCheckOutcomes = ["passed", "off", "no_script"] as const;
export type BotCheckOutcome = (typeof botCheckOutcomes)[number];

/** How staff screens name each outcome. */
export const botCheckLabels: Record<BotCheckOutcome, string> = {
  passed: "Verified",
  off: "Not checked",
  no_script: "Unverified (sent without JavaScript)",
};
