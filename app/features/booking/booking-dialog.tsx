import * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { captureLandingAttribution } from "~/features/lead-capture/attribution";
import { useBookingDialog } from "./booking-dialog-context";
import { Spinner } from "~/components/ui/spinner";
import { useEverTrue } from "~/lib/deferred-mount";

// The form (react-hook-form, zod, the bot check, the scheduler) loads when the dialog first
// opens, not with every page: it is most of the public pages' JavaScript otherwise.
const BookingForm = React.lazy(() => import("./booking-form").then((m) => ({ default: m.BookingForm })));

export const BOOKING_DIALOG_TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";

/** The booking dialog opened by every Book demo button (spec section 2, points 3 to 5). */
export function BookingDialog() {
  const { state, setOpen } = useBookingDialog();
  // Mounted on every public page: the first page of a visit records where the visitor came from.
  React.useEffect(() => captureLandingAttribution(), []);
  if (!useEverTrue(state.open)) return null;
  return (
    <Dialog open={state.open} onOpenChange={setOpen}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>{BOOKING_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>Tell us about your business and we'll set up a 10-minute call.</DialogDescription>
        </DialogHeader>
        <React.Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner label="Loading the form" />
            </div>
          }
        >
          <BookingForm onSubmitted={() => setOpen(false)} />
        </React.Suspense>
      </DialogContent>
    </Dialog>
  );
}
