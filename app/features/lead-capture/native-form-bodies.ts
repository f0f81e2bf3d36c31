import type { LeadIntake } from "@shared/lead-intake";

/** The lead forms that post natively to their page (docs/decisions/0501), by `data-lead-form`. */
export type NativeLeadForm = "booking" | "enterprise" | "contact";

/** The fields a form posts natively, as posted: the text ones as text, a checkbox's presence. */
export type PostedFields = { text: Record<string, string>; has: (name: string) => boolean };

/**
 * How a form posted without JavaScript reaches the lead intake: its text fields, and the body the
 * JSON endpoint takes for the same form (its shared schema's fields), built from them as the
 * enhanced form builds its values: an empty number box is no number, a checkbox is a boolean, the
 * form names itself. Anything else posted (a token, an idempotency key) is not read.
 */
type NativeFormBody = {
  submit: keyof LeadIntake;
  text: readonly string[];
  body: (posted: PostedFields) => Record<string, unknown>;
};

const identity = ["name", "job_title", "work_email", "company_name"] as const;

export const nativeFormBodies: Record<NativeLeadForm, NativeFormBody> = {
  // /book-demo: the booking dialog's form.
  booking: {
    submit: "submitBooking",
    text: [...identity, "total_calls"],
    body: ({ text, has }) => ({
      ...text,
      source_form: "booking_dialog",
      total_calls: text.total_calls === undefined || text.total_calls.trim() === "" ? undefined : Number(text.total_calls),
      tcpa_consent: has("tcpa_consent"),
    }),
  },
  // /enterprise: its inline request form, or a consult dialog's (from /enterprise or /compare).
  enterprise: {
    submit: "submitBooking",
    text: [...identity, "ai_goal", "source_form"],
    body: ({ text, has }) => ({
      ...text,
      source_form: text.source_form === "enterprise_dialog" ? "enterprise_dialog" : "enterprise_inline",
      total_calls: null,
      tcpa_consent: has("tcpa_consent"),
    }),
  },
  contact: {
    submit: "submitContact",
    text: ["name", "company", "role", "email", "phone", "industry", "company_size", "notes"],
    body: ({ text }) => ({ ...text }),
  },
};
