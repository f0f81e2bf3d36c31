import type * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { CtaLocation } from "~/lib/analytics";

/**
 * A button that opens the enterprise consultation dialog (compare page, enterprise page's
 * book-directly section). The lead-capture work adds the dialog behind it.
 */
export function EnterpriseConsultButton({
  location: _location,
  children,
  ...props
}: Omit<ButtonProps, "onClick"> & { location: CtaLocation | "enterprise"; children: React.ReactNode }) {
  return <Button {...props}>{children}</Button>;
}
