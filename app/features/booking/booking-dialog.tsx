import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useBookingDialog } from "./booking-dialog-context";

export const BOOKING_DIALOG_TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";

/** The booking dialog opened by every Book demo button (form comes with the lead-capture work). */
export function BookingDialog() {
  const { state, setOpen } = useBookingDialog();
  return (
    <Dialog open={state.open} onOpenChange={setOpen}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{BOOKING_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>Tell us about your business and we'll set up a 10-minute call.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
