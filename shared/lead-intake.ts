import type { LeadResponse } from "./api/lead-api";

/**
 * The server's answer to one lead submission, as the JSON endpoints send it
 * (docs/product.md#booking-submit): its status and body, and Retry-After's seconds when the
 * address is over its limit.
 */
export type LeadAnswer = { status: 200 | 400 | 403 | 409 | 429 | 503; body: LeadResponse; retryAfterSeconds?: number };

/**
 * The lead-intake service: a form's body (the shared schema's fields, as the JSON endpoints take
 * them) checked and stored by the submission pipeline, and the answer. The server makes one per
 * request, bound to it (the client's address, the idempotency key, attribution, the funnel count:
 * server/routes/leads.ts, leadIntakeFor): the JSON endpoints answer through it, and so does a lead
 * page's route action for a form posted without JavaScript (docs/decisions/0501).
 */
export type LeadIntake = {
  /** A booking dialog's or an enterprise form's body (POST /api/submit-booking's). */
  submitBooking(body: unknown): Promise<LeadAnswer>;
  /** A /contact form's body (POST /api/contact's). */
  submitContact(body: unknown): Promise<LeadAnswer>;
};
