import type { UseFormRegisterReturn } from "react-hook-form";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldMessage } from "~/components/ui/form-field";
import { CONSENT_TEXT } from "@shared/schemas/consent-text";

/** The TCPA consent checkbox (unchecked by default) with the consent text as its label. */
export function ConsentField({
  field,
  idPrefix,
  error,
  disabled,
}: {
  /** The form's registration of its consent field (`register("tcpa_consent")`). */
  field: UseFormRegisterReturn;
  idPrefix: string;
  error?: string;
  disabled?: boolean;
}) {
  const id = `${idPrefix}-tcpa-consent`;
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          {...field}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? messageId : undefined}
          className="mt-0.5"
        />
        <label htmlFor={id} className="text-xs leading-relaxed text-muted-foreground">
          {CONSENT_TEXT}
        </label>
      </div>
      {error ? <FieldMessage id={messageId}>{error}</FieldMessage> : null}
    </div>
  );
}
