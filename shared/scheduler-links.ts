/**
 * The scheduler links a stored lead is offered: the configured scheduler URL with the visitor's
 * details prefilled, built the same way by the enhanced forms (app/features/lead-capture/scheduler.ts)
 * and by the server's answer to a form sent without JavaScript (docs/decisions/0501).
 */

export type SchedulerPrefill = {
  name: string;
  email: string;
  /** Extra invitees' emails. */
  guests: string[];
  /** Custom answers, sent as a1, a2, ... in this order. */
  answers: string[];
};

/** Where a booking made through the site's scheduler link came from, as Calendly's webhook returns it. */
export const SCHEDULER_UTM_SOURCE = "website";

/**
 * The scheduler link with the visitor's details prefilled through Calendly's query parameters.
 * It also carries `utm_source=website` and the lead's reference as `utm_content` (docs/decisions/0702):
 * Calendly hands both back under `tracking` in its webhook, which names the lead by it.
 */
export function prefilledSchedulerUrl(baseUrl: string, prefill: SchedulerPrefill, reference: string | null = null): string {
  const url = new URL(baseUrl);
  url.searchParams.set("name", prefill.name);
  url.searchParams.set("email", prefill.email);
  if (prefill.guests.length > 0) url.searchParams.set("guests", prefill.guests.join(","));
  prefill.answers.forEach((answer, index) => url.searchParams.set(`a${index + 1}`, answer));
  url.searchParams.set("utm_source", SCHEDULER_UTM_SOURCE);
  if (reference) url.searchParams.set("utm_content", reference);
  return url.toString();
}

/** The prefilled scheduler link, or null when the deployment's scheduler URL is not a URL. */
export function schedulerUrlOrNull(baseUrl: string, prefill: SchedulerPrefill, reference: string | null = null): string | null {
  try {
    return prefilledSchedulerUrl(baseUrl, prefill, reference);
  } catch {
    return null;
  }
}

/** What the scheduler is prefilled with after a booking request (docs/product.md#booking-submit). */
export function bookingSchedulerPrefill(values: { name: string; work_email: string; company_name: string; job_title: string; total_calls: number }): SchedulerPrefill {
  return {
    name: values.name,
    email: values.work_email,
    guests: [values.work_email],
    answers: [values.company_name, values.job_title, String(values.total_calls)],
  };
}

/** What the scheduler is prefilled with after an enterprise request. */
export function enterpriseSchedulerPrefill(values: { name: string; work_email: string; company_name: string; job_title: string; ai_goal: string }): SchedulerPrefill {
  return {
    name: values.name,
    email: values.work_email,
    guests: [values.work_email],
    answers: [values.company_name, values.job_title, values.ai_goal],
  };
}
