import * as React from "react";
import { CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { HoneypotField } from "~/features/lead-capture/honeypot-field";
import { useLeadForm } from "~/features/lead-capture/use-lead-form";
import { funnelFormProps } from "~/lib/collector";
import { BOT_CHECK_ACTIONS } from "@shared/schemas/booking-request";
import { NativeFormError } from "~/features/lead-capture/native-form";
import { useNativeFormState } from "~/features/lead-capture/native-form-state";
import { CONTACT_COMPANY_SIZES, CONTACT_INDUSTRIES, contactFormSchema } from "@shared/schemas/contact-request";
import { contactFormSection, paths } from "@shared/site-routes";

export const CONTACT_THANKS = "Thanks! We'll be in touch soon.";

/** The /contact form. Unlike the original, which sent nothing, each submission is stored as a lead. */
export function ContactForm() {
  const native = useNativeFormState();
  const [sent, setSent] = React.useState(native?.outcome === "stored");
  if (sent) {
    return (
      <div role="status" className="grid justify-items-center gap-3 rounded-xl border border-border bg-background p-8 text-center">
        <CircleCheck className="size-10 text-success" aria-hidden="true" />
        <p className="text-lg font-semibold">{CONTACT_THANKS}</p>
        {native ? (
          <Button asChild variant="outline">
            <a href={`${paths.contact}?again#${contactFormSection}`}>Send another message</a>
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => setSent(false)}>
            Send another message
          </Button>
        )}
      </div>
    );
  }
  // Unmounted once sent, so "Send another message" starts from an empty form.
  return <ContactFields onSubmitted={() => setSent(true)} />;
}

function ContactFields({ onSubmitted }: { onSubmitted: () => void }) {
  const { isSubmitting, register, errors, formProps } = useLeadForm({
    schema: contactFormSchema,
    defaultValues: { name: "", company: "", role: "", email: "", phone: "", industry: "", company_size: "", notes: "" },
    placement: "inline",
    endpoint: "/api/contact",
    nativeAction: `${paths.contact}#${contactFormSection}`,
    botCheckAction: BOT_CHECK_ACTIONS.contact_form,
    onSubmitted,
  });

  return (
    <form {...formProps} {...funnelFormProps("contact")} className="relative grid gap-4" aria-label="Contact us" data-lead-form="contact">
      <HoneypotField />
      <NativeFormError />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name?.message}>
          {(p) => <Input {...p} {...register("name")} autoComplete="name" />}
        </FormField>
        <FormField id="contact-company" label="Company" error={errors.company?.message}>
          {(p) => <Input {...p} {...register("company")} autoComplete="organization" />}
        </FormField>
        <FormField id="contact-role" label="Role (optional)" error={errors.role?.message}>
          {(p) => <Input {...p} {...register("role")} autoComplete="organization-title" />}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email?.message}>
          {(p) => <Input {...p} {...register("email")} type="email" autoComplete="email" inputMode="email" />}
        </FormField>
        <FormField id="contact-phone" label="Phone (optional)" error={errors.phone?.message}>
          {(p) => <Input {...p} {...register("phone")} type="tel" autoComplete="tel" inputMode="tel" />}
        </FormField>
        <FormField id="contact-industry" label="Industry" error={errors.industry?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("industry")}>
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
