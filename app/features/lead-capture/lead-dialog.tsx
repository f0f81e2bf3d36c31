import * as React from "react";
import { HydrateOnIntent } from "~/components/hydrate-on-intent";
import { NativeDialog } from "~/components/ui/native-dialog";
import { collect } from "~/lib/collector";
import type { AnalyticsDetail } from "@shared/schemas/analytics";

/** A form's first field: not the honeypot (inside an inert wrapper), not a hidden input. */
const FIRST_FIELD = "input:not([type=hidden]):not([inert] *), textarea:not([inert] *), select:not([inert] *)";

/**
 * A lead form in a modal dialog, usable from first paint (docs/decisions/0501): the dialog is a
 * native `<dialog>` in the prerendered page holding the form as plain HTML, which posts natively
 * (docs/decisions/0501); its buttons open it themselves (`DialogOpenerButton`). The form's code
 * (react-hook-form, zod, the bot check, the scheduler) loads when the visitor turns to the form,
 * which opening the dialog does by focusing its first field, and hydrates the same markup with
 * what was typed kept (`HydrateOnIntent`). Nothing is fetched for it before the first opening.
 *
 * `form` renders the form (a lazily loaded component, so its code stays out of the page's start-up);
 * it is given `close`, for after a submission. Closing the dialog starts a fresh form, as closing
 * the earlier dialog did.
 */
export function LeadDialog({
  id,
  title,
  description,
  funnel,
  form,
}: {
  id: string;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Which dialog a `dialog_open` counts (docs/decisions/0801). */
  funnel: Extract<AnalyticsDetail, "booking" | "enterprise_dialog">;
  form: (close: () => void) => React.ReactNode;
}) {
  const [round, setRound] = React.useState(0);
  const body = React.useRef<HTMLDivElement>(null);
  // The prerendered first field carries `autofocus` (the browser focuses it as the dialog opens);
  // React renders autoFocus as a focus() call instead, so a fresh form gets the attribute here.
  // A dialog reopened before its closing was reported has already focused the old form's field,
  // which the fresh form has replaced: focus goes to the new one.
  React.useEffect(() => {
    if (round === 0) return;
    const field = body.current?.querySelector<HTMLElement>(FIRST_FIELD);
    field?.setAttribute("autofocus", "");
    const dialog = document.getElementById(id);
    if (dialog instanceof HTMLDialogElement && dialog.open && !body.current?.contains(document.activeElement)) field?.focus();
  }, [round, id]);
  const close = () => {
    const dialog = document.getElementById(id);
    if (dialog instanceof HTMLDialogElement && dialog.open) dialog.close();
  };
  return (
    <NativeDialog
      id={id}
      title={title}
      description={description}
      // Counted when on screen, opened before hydration too (the dialog reports it as it hydrates).
      onOpen={() => collect("dialog_open", funnel)}
      onClose={() => {
        // A form React has taken over starts afresh as a new instance; the plain one is reset by
        // the browser (its code has not come: nothing else holds its values).
        if (body.current?.querySelector("[data-hydrated]")) setRound((n) => n + 1);
        else body.current?.querySelector("form")?.reset();
      }}
    >
      <div ref={body}>
        <HydrateOnIntent key={round}>{form(close)}</HydrateOnIntent>
      </div>
    </NativeDialog>
  );
}
