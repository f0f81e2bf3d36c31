import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ConsentField } from "~/features/lead-capture/consent-field";
import { HoneypotField } from "~/features/lead-capture/honeypot-field";
import { LeadIdentityFields } from "~/features/lead-capture/lead-identity-fields";
import { openSchedulerSoon } from "~/features/lead-capture/scheduler";
import { useLeadForm, type LeadFormPlacement } from "~/features/lead-capture/use-lead-form";
import { NativeFormError } from "~/features/lead-capture/native-form";
import { funnelFormProps } from "~/lib/collector";
import { BOT_CHECK_ACTIONS, enterpriseFormSchema } from "@shared/schemas/booking-request";
import { enterpriseRequestSection, paths } from "@shared/site-routes";
import { enterpriseSchedulerPrefill } from "@shared/scheduler-links";

/**
 * The enterprise request fields, shared by the consultation dialog and the inline form on
 * /enterprise. `variant` picks the form's bot-check action, stored source and error wording.
 */
export function EnterpriseLeadForm({
  variant,
  submitLabel,
  onSubmitted,
  idPrefix = `enterprise-${variant}`,
}: {
  variant: LeadFormPlacement;
  submitLabel: string;
  onSubmitted: () => void;
  /** The fields' ids start with it: each dialog on a page has its own. */
  idPrefix?: string;
}) {
  const sourceForm = variant === "dialog" ? "enterprise_dialog" : "enterprise_inline";
  const { isSubmitting, register, errors, formProps } = useLeadForm({
    schema: enterpriseFormSchema,
    defaultValues: { name: "", job_title: "", work_email: "", company_name: "", ai_goal: "", tcpa_consent: false },
    placement: variant,
    endpoint: "/api/submit-booking",
    nativeAction: `${paths.enterprise}#${enterpriseRequestSection}`,
    botCheckAction: BOT_CHECK_ACTIONS[sourceForm],
    extraFields: { total_calls: null, source_form: sourceForm },
    onSubmitted: (values, { reference }) => {
      onSubmitted();
      openSchedulerSoon(getRuntimeConfig().enterpriseSchedulerUrl, enterpriseSchedulerPrefill(values), reference);
    },
  });

  return (
    <form
      {...formProps}
      {...funnelFormProps(sourceForm)}
      className="relative grid gap-4"
      aria-label="Enterprise consultation request"
      // The dialog's form has its own name: a native post is answered in place of /enterprise's
      // inline form (server/routes/lead-pages.ts), never a dialog's.
      data-lead-form={variant === "dialog" ? "enterprise-dialog" : "enterprise"}
    >
      <HoneypotField />
      <input type="hidden" name="source_form" value={sourceForm} />
      <NativeFormError />
      <LeadIdentityFields idPrefix={idPrefix} register={register} errors={errors} inDialog={variant === "dialog"} />
      <FormField
        id={`${idPrefix}-ai-goal`}
        label="What do you want AI to do for your team?"
        hint="For example: answer after-hours calls, qualify inbound leads, book appointments."
        error={errors.ai_goal?.message}
      >
        {(p) => <Textarea {...p} {...register("ai_goal")} rows={4} />}
      </FormField>
      <ConsentField field={register("tcpa_consent")} idPrefix={idPrefix} error={errors.tcpa_consent?.message} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Submitting..." : submitLabel}
      </Button>
    </form>
  );
}
