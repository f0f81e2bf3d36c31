/**
 * A lead form's state when the server answers a submission made without JavaScript
 * (docs/decisions/0501): the visitor's values with the errors beside them, or the thank-you state
 * once the lead is stored. Absent when prerendering and in a form sent with JavaScript.
 */
export type NativeFormState =
  | {
      outcome: "invalid";
      /** The values as posted: text fields as text, checkboxes as booleans. */
      values: Record<string, string | boolean>;
      /** One message per field, worded as the enhanced form words it. */
      fieldErrors: Record<string, string>;
      /** What went wrong with the submission as a whole, when it is not a field's fault. */
      error: string | null;
    }
  | {
      outcome: "stored";
      /** For a booking: the scheduler with the visitor's details filled in. */
      schedulerUrl: string | null;
      /** For an enterprise-fit booking: the enterprise consultation's, offered first (0710). */
      enterpriseSchedulerUrl: string | null;
    };

/**
 * The classes of the message above a form the server sent back (NativeFormError): the server puts
 * the same markup into a prerendered page for a post it refuses without a render
 * (server/static-site.ts, formRefusal).
 */
export const NATIVE_FORM_ERROR_CLASS =
  "rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive";
