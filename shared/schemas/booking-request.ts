import { z } from "zod";
import {
  aiGoalField,
  companyNameField,
  jobTitleField,
  nameField,
  tcpaConsentField,
  totalCallsField,
  workEmailField,
} from "./lead-fields";
import { leadMetaShape } from "./lead-meta";
import { enterpriseSourceForms } from "./lead-sources";

/**
 * The booking dialog (home, pricing, navbar): docs/product.md#booking-dialog-fields and
 * docs/product.md#booking-dialog-validation.
 */
export const bookingFormSchema = z.object({
  name: nameField,
  job_title: jobTitleField,
  work_email: workEmailField,
  company_name: companyNameField,
  total_calls: totalCallsField,
  tcpa_consent: tcpaConsentField,
});

/** The enterprise consultation dialog and the inline enterprise request form. */
export const enterpriseFormSchema = z.object({
  name: nameField,
  job_title: jobTitleField,
  work_email: workEmailField,
  company_name: companyNameField,
  ai_goal: aiGoalField,
  tcpa_consent: tcpaConsentField,
});

export type BookingFormValues = z.output<typeof bookingFormSchema>;
export type EnterpriseFormValues = z.output<typeof enterpriseFormSchema>;

export type { BookingSourceForm } from "./lead-sources";

/** The bot-check action each form requests its token with (docs/product.md#booking-submit). */
export const BOT_CHECK_ACTIONS = {
  booking_dialog: "booking_scheduler",
  enterprise_dialog: "enterprise_scheduler",
  enterprise_inline: "enterprise_booking",
  contact_form: "contact_form",
} as const;

/**
 * Body of POST /api/submit-booking from the booking dialog: the required fields
 * (docs/product.md#booking-submit) plus the token and our optional evidence fields (source form,
 * attribution, consent version, idempotency key).
 */
export const bookingDialogRequestSchema = bookingFormSchema.extend({
  ...leadMetaShape,
  source_form: z.literal("booking_dialog").optional(),
  ai_goal: z.null({ error: "ai_goal is not part of the booking dialog" }).optional(),
});

/** Body from the enterprise forms: total_calls is null (or absent). */
export const enterpriseRequestSchema = enterpriseFormSchema.extend({
  ...leadMetaShape,
  source_form: z.enum(enterpriseSourceForms, { error: "Unknown form" }).optional(),
  total_calls: z.null({ error: "total_calls must be null for enterprise requests" }).optional(),
});

export type BookingDialogRequest = z.input<typeof bookingDialogRequestSchema>;
export type EnterpriseRequest = z.input<typeof enterpriseRequestSchema>;

/**
 * Which of the two body shapes of docs/product.md#booking-submit a submission has: an explicit
 * source_form wins; otherwise a body carrying ai_goal is an enterprise request.
 */
export function bookingShapeOf(body: Record<string, unknown>): "booking" | "enterprise" {
  if (body.source_form === "booking_dialog") return "booking";
  if ((enterpriseSourceForms as readonly unknown[]).includes(body.source_form)) return "enterprise";
  return body.ai_goal !== undefined && body.ai_goal !== null ? "enterprise" : "booking";
}
