import * as React from "react";
import type { ButtonProps } from "~/components/ui/button";
import { EarlyTapButton } from "~/components/early-tap-button";
import { track, type CtaLocation } from "~/lib/analytics";
import { useEverTrue } from "~/lib/deferred-mount";
import { enterpriseRequestSection, paths } from "@shared/site-routes";

// The dialog (Radix, the toast region, then the form) loads when it is first opened, not with
// the page (docs/decisions/0303).
const EnterpriseConsultDialog = React.lazy(() =>
  import("./enterprise-consult-dialog").then((m) => ({ default: m.EnterpriseConsultDialog })),
);

/**
 * A button that opens the enterprise consultation dialog. On /enterprise it records
 * enterprise_consult_click; the compare page's Book buttons open the same dialog and record
 * cta_book_click with location compare, as every other Book button does with its location
 * (docs/product.md#compare-page, docs/product.md#analytics-event; docs/decisions/0304).
 */
export function EnterpriseConsultButton({
  location,
  children,
  ...props
}: Omit<ButtonProps, "onClick" | "type"> & {
  /** A Book button's location (cta_book_click), or undefined for a consult button (enterprise_consult_click). */
  location?: CtaLocation;
  children: React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  const mounted = useEverTrue(open);
  return (
    <>
      <EarlyTapButton
        {...props}
        fallbackHref={`${paths.enterprise}#${enterpriseRequestSection}`}
        onPress={() => {
          if (location) track("cta_book_click", { location });
          else track("enterprise_consult_click", {});
          setOpen(true);
        }}
      >
        {children}
      </EarlyTapButton>
      {mounted ? (
        <React.Suspense fallback={null}>
          <EnterpriseConsultDialog open={open} onOpenChange={setOpen} />
        </React.Suspense>
      ) : null}
    </>
  );
}
