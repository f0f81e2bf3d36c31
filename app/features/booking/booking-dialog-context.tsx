import * as React from "react";
import { track, type CtaLocation } from "~/lib/analytics";
import { bookDemoSection, paths } from "@shared/site-routes";

/** The booking form as a page: where a press leads when the dialog's code cannot load. */
export const BOOKING_FORM_PAGE = `${paths.bookDemo}#${bookDemoSection}`;

type BookingDialogState = { open: boolean; location: CtaLocation };

type BookingDialogContextValue = {
  state: BookingDialogState;
  /** Opens the booking dialog and records which call to action opened it. */
  openBookingDialog: (location: CtaLocation) => void;
  setOpen: (open: boolean) => void;
};

const BookingDialogContext = React.createContext<BookingDialogContextValue | null>(null);

export function BookingDialogProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = React.useState<BookingDialogState>({ open: false, location: "navbar" });
  const value = React.useMemo<BookingDialogContextValue>(
    () => ({
      state,
      openBookingDialog: (location) => {
        track("cta_book_click", { location });
        setState({ open: true, location });
      },
      setOpen: (open) => setState((s) => ({ ...s, open })),
    }),
    [state],
  );
  return <BookingDialogContext.Provider value={value}>{children}</BookingDialogContext.Provider>;
}

export function useBookingDialog(): BookingDialogContextValue {
  const value = React.useContext(BookingDialogContext);
  if (!value) throw new Error("useBookingDialog must be used inside BookingDialogProvider");
  return value;
}
