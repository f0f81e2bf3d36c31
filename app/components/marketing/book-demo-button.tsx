import type * as React from "react";
import { CalendarCheck } from "lucide-react";
import type { ButtonProps } from "~/components/ui/button";
import { EarlyTapButton } from "~/components/early-tap-button";
import { useBookingDialog } from "~/features/booking/booking-dialog-context";
import type { CtaLocation } from "~/lib/analytics";
import { ctaLabels } from "~/content/calls-to-action";
import { bookDemoSection, paths } from "@shared/site-routes";

/**
 * Opens the booking dialog; the location goes with the cta_book_click event. Before hydration
 * the tap is kept and replayed; without JavaScript it leads to /book-demo (app/lib/early-taps.ts).
 */
export function BookDemoButton({
  location,
  children = ctaLabels.bookDemo,
  icon = true,
  size = "lg",
  ...props
}: Omit<ButtonProps, "onClick" | "type"> & { location: CtaLocation; children?: React.ReactNode; icon?: boolean }) {
  const { openBookingDialog } = useBookingDialog();
  return (
    <EarlyTapButton fallbackHref={`${paths.bookDemo}#${bookDemoSection}`} onPress={() => openBookingDialog(location)} size={size} {...props}>
      {icon ? <CalendarCheck aria-hidden="true" width={16} height={16} /> : null}
      {children}
    </EarlyTapButton>
  );
}
