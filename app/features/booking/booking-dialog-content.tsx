import * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { BOOKING_DIALOG_TITLE } from "./booking-dialog";
import { useBookingDialog } from "./booking-dialog-context";
import { terms } from "~/content/pricing";
import { FormSuspense } from "~/features/lead-capture/form-suspense";

// The form (react-hook-form, zod, the bot check, the scheduler) loads when the dialog first
// opens, not with every page: it is most of the public pages' JavaScript otherwise.
const BookingForm = React.lazy(() => import("./booking-form").then((m) => ({ default: m.BookingForm })));

/** The booking dialog itself: loaded when a Book demo button is first pressed. */
export function BookingDialogContent() {
  const { state, setOpen } = useBookingDialog();
  return (
    <Dialog open={state.open} onOpenChange={setOpen}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>{BOOKING_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>Tell us about your business and we'll set up a {terms.setupCallMinutes}-minute call.</DialogDescription>
        </DialogHeader>
        <FormSuspense>
          <BookingForm onSubmitted={() => setOpen(false)} />
        </FormSuspense>
      </DialogContent>
    </Dialog>
  );
}
