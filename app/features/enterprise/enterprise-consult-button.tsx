import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { track, type CtaLocation } from "~/lib/analytics";
import { useEverTrue } from "~/lib/deferred-mount";

// The dialog (Radix, the toast region, then the form) loads when it is first opened, not with
// the page (docs/decisions/0303).
const EnterpriseConsultDialog = React.lazy(() =>
  import("./enterprise-consult-dialog").then((m) => ({ default: m.EnterpriseConsultDialog })),
);

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
  const mounted = useEverTrue(open);
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
      {mounted ? (
        <React.Suspense fallback={null}>
          <EnterpriseConsultDialog open={open} onOpenChange={setOpen} />
        </React.Suspense>
      ) : null}
    </>
  );
}
