import * as React from "react";
import { track, type CtaLocation } from "~/lib/analytics";

/** The booking dialog's element id: Book demo buttons open it by this id (`commandfor`). */
export const BOOKING_DIALOG_ID = "booking-dialog";

type BookingDialogContextValue = {
  /**
   * Opens the booking dialog from code and records which call to action opened it (a Book demo
   * button opens it by itself: see BookDemoButton).
   */
  openBookingDialog: (location: CtaLocation) => void;
};

const value: BookingDialogContextValue = {
  openBookingDialog: (location) => {
    track("cta_book_click", { location });
    const dialog = document.getElementById(BOOKING_DIALOG_ID);
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
  },
};

const BookingDialogContext = React.createContext<BookingDialogContextValue | null>(null);

/** Kept for the components that open the dialog from code (the phone menu's Book demo). */
export function BookingDialogProvider({ children }: { children: React.ReactNode }) {
  return <BookingDialogContext.Provider value={value}>{children}</BookingDialogContext.Provider>;
}

export function useBookingDialog(): BookingDialogContextValue {
  const context = React.useContext(BookingDialogContext);
  if (!context) throw new Error("useBookingDialog must be used inside BookingDialogProvider");
  return context;
}
