import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { claimEarlyTap, EARLY_TAP_ATTRIBUTE } from "~/lib/early-taps";

/**
 * A button that opens a dialog once the page is interactive, and works from first paint: it is
 * the submit button of a GET form to `fallbackHref`, a page that holds the dialog's form, so
 * without JavaScript it goes there; a tap before hydration is kept and replayed (app/lib/early-taps.ts).
 */
export function EarlyTapButton({
  fallbackHref,
  onPress,
  ...props
}: Omit<ButtonProps, "onClick" | "type"> & { fallbackHref: string; onPress: () => void }) {
  const ref = React.useRef<HTMLButtonElement>(null);
  const press = React.useRef(onPress);
  React.useEffect(() => {
    press.current = onPress;
  });
  // Hydrated: a tap the page kept for this button before now is done now, once.
  React.useEffect(() => {
    if (!claimEarlyTap(ref.current)) return;
    ref.current?.focus();
    press.current();
  }, []);
  return (
    <form action={fallbackHref} method="get" className="contents">
      <Button
        ref={ref}
        type="submit"
        // The early-tap script may have marked it busy before hydration.
        suppressHydrationWarning
        aria-haspopup="dialog"
        {...{ [EARLY_TAP_ATTRIBUTE]: "" }}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          onPress();
        }}
        {...props}
      />
    </form>
  );
}
