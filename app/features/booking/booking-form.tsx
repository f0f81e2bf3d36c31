import * as React from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ConsentField } from "~/features/lead-capture/consent-field";
import { HoneypotField } from "~/features/lead-capture/honeypot-field";
import { LeadIdentityFields } from "~/features/lead-capture/lead-identity-fields";
import { openSchedulerSoon } from "~/features/lead-capture/scheduler";
import { useLeadForm } from "~/features/lead-capture/use-lead-form";
import { NativeFormError } from "~/features/lead-capture/native-form";
import { funnelFormProps } from "~/lib/collector";
import { BOT_CHECK_ACTIONS, bookingFormSchema } from "@shared/schemas/booking-request";
import { bookDemoSection, paths } from "@shared/site-routes";
import { fitTierOf } from "@shared/schemas/lead-fit";
import { bookingSchedulerPrefill, schedulerUrlOrNull } from "@shared/scheduler-links";
import { BOOKING_SUCCESS_MESSAGE, BOOKING_SUCCESS_TITLE, BookingThanks, type BookingSchedulers } from "./booking-thanks";


/**
 * The booking form: the booking dialog's (a new instance each time the dialog closes, which
 * resets it) and /book-demo's. Each placement has its own field ids and `data-lead-form` name, as
 * both are in /book-demo's HTML: the server answers a native post in place of the page's own
 * form (server/routes/lead-pages.ts), never the dialog's.
 */
export function BookingForm({
  onSubmitted,
  placement,
}: {
  onSubmitted: (schedulers: BookingSchedulers) => void;
  placement: "dialog" | "page";
}) {
  // Which form the first input counts as (docs/decisions/0801): the dialog's, or /book-demo's.
  const funnelForm = placement === "dialog" ? "booking" : "book_demo";
  const idPrefix = placement === "dialog" ? "booking-dialog" : "booking";
  const { isSubmitting, register, errors, formProps } = useLeadForm({
    schema: bookingFormSchema,
    // total_calls starts empty: the number box then holds NaN, which reads as below the minimum.
    defaultValues: { name: "", job_title: "", work_email: "", company_name: "", tcpa_consent: false },
    placement: "dialog",
    endpoint: "/api/submit-booking",
    nativeAction: `${paths.bookDemo}#${bookDemoSection}`,
    botCheckAction: BOT_CHECK_ACTIONS.booking_dialog,
    extraFields: { source_form: "booking_dialog" },
    onSubmitted: (values, { reference }) => {
      toast.success(BOOKING_SUCCESS_TITLE, { description: BOOKING_SUCCESS_MESSAGE });
      const { demoSchedulerUrl, enterpriseSchedulerUrl, enterpriseCallsPerMonth } = getRuntimeConfig();
      const prefill = bookingSchedulerPrefill(values);
      // An enterprise-fit lead chooses between the two schedulers on the thank-you step; everyone
      // else gets the demo scheduler as before (docs/decisions/0710).
      const enterprise = fitTierOf(values.total_calls, enterpriseCallsPerMonth) === "enterprise";
      onSubmitted({
        url: schedulerUrlOrNull(demoSchedulerUrl, prefill, reference),
        enterpriseUrl: enterprise ? schedulerUrlOrNull(enterpriseSchedulerUrl, prefill, reference) : null,
      });
      if (!enterprise) openSchedulerSoon(demoSchedulerUrl, prefill, reference);
    },
  });

  return (
    <form {...formProps} {...funnelFormProps(funnelForm)} className="relative grid gap-4" aria-label="Book a demo" data-lead-form={placement === "dialog" ? "booking-dialog" : "booking"}>
      <HoneypotField />
      <input type="hidden" name="source_form" value="booking_dialog" />
      <NativeFormError />
      <LeadIdentityFields idPrefix={idPrefix} register={register} errors={errors} inDialog={placement === "dialog"} />
      <FormField
        id={`${idPrefix}-total-calls`}
        label="Total calls per month"
        hint="Roughly how many calls your business gets in a month."
        error={errors.total_calls?.message}
      >
        {(p) => <Input {...p} {...register("total_calls", { valueAsNumber: true })} type="number" inputMode="numeric" min={1} step={1} />}
      </FormField>
      <ConsentField field={register("tcpa_consent")} idPrefix={idPrefix} error={errors.tcpa_consent?.message} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Submitting..." : "Book my call"}
      </Button>
    </form>
  );
}

/**
 * The booking dialog's content: the form, and after an enterprise-fit lead's submission the
 * thank-you step offering both schedulers; any other submission closes the dialog.
 */
export function BookingDialogForm({ close }: { close: () => void }) {
  const [thanks, setThanks] = React.useState<BookingSchedulers | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (thanks) heading.current?.focus();
  }, [thanks]);
  if (thanks) return <BookingThanks schedulers={thanks} headingRef={heading} />;
  return <BookingForm placement="dialog" onSubmitted={(schedulers) => (schedulers.enterpriseUrl ? setThanks(schedulers) : close())} />;
}
