import type * as React from "react";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";

/**
 * A field people never see or reach by keyboard; bots that fill every input fill it too, and the
 * server refuses those submissions. Moved off-screen rather than display:none, which some bots skip.
 * `inert`: never focused, not even by a dialog that focuses its first field as it opens; it is
 * still sent with the form.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" inert className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The honeypot's value from a form's submit event (react-hook-form passes the event on). */
export function readHoneypot(event: React.BaseSyntheticEvent | undefined): string | undefined {
  const form = event?.target as HTMLFormElement | undefined;
  const input = form?.elements?.namedItem?.(HONEYPOT_FIELD);
  return input instanceof HTMLInputElement ? input.value : undefined;
}
