import * as React from "react";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { BOT_CHECK_ACTIONS } from "@shared/schemas/booking-request";
import { readHoneypot } from "./honeypot-field";
import { reportFailure } from "./lead-form-feedback";
import { preloadBotCheck } from "./recaptcha";
import { createLeadSubmitter, type LeadEndpoint } from "./submit-lead";

/**
 * Where a lead form sits. A dialog's form loads the bot check as it opens and shows the fixed
 * error text on failure; an inline form loads the bot check on first focus and shows the
 * server's message.
 */
export type LeadFormPlacement = "dialog" | "inline";

/**
 * What every lead form does besides its own fields: validates with its shared schema, sends
 * through the lead submitter (bot-check token, idempotency key, attribution, honeypot), shows a
 * failure beside the fields and in a toast, and loads the bot check before the first submit.
 *
 * Spread `formProps` on the `<form>`; `form` is react-hook-form's API for the fields.
 */
export function useLeadForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  placement,
  endpoint,
  botCheckAction,
  extraFields,
  onSubmitted,
}: {
  /** The form's shared schema (an object schema: its keys are the fields server errors may name). */
  schema: z.ZodType<Output, Input> & Pick<z.ZodObject, "shape">;
  defaultValues: DefaultValues<Input>;
  placement: LeadFormPlacement;
  endpoint: LeadEndpoint;
  botCheckAction: (typeof BOT_CHECK_ACTIONS)[keyof typeof BOT_CHECK_ACTIONS];
  /** Sent with the form's values (for example which form it was). */
  extraFields?: Record<string, unknown>;
  /** After the lead is stored, with the values that were sent. */
  onSubmitted: (values: Output) => void;
}) {
  const [submit] = React.useState(createLeadSubmitter);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });

  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    // An inline form hydrates when the visitor turns to it, often by focusing a field: that
    // first focus came before this form's handlers did.
    if (placement === "dialog" || formRef.current?.contains(document.activeElement)) preloadBotCheck();
  }, [placement]);

  const onSubmit = async (values: Output, event?: React.BaseSyntheticEvent) => {
    const outcome = await submit({
      endpoint,
      action: botCheckAction,
      values: { ...values, ...extraFields },
      honeypot: readHoneypot(event),
    });
    if (!outcome.ok) {
      return reportFailure(outcome, { style: placement, setError: form.setError, fields: Object.keys(schema.shape) });
    }
    onSubmitted(values);
  };

  return {
    form,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: form.handleSubmit(onSubmit),
      // Inline forms load the bot check when first focused, not with the page.
      onFocusCapture: placement === "inline" ? preloadBotCheck : undefined,
    },
  };
}
