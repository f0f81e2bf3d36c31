import * as React from "react";
import { captureLandingAttribution } from "~/features/lead-capture/attribution";
import { LeadDialog } from "~/features/lead-capture/lead-dialog";
import { BOOKING_DIALOG_ID } from "~/components/marketing/book-demo-button";
import { bookingDialog } from "~/content/booking-dialog";
import { retryingImport } from "~/lib/lazy-import";

/** The dialog's accessible name: the end-to-end tests find the dialog by it. */
export const BOOKING_DIALOG_TITLE = bookingDialog.title;

// The form's code (react-hook-form, zod, the bot check, the scheduler) is not part of the page's
// start-up (docs/decisions/0303): it loads when the visitor turns to the open dialog's form.
const loadBookingForm = retryingImport(() => import("./booking-form"));
const BookingDialogForm = React.lazy(() => loadBookingForm().then((m) => ({ default: m.BookingDialogForm })));

/**
 * The booking dialog opened by every Book demo button (docs/product.md#booking-dialog), in every
 * public page's HTML (docs/decisions/0501).
 */
export function BookingDialog() {
  // Mounted on every public page: the first page of a visit records where the visitor came from.
  React.useEffect(() => captureLandingAttribution(), []);
  return (
    <LeadDialog
      id={BOOKING_DIALOG_ID}
      title={bookingDialog.title}
      description={bookingDialog.description}
      funnel="booking"
      form={(close) => <BookingDialogForm close={close} />}
    />
  );
}
