import "./zod-csp";
import { z } from "zod";
import { isSingleLineText } from "./lead-fields";

/**
 * A person's data on request (docs/decisions/0706): the address whose data an admin exports or
 * erases. The same schema checks the admin form and the server; the address travels in a POST
 * body, never in a URL.
 */
const subjectEmail = z
  .string()
  .trim()
  .min(1, "Enter the person's e-mail address")
  .max(320, "An e-mail address is at most 320 characters")
  .refine((value) => isSingleLineText(value), "Invalid email address")
  .pipe(z.email("Invalid email address"));

export const privacyExportSchema = z.object({ email: subjectEmail });
export type PrivacyExportInput = z.input<typeof privacyExportSchema>;

/** Erasing asks for the address twice: a slip of the finger must not delete someone else. */
export const privacyEraseSchema = z
  .object({ email: subjectEmail, confirmEmail: z.string().trim() })
  .refine((v) => v.email.toLowerCase() === v.confirmEmail.toLowerCase(), { path: ["confirmEmail"], message: "Type the same address again to confirm" });
export type PrivacyEraseInput = z.input<typeof privacyEraseSchema>;
