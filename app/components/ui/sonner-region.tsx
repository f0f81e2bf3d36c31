import * as React from "react";
import { Toaster as Sonner, toast } from "sonner";
import { TOAST_DURATION_MS, TOAST_LIMIT, toastStore } from "~/lib/toast";

/** sonner's toast region, loaded with the first toast (app/lib/toast.ts). */
export function SonnerRegion() {
  React.useEffect(() => {
    // sonner subscribed in its own effect, which ran before this one. The first toast waits one
    // frame and a task more: the empty region has been painted by then, so a screen reader knows
    // the live region before anything is announced in it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => toastStore.ready(toast), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      offset={{ bottom: 88, right: 16 }}
      mobileOffset={{ bottom: 88 }}
    />
  );
}
