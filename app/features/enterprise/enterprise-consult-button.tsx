import * as React from "react";
import type { ButtonProps } from "~/components/ui/button";
import { EarlyTapButton } from "~/components/early-tap-button";
import { track, type CtaLocation } from "~/lib/analytics";
import { useEverTrue } from "~/lib/deferred-mount";
import { ChunkFallbackBoundary, FALLBACK_DELAY_MS, FORM_LOAD_FAILED, FORM_PAGE_OPENING } from "~/lib/chunk-fallback";
import { EnterpriseConsultDialog, warmEnterpriseConsult } from "~/lib/enterprise-consult";
import { toast } from "~/lib/toast";
import { enterpriseRequestSection, paths } from "@shared/site-routes";

// The dialog (Radix, then the form) loads when it is first opened, not with the page
// (docs/decisions/0303), or at idle once the page is up (warmEnterpriseConsult), with retries.

const REQUEST_FORM = `${paths.enterprise}#${enterpriseRequestSection}`;

/** The dialog's code did not come even after retries: say so, then go to the request form's page. */
function openRequestFormPage() {
  toast.error(FORM_LOAD_FAILED, { description: FORM_PAGE_OPENING });
  window.setTimeout(() => window.location.assign(REQUEST_FORM), FALLBACK_DELAY_MS);
}

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
  const [presses, setPresses] = React.useState(0);
  const mounted = useEverTrue(open);
  React.useEffect(() => warmEnterpriseConsult(), []);
  return (
    <>
      <EarlyTapButton
        {...props}
        fallbackHref={REQUEST_FORM}
        onPress={() => {
          if (location) track("cta_book_click", { location });
          else track("enterprise_consult_click", {});
          setPresses((n) => n + 1);
          setOpen(true);
        }}
      >
        {children}
      </EarlyTapButton>
      {mounted ? (
        <ChunkFallbackBoundary onFailure={openRequestFormPage} resetKey={presses}>
          <React.Suspense fallback={null}>
            <EnterpriseConsultDialog open={open} onOpenChange={setOpen} />
          </React.Suspense>
        </ChunkFallbackBoundary>
      ) : null}
    </>
  );
}
