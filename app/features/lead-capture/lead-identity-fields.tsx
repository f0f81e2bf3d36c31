import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

/** The fields the booking and enterprise schemas share (shared/schemas/lead-fields.ts). */
type LeadIdentityField = "name" | "job_title" | "work_email" | "company_name";

/**
 * Who is asking: the four fields the booking dialog and both enterprise forms open with, two
 * columns from sm up. Ids are `<idPrefix>-name` and so on.
 */
export function LeadIdentityFields({
  idPrefix,
  register,
  errors,
  inDialog = false,
}: {
  idPrefix: string;
  /**
   * In a native dialog the first field carries `autofocus`: the browser focuses it as the dialog
   * opens, before any script (React does not focus it again when it hydrates).
   */
  inDialog?: boolean;
  /** The form's `register`, whatever else its schema holds. */
  register: (name: LeadIdentityField) => UseFormRegisterReturn;
  errors: Partial<Record<LeadIdentityField, { message?: string }>>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${idPrefix}-name`} label="Full name" error={errors.name?.message}>
        {(p) => <Input {...p} {...register("name")} autoComplete="name" autoFocus={inDialog} />}
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
  );
}
