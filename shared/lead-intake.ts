import { createContext } from "react-router";
import type { LeadResponse } from "./api/lead-api";
import type { RuntimeConfig } from "./runtime-config";

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

/*
 * Where the server hands a lead page's route action the intake for the request, and the
 * deployment's configuration (which a prerendered page has only as placeholders: the thank-you
 * state's scheduler links need the real URLs). The server reads these keys from React Router's
 * server build (app/entry.server.tsx exports them): that build and the server's own bundle each
 * hold a copy of this module, and a context key is matched by identity.
 */
export const leadIntakeContext = createContext<LeadIntake | null>(null);
export const runtimeConfigContext = createContext<RuntimeConfig | null>(null);
