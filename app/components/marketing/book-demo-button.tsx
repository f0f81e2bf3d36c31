import type * as React from "react";
import { CalendarCheck } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useBookingDialog } from "~/features/booking/booking-dialog-context";
import type { CtaLocation } from "~/lib/analytics";
import { ctaLabels } from "~/content/calls-to-action";

/** Opens the booking dialog; the location goes with the cta_book_click event. */
export function BookDemoButton({
  location,
  children = ctaLabels.bookDemo,
  ...props
}: Omit<ButtonProps, "onClick"> & { location: CtaLocation; children?: React.ReactNode }) {
  const { openBookingDialog } = useBookingDialog();
  return (
    <Button type="button" size="lg" onClick={() => openBookingDialog(location)} {...props}>
      <CalendarCheck aria-hidden="true" width={16} height={16} />
      {children}
    </Button>
  );
}
