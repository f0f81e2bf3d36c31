import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldMessage } from "~/components/ui/form-field";
import { CONSENT_TEXT } from "@shared/schemas/consent-text";

/** The TCPA consent checkbox (unchecked by default) with the consent text as its label. */
export function ConsentField<T extends FieldValues>({
  control,
  name,
  idPrefix,
  error,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  idPrefix: string;
  error?: string;
  disabled?: boolean;
}) {
  const id = `${idPrefix}-tcpa-consent`;
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              name={field.name}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={disabled}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? messageId : undefined}
              className="mt-0.5"
            />
          )}
        />
        <label htmlFor={id} className="text-xs leading-relaxed text-muted-foreground">
          {CONSENT_TEXT}
        </label>
      </div>
      {error ? <FieldMessage id={messageId}>{error}</FieldMessage> : null}
    </div>
  );
}
