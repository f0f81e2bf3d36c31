import { toast } from "~/lib/toast";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { SubmitOutcome } from "./submit-lead";

/** The dialogs' error toast (docs/product.md#lead-form-errors). */
export const DIALOG_ERROR_TITLE = "Error";
export const DIALOG_ERROR_MESSAGE = "Failed to save information. Please try again.";
/** The inline enterprise form shows the message read from the answer, or this. */
export const INLINE_ERROR_FALLBACK = "Failed to submit. Please try again.";

/**
 * Shows a failed submission: field messages from the server beside their fields, and a toast.
 * The bot-check message is shown as it is; otherwise dialogs show their fixed text and inline
 * forms the server's message.
 */
export function reportFailure<T extends FieldValues>(
  outcome: Extract<SubmitOutcome, { ok: false }>,
  options: { style: "dialog" | "inline"; setError: UseFormSetError<T>; fields: readonly string[] },
) {
  for (const [field, message] of Object.entries(outcome.fieldErrors ?? {})) {
    if (options.fields.includes(field)) options.setError(field as Path<T>, { type: "server", message });
  }
  const description =
    outcome.reason === "bot-check"
      ? outcome.error
      : options.style === "dialog"
        ? DIALOG_ERROR_MESSAGE
        : outcome.error || INLINE_ERROR_FALLBACK;
  toast.error(DIALOG_ERROR_TITLE, { description });
}
