import * as React from "react";
import { X } from "lucide-react";

// Not in ui/dialog.tsx: that module holds Radix's dialog, which no page needs at start-up.

/**
 * A modal dialog prerendered into the page as a native `<dialog>`: `DialogOpenerButton`s open it
 * by themselves from first paint and without JavaScript, and the browser does what a modal
 * dialog must: the page behind is inert (focus stays inside), focus goes to its first field
 * (its Close button comes last for that reason) and back to the opener when it closes, Escape and
 * a press outside (`closedby="any"`) close it. React hydrates it like any element and never
 * replaces it, so a dialog opened (and a form filled in) before hydration stays as it is.
 * `onOpen` and `onClose` run on each opening and closing, and on hydration for a dialog opened
 * before it; `onClose` may find the dialog open again (reopened before the browser reported it).
 */
export function NativeDialog({
  id,
  title,
  description,
  children,
  closeLabel = "Close",
  onOpen,
  onClose,
}: {
  id: string;
  title: React.ReactNode;
  description: React.ReactNode;
  children: React.ReactNode;
  closeLabel?: string;
  onOpen?: () => void;
  onClose?: () => void;
}) {
  const ref = React.useRef<HTMLDialogElement>(null);
  const handlers = React.useRef({ onOpen, onClose });
  React.useEffect(() => {
    handlers.current = { onOpen, onClose };
  });
  React.useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser fires one toggle for a closing and an opening within one task (Escape, then
    // Enter at once): "open" to "open" is a closing and an opening.
    const onToggle = (event: Event) => {
      const { oldState, newState } = event as ToggleEvent;
      if (oldState === "open") handlers.current.onClose?.();
      if (newState === "open") handlers.current.onOpen?.();
    };
    dialog.addEventListener("toggle", onToggle);
    if (dialog.open) handlers.current.onOpen?.();
    return () => dialog.removeEventListener("toggle", onToggle);
  }, []);
  const closeCommand = { commandfor: id, command: "close" } as React.ButtonHTMLAttributes<HTMLButtonElement>;
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      closedby="any"
      className="m-auto max-h-[90dvh] text-left text-base font-normal w-[calc(100%-2rem)] max-w-2xl flex-col overflow-hidden rounded-xl border border-border bg-background p-0 text-foreground shadow-xl outline-none backdrop:bg-slate-950/60 open:flex open:animate-in open:fade-in-0 open:zoom-in-95 motion-reduce:animate-none"
      // Where closedby is not known yet: a press on the backdrop is a press on the dialog itself
      // (its body fills it), which closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {/* A phone's screen can be shorter than the form: the body scrolls inside, Close stays in view. */}
      <div className="grid gap-4 overflow-y-auto overscroll-contain p-6">
        <div className="flex flex-col gap-1.5 pr-6">
          <h2 id={`${id}-title`} className="text-lg font-bold leading-tight">
            {title}
          </h2>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        {children}
      </div>
      <button
        type="button"
        {...closeCommand}
        className="absolute right-3 top-3 rounded-md bg-background p-1.5 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden="true" width={16} height={16} />
        <span className="sr-only">{closeLabel}</span>
      </button>
    </dialog>
  );
}

