import * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useBookingDialog } from "./booking-dialog-context";
import { bookingDialog } from "~/content/booking-dialog";
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
          <DialogTitle>{bookingDialog.title}</DialogTitle>
          <DialogDescription>{bookingDialog.description}</DialogDescription>
        </DialogHeader>
        <FormSuspense>
          <BookingForm onSubmitted={() => setOpen(false)} />
        </FormSuspense>
      </DialogContent>
    </Dialog>
  );
}
