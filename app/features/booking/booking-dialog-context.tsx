/**
 * The booking dialog's element id: every Book demo button opens it by this id (`commandfor`),
 * from first paint and without JavaScript (docs/decisions/0501; see BookDemoButton).
 */
export const BOOKING_DIALOG_ID = "booking-dialog";
