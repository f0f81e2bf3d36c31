import { z } from "zod";
import { nameField, optionalText, requiredText, workEmailField } from "./lead-fields";
import { leadMetaShape } from "./lead-meta";

export const CONTACT_INDUSTRIES = [
  { value: "law", label: "Law" },
  { value: "trades", label: "Trades" },
  { value: "insurance", label: "Insurance" },
  { value: "other", label: "Other" },
] as const;

export const CONTACT_COMPANY_SIZES = ["1-10", "11-50", "51-200", "200+"] as const;

const industryValues = CONTACT_INDUSTRIES.map((i) => i.value) as ["law", "trades", "insurance", "other"];

/**
 * The /contact form (docs/product.md#contact-form-fields): name, company, email and industry are
 * required (docs/product.md#contact-form-validation).
 */
export const contactFormSchema = z.object({
  name: nameField,
  company: requiredText(100, "Company is required", "Company must be less than 100 characters", { lines: "single", label: "Company" }),
  role: optionalText(100, "Role must be less than 100 characters", { lines: "single", label: "Role" }),
  email: workEmailField,
  phone: optionalText(40, "Phone must be less than 40 characters", { lines: "single", label: "Phone" }).refine((v) => v === null || /^[0-9+().\-\s]{3,}$/.test(v), {
    error: "Invalid phone number",
  }),
  // The selects hold text: "" until an option is chosen.
  industry: z.string({ error: "Industry is required" }).pipe(z.enum(industryValues, { error: "Industry is required" })),
  // The company size's empty option means "not given".
  company_size: z
    .string({ error: "Choose a company size from the list" })
    .nullish()
    .transform((v) => (v === "" ? null : v))
    .pipe(z.enum(CONTACT_COMPANY_SIZES, { error: "Choose a company size from the list" }).nullish()),
  notes: optionalText(2000, "Notes must be less than 2000 characters", { lines: "multiple", label: "Notes" }),
});

export type ContactFormValues = z.output<typeof contactFormSchema>;

export const contactRequestSchema = contactFormSchema.extend(leadMetaShape);
export type ContactRequest = z.input<typeof contactRequestSchema>;
