import * as React from "react";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

const widthClass = { wide: "max-w-2xl", narrow: "max-w-lg" } as const;

/**
 * A modal dialog prerendered into the page as a native `<dialog>`: `DialogOpenerButton`s open it
 * by themselves from first paint and without JavaScript, and the browser does what a modal
 * dialog must: the page behind is inert (focus stays inside), focus goes to its first field
 * (its Close button comes last for that reason) and back to the opener when it closes, Escape and
 * a press outside (`closedby="any"`) close it. React hydrates it like any element and never
 * replaces it, so a dialog opened (and a form filled in) before hydration stays as it is.
 * `onOpen` and `onClose` run on each opening and closing, and on hydration for a dialog opened
 * before it; `onClose` may find the dialog open again (reopened before the browser reported it).
 *
 * A dialog that code opens (the cookie settings, an admin confirmation) passes `open`: the element
 * is shown as a modal while it is true and closed when it turns false; the visitor closing it
 * (Escape, a press outside, Close) calls `onClose`, where the owner sets `open` back to false.
 */
export function NativeDialog({
  id,
  title,
  description,
  note,
  children,
  closeLabel = "Close",
  size = "wide",
  open,
  onOpen,
  onClose,
}: {
  id: string;
  title: React.ReactNode;
  description: React.ReactNode;
  /** A second paragraph under the description, outside the dialog's accessible description. */
  note?: React.ReactNode;
  children: React.ReactNode;
  closeLabel?: string;
  /** "wide" for a form, "narrow" for a short choice or confirmation. */
  size?: keyof typeof widthClass;
  /** Given: the dialog is open exactly while this is true (opened by code, not by a button of the HTML). */
  open?: boolean;
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
    // The browser reports a dialog's changes with one toggle event, queued, that sums up all the
    // changes made before it fires: "open" to "open" is a closing and an opening (Escape, then
    // Enter at once), and "closed" to "closed" an opening and a closing (Escape pressed as the
    // dialog opened: a busy phone handles input before the queued event).
    const onToggle = (event: Event) => {
      const { oldState, newState } = event as ToggleEvent;
      const { onOpen: opened, onClose: closed } = handlers.current;
      if (oldState === newState && newState === "closed") opened?.();
      if (oldState === "open" || oldState === newState) closed?.();
      if (newState === "open") opened?.();
    };
    dialog.addEventListener("toggle", onToggle);
    if (dialog.open) handlers.current.onOpen?.();
    return () => dialog.removeEventListener("toggle", onToggle);
  }, []);
  // Before paint: a dialog whose owner cleared what it shows must not be painted open and empty.
  React.useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || open === undefined) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  const closeCommand = { commandfor: id, command: "close" } as React.ButtonHTMLAttributes<HTMLButtonElement>;
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      closedby="any"
      className={cn(
        "m-auto max-h-[90dvh] text-left text-base font-normal w-[calc(100%-2rem)] flex-col overflow-hidden rounded-xl border border-border bg-background p-0 text-foreground shadow-xl outline-none backdrop:bg-slate-950/60 open:flex open:animate-in open:fade-in-0 open:zoom-in-95 motion-reduce:animate-none",
        widthClass[size],
      )}
      // Where closedby is not known yet: a press on the backdrop is a press on the dialog itself
      // (its body fills it), which closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {/* A phone's screen can be shorter than the form: the body scrolls inside, Close stays in view. */}
      <div className="grid gap-4 overflow-y-auto overscroll-contain p-6">
        <div className="flex flex-col gap-1.5 pr-6">
          {/* A title may hold an e-mail address: it wraps anywhere rather than overflow. */}
          <h2 id={`${id}-title`} className="text-lg font-bold leading-tight [overflow-wrap:anywhere]">
            {title}
          </h2>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
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
