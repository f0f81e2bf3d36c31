import * as React from "react";
import { captureLandingAttribution } from "~/features/lead-capture/attribution";
import { bookingDialog } from "~/content/booking-dialog";
import { useEverTrue } from "~/lib/deferred-mount";
import { useBookingDialog } from "./booking-dialog-context";

/** The dialog's accessible name: the end-to-end tests find the dialog by it. */
export const BOOKING_DIALOG_TITLE = bookingDialog.title;

// The dialog (and, inside it, the form with react-hook-form, zod, the bot check and the
// scheduler) loads when a Book demo button is first pressed, not with every page
// (docs/decisions/0303).
const BookingDialogContent = React.lazy(() =>
  import("./booking-dialog-content").then((m) => ({ default: m.BookingDialogContent })),
);

/** The booking dialog opened by every Book demo button (docs/product.md#booking-dialog). */
export function BookingDialog() {
  const { state } = useBookingDialog();
  // Mounted on every public page: the first page of a visit records where the visitor came from.
  React.useEffect(() => captureLandingAttribution(), []);
  if (!useEverTrue(state.open)) return null;
  return (
    <React.Suspense fallback={null}>
      <BookingDialogContent />
    </React.Suspense>
  );
}
