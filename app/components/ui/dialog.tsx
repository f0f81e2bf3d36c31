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

/**
 * Focus, for dialogs opened from code (no Dialog.Trigger, whose focus Radix restores itself):
 * the element focused when the dialog opens gets focus back when the dialog closes, however it
 * closes, if it is still on the page.
 */
export function DialogContent({
  className,
  children,
  closeLabel = "Close",
  size = "default",
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: Omit<React.ComponentProps<typeof Primitive.Content>, "ref"> & {
  closeLabel?: string;
  size?: "default" | "wide";
}) {
  const contentRef = React.useRef<HTMLDivElement>(null);
  const openerRef = React.useRef<HTMLElement | null>(null);
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
        {size === "wide" ? <div className="grid gap-4 overflow-y-auto overscroll-contain p-6">{children}</div> : children}
        <Primitive.Close className="absolute right-3 top-3 rounded-md bg-background p-1.5 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
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
