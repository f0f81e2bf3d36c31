import type * as React from "react";
import { CalendarCheck } from "lucide-react";
import type { ButtonProps } from "~/components/ui/button";
import { DialogOpenerButton } from "~/components/dialog-opener-button";
import { track, type CtaLocation } from "~/lib/analytics";
import { ctaLabels } from "~/content/calls-to-action";

/**
 * The booking dialog's element id: every Book demo button opens it by this id (`commandfor`),
 * from first paint and without JavaScript (docs/decisions/0501); the booking dialog takes it.
 */
export const BOOKING_DIALOG_ID = "booking-dialog";

/**
 * Opens the booking dialog (prerendered in every public page) by itself, from first paint and
 * without JavaScript; the location goes with the cta_book_click event (docs/decisions/0501).
 */
export function BookDemoButton({
  location,
  children = ctaLabels.bookDemo,
  icon = true,
  size = "lg",
  ...props
}: Omit<ButtonProps, "onClick" | "type"> & { location: CtaLocation; children?: React.ReactNode; icon?: boolean }) {
  return (
    <DialogOpenerButton dialogId={BOOKING_DIALOG_ID} onPress={() => track("cta_book_click", { location })} size={size} {...props}>
      {icon ? <CalendarCheck aria-hidden="true" width={16} height={16} /> : null}
      {children}
    </DialogOpenerButton>
  );
}
