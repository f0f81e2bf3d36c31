import * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { claimEarlyOpen } from "~/lib/before-hydration";

/**
 * A button that opens a native modal dialog of the page (`NativeDialog`) by itself, from first
 * paint and without JavaScript: an invoker command (`commandfor` + `command="show-modal"`), which
 * the browser carries out (app/lib/before-hydration.ts does it in a browser that does not know
 * invoker commands yet). `onPress` is what the page adds once its code is in (counting the click);
 * a press made before then is counted when the button hydrates, once.
 */
export function DialogOpenerButton({
  dialogId,
  onPress,
  ...props
}: Omit<ButtonProps, "onClick" | "type"> & { dialogId: string; onPress: () => void }) {
  const ref = React.useRef<HTMLButtonElement>(null);
  const press = React.useRef(onPress);
  React.useEffect(() => {
    press.current = onPress;
  });
  React.useEffect(() => {
    if (claimEarlyOpen(ref.current)) press.current();
  }, []);
  // Not yet in React's DOM types (invoker commands, in every engine since 2025).
  const invoker = { commandfor: dialogId, command: "show-modal" } as React.ButtonHTMLAttributes<HTMLButtonElement>;
  return <Button ref={ref} type="button" aria-haspopup="dialog" {...invoker} onClick={() => onPress()} {...props} />;
}
