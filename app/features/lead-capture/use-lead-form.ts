import * as React from "react";
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type RegisterOptions, type UseFormRegister } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { BOT_CHECK_ACTIONS } from "@shared/schemas/booking-request";
import { readHoneypot } from "./honeypot-field";
import { reportFailure } from "./lead-form-feedback";
import { nativeConstraintsOf } from "./native-form";
import { useNativeFormState } from "./native-form-state";
import { prepareToasts } from "~/lib/toast";
import { preloadBotCheck } from "./recaptcha";
import { createLeadSubmitter, type LeadEndpoint } from "./submit-lead";

const subscribeNothing = () => () => {};

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
 * Before JavaScript takes over (the prerendered HTML, a browser without JavaScript, a chunk that
 * failed to load) the same form posts natively to `nativeAction`, a page whose server answers
 * with the thank-you state or the errors beside the values (docs/decisions/0501): `register` adds
 * each field's native constraints from the shared schema, and the server's values and errors when
 * it renders the answer. Once hydrated the form validates itself (`noValidate`) with the
 * schema's messages, and `maxlength` no longer stops typing so that the length message can show.
 *
 * Spread `formProps` on the `<form>`; register fields with the returned `register` and read
 * their messages from `errors`; `isSubmitting` while a submit is under way; `form` is
 * react-hook-form's API for everything else.
 */
export function useLeadForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  placement,
  endpoint,
  nativeAction,
  botCheckAction,
  extraFields,
  onSubmitted,
}: {
  /** The form's shared schema (an object schema: its keys are the fields server errors may name). */
  schema: z.ZodType<Output, Input> & Pick<z.ZodObject, "shape">;
  defaultValues: DefaultValues<Input>;
  placement: LeadFormPlacement;
  endpoint: LeadEndpoint;
  /** Where the form posts natively: a page path, with the form's section as its hash. */
  nativeAction: string;
  botCheckAction: (typeof BOT_CHECK_ACTIONS)[keyof typeof BOT_CHECK_ACTIONS];
  /** Sent with the form's values (for example which form it was). */
  extraFields?: Record<string, unknown>;
  /**
   * After the lead is stored, with the values that were sent and what the server answered: a
   * booking or enterprise lead's reference (docs/decisions/0702), null for the contact form.
   */
  onSubmitted: (values: Output, answer: { reference: string | null }) => void;
}) {
  const [submit] = React.useState(createLeadSubmitter);
  const native = useNativeFormState();
  const sentBack = native?.outcome === "invalid" ? native : null;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: sentBack ? ({ ...defaultValues, ...sentBack.values } as DefaultValues<Input>) : defaultValues,
  });
  // False in the prerendered HTML and while hydrating (so both render the same attributes), true
  // from the render after: React re-renders when the two snapshots differ.
  const enhanced = React.useSyncExternalStore(subscribeNothing, () => true, () => false);

  const constraints = nativeConstraintsOf(schema);
  const register = ((name: Path<Input>, options?: RegisterOptions<Input, Path<Input>>) => {
    const field = form.register(name, options);
    const { maxLength, ...rest } = constraints[name] ?? {};
    const posted = sentBack?.values[name];
    return {
      ...field,
      ...rest,
      ...(enhanced ? {} : { maxLength }),
      ...(posted === undefined ? {} : typeof posted === "boolean" ? { defaultChecked: posted } : { defaultValue: posted }),
    };
  }) as UseFormRegister<Input>;
  const errors = sentBack
    ? ({
        ...Object.fromEntries(Object.entries(sentBack.fieldErrors).map(([name, message]) => [name, { type: "server", message }])),
        ...form.formState.errors,
      } as FieldErrors<Input>)
    : form.formState.errors;

  const formRef = React.useRef<HTMLFormElement>(null);
  React.useEffect(() => {
    // An inline form hydrates when the visitor turns to it, often by focusing a field: that
    // first focus came before this form's handlers did.
    if (placement === "dialog" || formRef.current?.contains(document.activeElement)) preloadBotCheck();
  }, [placement]);

  const onSubmit = async (values: Output, event?: React.BaseSyntheticEvent) => {
    // Its answer is a toast: the toast region loads while the lead is on its way.
    prepareToasts();
    const outcome = await submit({
      endpoint,
      action: botCheckAction,
      values: { ...values, ...extraFields },
      honeypot: readHoneypot(event),
    });
    if (!outcome.ok) {
      return reportFailure(outcome, { style: placement, setError: form.setError, fields: Object.keys(schema.shape) });
    }
    onSubmitted(values, { reference: outcome.reference });
  };

  return {
    form,
    isSubmitting: form.formState.isSubmitting,
    register,
    errors,
    formProps: {
      ref: formRef,
      method: "post",
      action: nativeAction,
      noValidate: enhanced,
      onSubmit: form.handleSubmit(onSubmit),
      // Inline forms load the bot check when first focused, not with the page.
      onFocusCapture: placement === "inline" ? preloadBotCheck : undefined,
    },
  };
}
