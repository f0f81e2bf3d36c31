import { data, type RouterContextProvider } from "react-router";
import { leadIntakeContext, runtimeConfigContext } from "~/lib/router-context";
import type { NativeFormState } from "@shared/native-form-answer";
import type { RuntimeConfig } from "@shared/runtime-config";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";
import { fitTierOf } from "@shared/schemas/lead-fit";
import { bookingSchedulerPrefill, enterpriseSchedulerPrefill, schedulerUrlOrNull } from "@shared/scheduler-links";
import { nativeFormBodies, type NativeLeadForm } from "./native-form-bodies";

/**
 * The route action of a page whose lead form posts natively (docs/decisions/0501): the form's
 * fields mapped to the body its JSON endpoint takes (./native-form-bodies.ts), sent to the lead
 * intake the server puts in the router context, and the state the form renders from the answer:
 * the thank-you state, or the errors beside the values, with the answer's status (and
 * Retry-After, through `nativeFormHeaders`). The server has refused before this what it refuses
 * for the post's type, size or rate (server/routes/lead-pages.ts). Without an intake (React
 * Router reached any other way) there is nothing to act on.
 */
export function nativeFormAction(form: NativeLeadForm) {
  const { submit, text: textFields, body: bodyOf } = nativeFormBodies[form];
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const intake = context.get(leadIntakeContext);
    const runtime = context.get(runtimeConfigContext);
    if (!intake || !runtime) throw new Response(null, { status: 405 });
    const posted = await request.formData();
    // A field posted twice counts by its last value.
    const last = (name: string) => posted.getAll(name).at(-1);
    const text: Record<string, string> = {};
    for (const name of textFields) {
      const value = last(name);
      if (typeof value === "string") text[name] = value;
    }
    const has = (name: string) => typeof last(name) === "string";
    const body = bodyOf({ text, has });
    const honeypot = last(HONEYPOT_FIELD);
    const answer = await intake[submit]({ ...body, ...(typeof honeypot === "string" && honeypot !== "" ? { [HONEYPOT_FIELD]: honeypot } : {}) });

    const headers = answer.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(answer.retryAfterSeconds) };
    if (answer.body.success) {
      const state: NativeFormState = { outcome: "stored", ...schedulerLinksFor(form, body, runtime, answer.body.reference ?? null) };
      return data(state, { status: 200, headers });
    }
    const { error, fieldErrors = {} } = answer.body;
    const state: NativeFormState = {
      outcome: "invalid",
      values: { ...text, tcpa_consent: has("tcpa_consent") },
      fieldErrors,
      error: Object.keys(fieldErrors).length > 0 ? null : error,
    };
    return data(state, { status: answer.status === 200 ? 400 : answer.status, headers });
  };
}

/** The page's answer carries its action's headers (Retry-After): a route's own are all it sends. */
export function nativeFormHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  return actionHeaders;
}

/**
 * The thank-you state's scheduler links, prefilled from the values sent as the enhanced form
 * prefills the scheduler it opens, and carrying the lead's reference as the enhanced form's does
 * (docs/decisions/0702), so Calendly's webhook names the lead: the demo's for a booking (and the
 * enterprise consultation's too for an enterprise-fit one, docs/decisions/0710), the enterprise
 * consultation's for an enterprise request; null for the contact form or a scheduler URL that is
 * no URL.
 */
function schedulerLinksFor(
  form: NativeLeadForm,
  values: Record<string, unknown>,
  runtime: RuntimeConfig,
  reference: string | null,
): { schedulerUrl: string | null; enterpriseSchedulerUrl: string | null } {
  const text = (key: string) => {
    const value = values[key];
    return typeof value === "string" ? value.trim() : "";
  };
  const who = { name: text("name"), work_email: text("work_email"), company_name: text("company_name"), job_title: text("job_title") };
  if (form === "booking") {
    const totalCalls = Number(values.total_calls);
    const prefill = bookingSchedulerPrefill({ ...who, total_calls: totalCalls });
    const enterprise = fitTierOf(totalCalls, runtime.enterpriseCallsPerMonth) === "enterprise";
    return {
      schedulerUrl: schedulerUrlOrNull(runtime.demoSchedulerUrl, prefill, reference),
      enterpriseSchedulerUrl: enterprise ? schedulerUrlOrNull(runtime.enterpriseSchedulerUrl, prefill, reference) : null,
    };
  }
  if (form === "enterprise") {
    const prefill = enterpriseSchedulerPrefill({ ...who, ai_goal: text("ai_goal") });
    return { schedulerUrl: schedulerUrlOrNull(runtime.enterpriseSchedulerUrl, prefill, reference), enterpriseSchedulerUrl: null };
  }
  return { schedulerUrl: null, enterpriseSchedulerUrl: null };
}
