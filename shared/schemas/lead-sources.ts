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
