import * as React from "react";
import { Dialog as Primitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof Primitive.Overlay>) {
  return (
    <Primitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-slate-950/60 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=closed]:animate-out data-[state=closed]:fade-out-0",
        className,
      )}
      {...props}
    />
  );
}

/** A dialog's first field: the honeypot (tabindex -1) and hidden inputs are not fields. */
const FIELD = ["input:not([type=hidden])", "select", "textarea"].map((f) => `${f}:not([tabindex="-1"]):not(:disabled)`).join(",");

/** Set by a dialog whose initial focus is its form's first field: call it once the form is in. */
const FormReadyContext = React.createContext<(() => void) | null>(null);

/**
 * Focus, for dialogs opened from code (no Dialog.Trigger, whose focus Radix restores itself):
 * the element focused when the dialog opens (the button that opened it: Chromium focuses a
 * pressed button, and a replayed early tap focuses it before clicking) gets focus back when the
 * dialog closes, however it closes, if it is still on the page.
 * `initialFocus="first-field"` (a dialog holding a form that loads on first use) puts focus on
 * the form's first field if it is there when the dialog opens; otherwise on the dialog itself
 * (not on Close) until the form is in, which `<DialogFormReady />` signals (see FormSuspense).
 */
export function DialogContent({
  className,
  children,
  closeLabel = "Close",
  size = "default",
  initialFocus = "first-tabbable",
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: Omit<React.ComponentProps<typeof Primitive.Content>, "ref"> & {
  closeLabel?: string;
  size?: "default" | "wide";
  initialFocus?: "first-tabbable" | "first-field";
}) {
  const contentRef = React.useRef<HTMLDivElement>(null);
  const openerRef = React.useRef<HTMLElement | null>(null);
  const firstField = () => contentRef.current?.querySelector<HTMLElement>(FIELD) ?? null;
  const formReady = React.useCallback(() => {
    const content = contentRef.current;
    const active = document.activeElement;
    // Only while focus waits on the dialog: a visitor who has moved on keeps their place.
    if (content && (active === content || active === document.body || active === null)) firstField()?.focus();
  }, []);
  return (
    <Primitive.Portal>
      <DialogOverlay />
      <Primitive.Content
        ref={contentRef}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-background shadow-xl outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 data-[state=closed]:animate-out data-[state=closed]:fade-out-0",
          // A wide dialog (the lead forms) can be taller than a phone's screen: its body scrolls
          // inside, so the close button stays in view.
          size === "wide" ? "flex max-h-[90vh] max-w-2xl flex-col overflow-hidden" : "grid max-w-lg gap-4 p-6",
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Radix asks just before moving focus in: what has focus now opened the dialog.
          const active = document.activeElement;
          openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented || initialFocus !== "first-field") return;
          event.preventDefault();
          (firstField() ?? contentRef.current)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const opener = openerRef.current;
          openerRef.current = null;
          if (event.defaultPrevented || !opener?.isConnected) return;
          event.preventDefault();
          opener.focus({ preventScroll: true });
        }}
        {...props}
      >
        <FormReadyContext.Provider value={initialFocus === "first-field" ? formReady : null}>
          {size === "wide" ? <div className="grid gap-4 overflow-y-auto overscroll-contain p-6">{children}</div> : children}
        </FormReadyContext.Provider>
        <Primitive.Close className="absolute right-3 top-3 rounded-md bg-background p-1.5 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

/**
 * Render after a lazily loaded form, inside the same Suspense boundary: it commits with the form
 * and moves focus to the form's first field if focus is still waiting on the dialog.
 */
export function DialogFormReady() {
  const formReady = React.useContext(FormReadyContext);
  React.useLayoutEffect(() => formReady?.(), [formReady]);
  return null;
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn("text-lg font-bold leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
