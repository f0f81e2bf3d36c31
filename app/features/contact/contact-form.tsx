import * as React from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { HoneypotField, readHoneypot } from "~/features/lead-capture/honeypot-field";
import { reportFailure } from "~/features/lead-capture/lead-form-feedback";
import { preloadBotCheck } from "~/features/lead-capture/recaptcha";
import { createLeadSubmitter } from "~/features/lead-capture/submit-lead";
import { BOT_CHECK_ACTIONS } from "@shared/schemas/booking-request";
import {
  CONTACT_COMPANY_SIZES,
  CONTACT_INDUSTRIES,
  contactFormSchema,
  type ContactFormValues,
} from "@shared/schemas/contact-request";

export const CONTACT_THANKS = "Thanks! We'll be in touch soon.";

type ContactFormInput = {
  name: string;
  company: string;
  role: string;
  email: string;
  phone: string;
  industry: string;
  company_size: string;
  notes: string;
};

const EMPTY: ContactFormInput = { name: "", company: "", role: "", email: "", phone: "", industry: "", company_size: "", notes: "" };
const FIELDS = Object.keys(EMPTY);

/** The /contact form. Unlike the original, which sent nothing, each submission is stored as a lead. */
export function ContactForm() {
  const submit = React.useMemo(() => createLeadSubmitter(), []);
  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    // The form hydrates when the visitor turns to it, often by focusing a field: that first
    // focus came before this form's handlers did.
    if (formRef.current?.contains(document.activeElement)) preloadBotCheck();
  }, []);
  const [sent, setSent] = React.useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    // The selects hold "" until chosen, which the schema reads as "not given" or "required".
    resolver: zodResolver(contactFormSchema) as unknown as Resolver<ContactFormInput, unknown, ContactFormValues>,
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: ContactFormValues, event?: React.BaseSyntheticEvent) => {
    const outcome = await submit({
      endpoint: "/api/contact",
      action: BOT_CHECK_ACTIONS.contact_form,
      values,
      honeypot: readHoneypot(event),
    });
    if (!outcome.ok) return reportFailure(outcome, { style: "inline", setError, fields: FIELDS });
    reset(EMPTY);
    setSent(true);
  };

  if (sent) {
    return (
      <div role="status" className="grid justify-items-center gap-3 rounded-xl border border-border bg-background p-8 text-center">
        <CircleCheck className="size-10 text-success" aria-hidden="true" />
        <p className="text-lg font-semibold">{CONTACT_THANKS}</p>
        <Button type="button" variant="outline" onClick={() => setSent(false)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} onFocusCapture={preloadBotCheck} className="relative grid gap-4" aria-label="Contact us">
      <HoneypotField />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name?.message}>
          {(p) => <Input {...p} {...register("name")} autoComplete="name" required />}
        </FormField>
        <FormField id="contact-company" label="Company" error={errors.company?.message}>
          {(p) => <Input {...p} {...register("company")} autoComplete="organization" required />}
        </FormField>
        <FormField id="contact-role" label="Role (optional)" error={errors.role?.message}>
          {(p) => <Input {...p} {...register("role")} autoComplete="organization-title" />}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email?.message}>
          {(p) => <Input {...p} {...register("email")} type="email" autoComplete="email" inputMode="email" required />}
        </FormField>
        <FormField id="contact-phone" label="Phone (optional)" error={errors.phone?.message}>
          {(p) => <Input {...p} {...register("phone")} type="tel" autoComplete="tel" inputMode="tel" />}
        </FormField>
        <FormField id="contact-industry" label="Industry" error={errors.industry?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("industry")} required>
              <option value="">Select your industry</option>
              {CONTACT_INDUSTRIES.map((industry) => (
                <option key={industry.value} value={industry.value}>
                  {industry.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="contact-company-size" label="Company size (optional)" error={errors.company_size?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("company_size")}>
              <option value="">Select company size</option>
              {CONTACT_COMPANY_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} employees
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField id="contact-notes" label="Notes (optional)" error={errors.notes?.message}>
        {(p) => <Textarea {...p} {...register("notes")} rows={4} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Submitting..." : "Send message"}
      </Button>
    </form>
  );
}
