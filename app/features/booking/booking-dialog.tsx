import * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { captureLandingAttribution } from "~/features/lead-capture/attribution";
import { useBookingDialog } from "./booking-dialog-context";
import { BookingForm } from "./booking-form";

export const BOOKING_DIALOG_TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";

/** The booking dialog opened by every Book demo button (spec section 2, points 3 to 5). */
export function BookingDialog() {
  const { state, setOpen } = useBookingDialog();
  // Mounted on every public page: the first page of a visit records where the visitor came from.
  React.useEffect(() => captureLandingAttribution(), []);
  return (
    <Dialog open={state.open} onOpenChange={setOpen}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{BOOKING_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>Tell us about your business and we'll set up a 10-minute call.</DialogDescription>
        </DialogHeader>
        <BookingForm onSubmitted={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
