import { renderToString } from "react-dom/server";
import { BookingPageForm } from "~/features/booking/booking-page-form";
import { ContactForm } from "~/features/contact/contact-form";
import { EnterpriseRequestForm } from "~/features/enterprise/enterprise-request-form";
import { NativeFormStateContext, type NativeFormState } from "~/features/lead-capture/native-form";
import { bookingSchedulerPrefill, enterpriseSchedulerPrefill, schedulerUrlOrNull } from "@shared/scheduler-links";
import type { RuntimeConfig } from "@shared/runtime-config";
import { fitTierOf } from "@shared/schemas/lead-fit";

export type { NativeFormState };

/*
 * The one module of app/ the server imports (eslint.config.js): it renders the lead forms for
 * answers to submissions made without JavaScript (docs/decisions/0501). ".server": never part of
 * the browser's bundle.
 */

/** The lead forms a page posts natively, by the `data-lead-form` name their `<form>` carries. */
export type NativeLeadForm = "booking" | "enterprise" | "contact";

const forms: Record<NativeLeadForm, () => React.ReactNode> = {
  booking: () => <BookingPageForm />,
  enterprise: () => <EnterpriseRequestForm />,
  contact: () => <ContactForm />,
};

/**
 * The thank-you state's scheduler links, prefilled from the stored values as the enhanced form
 * prefills the scheduler it opens, and carrying the lead's reference as the enhanced form's does
 * (docs/decisions/0702), so Calendly's webhook names the lead: the demo's for a booking (and the
 * enterprise consultation's too for an enterprise-fit one, docs/decisions/0710), the enterprise
 * consultation's for an enterprise request; null for the contact form or a scheduler URL that is
 * no URL.
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

/**
 * The HTML of a lead form as the server answers a submission made without JavaScript: the same
 * component the page prerenders, given the server's state (the thank-you state, or the visitor's
 * values with the errors beside them). server/routes/lead-pages.ts puts it in place of the
 * page's form (docs/decisions/0501).
 */
export function renderLeadForm(form: NativeLeadForm, state: NativeFormState): string {
  const Form = forms[form];
  return renderToString(<NativeFormStateContext.Provider value={state}>{Form()}</NativeFormStateContext.Provider>);
}
