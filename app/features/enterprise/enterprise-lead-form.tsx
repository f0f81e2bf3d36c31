import * as React from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ConsentField } from "~/features/lead-capture/consent-field";
import { HoneypotField, readHoneypot } from "~/features/lead-capture/honeypot-field";
import { reportFailure } from "~/features/lead-capture/lead-form-feedback";
import { preloadBotCheck } from "~/features/lead-capture/recaptcha";
import { openSchedulerSoon } from "~/features/lead-capture/scheduler";
import { createLeadSubmitter } from "~/features/lead-capture/submit-lead";
import { BOT_CHECK_ACTIONS, enterpriseFormSchema, type EnterpriseFormValues } from "@shared/schemas/booking-request";

type EnterpriseFormInput = Omit<EnterpriseFormValues, "tcpa_consent"> & { tcpa_consent: boolean };

const FIELDS = ["name", "job_title", "work_email", "company_name", "ai_goal", "tcpa_consent"] as const;

/**
 * The enterprise request fields, shared by the consultation dialog and the inline form on
 * /enterprise. `variant` picks the form's bot-check action, stored source and error wording.
 */
export function EnterpriseLeadForm({
  variant,
  submitLabel,
  onSubmitted,
}: {
  variant: "dialog" | "inline";
  submitLabel: string;
  onSubmitted: () => void;
}) {
  const submit = React.useMemo(() => createLeadSubmitter(), []);
  const idPrefix = `enterprise-${variant}`;
  const sourceForm = variant === "dialog" ? "enterprise_dialog" : "enterprise_inline";
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnterpriseFormInput, unknown, EnterpriseFormValues>({
    // The checkbox holds false until checked; the schema only accepts true, hence the widened input type.
    resolver: zodResolver(enterpriseFormSchema) as unknown as Resolver<EnterpriseFormInput, unknown, EnterpriseFormValues>,
    defaultValues: { name: "", job_title: "", work_email: "", company_name: "", ai_goal: "", tcpa_consent: false },
  });

  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    // The inline form hydrates when the visitor turns to it, often by focusing a field: that
    // first focus came before this form's handlers did.
    if (variant === "dialog" || formRef.current?.contains(document.activeElement)) preloadBotCheck();
  }, [variant]);

  const onSubmit = async (values: EnterpriseFormValues, event?: React.BaseSyntheticEvent) => {
    const outcome = await submit({
      endpoint: "/api/submit-booking",
      action: BOT_CHECK_ACTIONS[sourceForm],
      values: { ...values, total_calls: null, source_form: sourceForm },
      honeypot: readHoneypot(event),
    });
    if (!outcome.ok) return reportFailure(outcome, { style: variant, setError, fields: FIELDS });
    onSubmitted();
    openSchedulerSoon(getRuntimeConfig().enterpriseSchedulerUrl, {
      name: values.name,
      email: values.work_email,
      guests: [values.work_email],
      answers: [values.company_name, values.job_title, values.ai_goal],
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      // Inline forms load the bot check when first focused, not with the page.
      onFocusCapture={variant === "inline" ? preloadBotCheck : undefined}
      className="relative grid gap-4"
      aria-label="Enterprise consultation request"
    >
      <HoneypotField />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-name`} label="Full name" error={errors.name?.message}>
          {(p) => <Input {...p} {...register("name")} autoComplete="name" />}
        </FormField>
        <FormField id={`${idPrefix}-job-title`} label="Job title" error={errors.job_title?.message}>
          {(p) => <Input {...p} {...register("job_title")} autoComplete="organization-title" />}
        </FormField>
        <FormField id={`${idPrefix}-work-email`} label="Work email" error={errors.work_email?.message}>
          {(p) => <Input {...p} {...register("work_email")} type="email" autoComplete="email" inputMode="email" />}
        </FormField>
        <FormField id={`${idPrefix}-company-name`} label="Company name" error={errors.company_name?.message}>
          {(p) => <Input {...p} {...register("company_name")} autoComplete="organization" />}
        </FormField>
      </div>
      <FormField
        id={`${idPrefix}-ai-goal`}
        label="What do you want AI to do for your team?"
        hint="For example: answer after-hours calls, qualify inbound leads, book appointments."
        error={errors.ai_goal?.message}
      >
        {(p) => <Textarea {...p} {...register("ai_goal")} rows={4} />}
      </FormField>
      <ConsentField control={control} name="tcpa_consent" idPrefix={idPrefix} error={errors.tcpa_consent?.message} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Submitting..." : submitLabel}
      </Button>
    </form>
  );
}
