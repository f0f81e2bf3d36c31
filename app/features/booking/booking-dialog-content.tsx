import * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { BOOKING_FORM_PAGE, useBookingDialog } from "./booking-dialog-context";
import { bookingDialog } from "~/content/booking-dialog";
import { FormSuspense } from "~/features/lead-capture/form-suspense";
import { collect } from "~/lib/collector";
import { lazyComponent, retryingImport } from "~/lib/lazy-import";

/**
 * The form (react-hook-form, zod, the bot check, the scheduler) loads when the dialog first
 * opens or when the page warms it (booking-dialog.tsx), not with every page: it is most of the
 * public pages' JavaScript otherwise.
 */
const [BookingForm, loadBookingForm] = lazyComponent(retryingImport(() => import("./booking-form")), (m) => m.BookingForm);
export { loadBookingForm };

/** The booking dialog itself: loaded when a Book demo button is first pressed, or warmed. */
export function BookingDialogContent() {
  const { state, setOpen } = useBookingDialog();
  // Counted when the dialog is on screen, not when a button asks for it: the two differ when
  // its code fails to load, and that difference is a leak in the funnel.
  React.useEffect(() => {
    if (state.open) collect("dialog_open", "booking");
  }, [state.open]);
  return (
    <Dialog open={state.open} onOpenChange={setOpen}>
      <DialogContent size="wide" initialFocus="first-field">
        <DialogHeader>
          <DialogTitle>{bookingDialog.title}</DialogTitle>
          <DialogDescription>{bookingDialog.description}</DialogDescription>
        </DialogHeader>
        <FormSuspense fallbackHref={BOOKING_FORM_PAGE} onFallback={() => setOpen(false)}>
          <BookingForm onSubmitted={() => setOpen(false)} />
        </FormSuspense>
      </DialogContent>
    </Dialog>
  );
}
