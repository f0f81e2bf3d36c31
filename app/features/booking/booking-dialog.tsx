import * as React from "react";
import { captureLandingAttribution } from "~/features/lead-capture/attribution";
import { bookingDialog } from "~/content/booking-dialog";
import { useEverTrue } from "~/lib/deferred-mount";
import { ChunkFallbackBoundary, FALLBACK_DELAY_MS, FORM_LOAD_FAILED, FORM_PAGE_OPENING } from "~/lib/chunk-fallback";
import { lazyComponent, retryingImport, warmWhenIdle } from "~/lib/lazy-import";
import { toast } from "~/lib/toast";
import { BOOKING_FORM_PAGE, useBookingDialog } from "./booking-dialog-context";

/** The dialog's accessible name: the end-to-end tests find the dialog by it. */
export const BOOKING_DIALOG_TITLE = bookingDialog.title;

// The dialog (and, inside it, the form with react-hook-form, zod, the bot check and the
// scheduler) is not part of the page's start-up (docs/decisions/0303). Once the page is up and
// idle its code is fetched, the dialog's first and the form's in a later idle period, so that a
// press finds them in the module cache; the dialog mounts when a Book demo button is first pressed.
const [BookingDialogContent, loadDialogContent] = lazyComponent(
  retryingImport(() => import("./booking-dialog-content")),
  (m) => m.BookingDialogContent,
);

function openFormPage() {
  toast.error(FORM_LOAD_FAILED, { description: FORM_PAGE_OPENING });
  setTimeout(() => window.location.assign(BOOKING_FORM_PAGE), FALLBACK_DELAY_MS);
}

/** The booking dialog opened by every Book demo button (docs/product.md#booking-dialog). */
export function BookingDialog() {
  const { state } = useBookingDialog();
  // Mounted on every public page: the first page of a visit records where the visitor came from.
  React.useEffect(() => captureLandingAttribution(), []);
  React.useEffect(() => warmWhenIdle(() => loadDialogContent().then((m) => warmWhenIdle(m.loadBookingForm))), []);
  if (!useEverTrue(state.open)) return null;
  return (
    <ChunkFallbackBoundary onFailure={openFormPage} resetKey={state}>
      <React.Suspense fallback={null}>
        <BookingDialogContent />
      </React.Suspense>
    </ChunkFallbackBoundary>
  );
}
