import * as React from "react";
import type { ButtonProps } from "~/components/ui/button";
import { DialogOpenerButton } from "~/components/dialog-opener-button";
import { track, type CtaLocation } from "~/lib/analytics";
import { EnterpriseConsultDialog } from "./enterprise-consult-dialog";

/**
 * A button that opens the enterprise consultation dialog, rendered with it (each button has its
 * own, so a page places the button alone; docs/decisions/0501). On /enterprise it records
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
  // An id per button (stable from the prerender to hydration): its dialog's and its fields' ids.
  const id = `consult${React.useId().replace(/[^\w-]/g, "")}`;
  return (
    <>
      <DialogOpenerButton
        {...props}
        dialogId={id}
        onPress={() => {
          if (location) track("cta_book_click", { location });
          else track("enterprise_consult_click", {});
        }}
      >
        {children}
      </DialogOpenerButton>
      <EnterpriseConsultDialog id={id} />
    </>
  );
}
