import { Toaster as Sonner } from "sonner";

/** Toasts: at most 3 visible, 4000 ms each, bottom-right (docs/product.md#toasts). */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

export function Toaster() {
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
