import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { track, type CtaLocation } from "~/lib/analytics";
import { EnterpriseConsultDialog } from "./enterprise-consult-dialog";

/**
 * A button that opens the enterprise consultation dialog (compare page, enterprise page's
 * book-directly section) and records enterprise_consult_click with where it was.
 */
export function EnterpriseConsultButton({
  location,
  children,
  ...props
}: Omit<ButtonProps, "onClick"> & { location: CtaLocation | "enterprise"; children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button
        {...props}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          track("enterprise_consult_click", { location });
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <EnterpriseConsultDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
