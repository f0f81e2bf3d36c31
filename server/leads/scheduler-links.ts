import type { RuntimeConfig } from "@shared/runtime-config";
import { fitTierOf } from "@shared/schemas/lead-fit";
import { bookingSchedulerPrefill, enterpriseSchedulerPrefill, schedulerUrlOrNull } from "@shared/scheduler-links";

/** The lead forms a page posts natively (docs/decisions/0501). */
export type NativeLeadForm = "booking" | "enterprise" | "contact";

/**
 * The thank-you state's scheduler links for a form sent without JavaScript, prefilled from the
 * stored values as the enhanced form prefills the scheduler it opens, and carrying the lead's
 * reference as the enhanced form's does (docs/decisions/0702), so Calendly's webhook names the
 * lead: the demo's for a booking (and the enterprise consultation's too for an enterprise-fit
 * one, docs/decisions/0710), the enterprise consultation's for an enterprise request; null for
 * the contact form or a scheduler URL that is no URL.
 */
export function schedulerLinksFor(
  form: NativeLeadForm,
  values: Record<string, unknown>,
  runtime: RuntimeConfig,
  reference: string | null,
): { schedulerUrl: string | null; enterpriseSchedulerUrl: string | null } {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string).trim() : "");
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
