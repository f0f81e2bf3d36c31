import * as React from "react";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

/*
 * A sheet (the phone's menu and the tab bar's bottom sheets): one `<dialog>` element with two
 * modes.
 *
 * - As HTML (before hydration, and without JavaScript) it is a popover: its opener names it with
 *   `popovertarget`, so a tap opens it at first paint. The browser closes it on Escape, on a tap
 *   outside and with its Close button (`popovertargetaction="hide"`), and returns focus to the
 *   opener; focus does not move in on opening, but Tab goes from the opener into the sheet.
 * - Once hydrated, the opener's press opens the same element as a modal dialog instead
 *   (`showModal()`): focus moves to its first link, the page behind is inert, Tab stays inside,
 *   Escape or a tap outside (`closedby="any"`) closes it, and focus goes back to the opener; the
 *   opener's `aria-expanded` follows it.
 *
 * Both modes draw the same box and backdrop, so nothing moves when React takes over, and a sheet
 * opened before hydration stays open through it (React never holds its open state: the element
 * does).
 */

const sideClass = {
  bottom: "inset-x-0 top-auto bottom-0 max-h-[85vh] w-full rounded-t-2xl border-t open:slide-in-from-bottom",
  right: "inset-y-0 left-auto right-0 h-full max-h-none w-[min(22rem,88vw)] border-l open:slide-in-from-right",
} as const;

function sheetElement(id: string): HTMLDialogElement | null {
  const element = typeof document === "undefined" ? null : document.getElementById(id);
  return element instanceof HTMLDialogElement ? element : null;
}

function isShown(element: HTMLElement): boolean {
  return (element instanceof HTMLDialogElement && element.open) || element.matches(":popover-open");
}

/** Tells openers that a sheet or menu opened or closed (besides the browser's own toggle events). */
const CHANGE = "popupchange";

/** Closes the sheet or menu `id`, whichever way it was opened; focus returns to its opener. */
export function closePopup(id: string) {
  const element = typeof document === "undefined" ? null : document.getElementById(id);
  if (!element) return;
  if (element.matches(":popover-open")) element.hidePopover();
  if (element instanceof HTMLDialogElement && element.open) element.close();
  element.dispatchEvent(new Event(CHANGE));
}

/**
 * Whether the sheet or menu `id` is open, read from the element itself: `undefined` while the page
 * is not hydrated (the server cannot know, and the browser exposes a popover opener's expanded
 * state itself), then the truth, kept up to date.
 */
export function usePopupOpen(id: string): boolean | undefined {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const element = document.getElementById(id);
      if (!element) return () => {};
      for (const type of ["toggle", "close", CHANGE]) element.addEventListener(type, onChange);
      return () => {
        for (const type of ["toggle", "close", CHANGE]) element.removeEventListener(type, onChange);
      };
    },
    [id],
  );
  return React.useSyncExternalStore(
    subscribe,
    () => {
      const element = document.getElementById(id);
      return element ? isShown(element) : false;
    },
    () => undefined,
  );
}

/** Props for the button that opens sheet `id` (spread on a `<button>` or `<Button>`). */
export function useSheetTrigger(id: string) {
  const open = usePopupOpen(id);
  return {
    type: "button" as const,
    popoverTarget: id,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      const sheet = sheetElement(id);
      if (!sheet) return;
      // Hydrated: open it as a modal dialog rather than the popover the HTML alone would give.
      event.preventDefault();
      if (isShown(sheet)) {
        closePopup(id);
        return;
      }
      const opener = event.currentTarget;
      sheet.showModal();
      sheet.dispatchEvent(new CustomEvent(CHANGE, { detail: opener }));
    },
  };
}

const closeClass =
  "absolute right-4 top-4 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The sheet. A press on any link or button inside it closes it first (in the capture phase, so
 * a button that opens another dialog finds the page no longer inert).
 */
export function Sheet({
  id,
  side = "right",
  title,
  description,
  className,
  children,
}: {
  id: string;
  side?: keyof typeof sideClass;
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const ref = React.useRef<HTMLDialogElement>(null);
  const opener = React.useRef<HTMLElement | null>(null);

  React.useEffect(() => {
    const sheet = ref.current;
    if (!sheet) return;
    const onChange = (event: Event) => {
      if (!(event instanceof CustomEvent) || !(event.detail instanceof HTMLElement)) return;
      // Opened as a modal dialog by `event.detail`: remember it, and start on the first link.
      opener.current = event.detail;
      sheet.querySelector<HTMLElement>("a[href], button:not([data-sheet-close])")?.focus();
    };
    const onClose = () => {
      const back = opener.current;
      opener.current = null;
      const active = document.activeElement;
      if (back?.isConnected && (active === null || active === document.body || sheet.contains(active))) back.focus({ preventScroll: true });
    };
    sheet.addEventListener(CHANGE, onChange);
    sheet.addEventListener("close", onClose);
    return () => {
      sheet.removeEventListener(CHANGE, onChange);
      sheet.removeEventListener("close", onClose);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      id={id}
      popover="auto"
      {...{ closedby: "any" }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-sheet=""
      className={cn(
        "fixed z-50 m-0 max-w-none overflow-y-auto overscroll-contain border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-slate-950/60 open:animate-in open:fade-in-0 open:backdrop:animate-in open:backdrop:fade-in-0",
        sideClass[side],
        className,
      )}
      onClickCapture={(event) => {
        if (event.target instanceof Element && event.target.closest("a[href], button")) closePopup(id);
      }}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog itself (its content fills the box): close,
        // where the browser does not yet do so itself (`closedby`).
        if (event.target === event.currentTarget) closePopup(id);
      }}
    >
      <div className="flex min-h-full flex-col gap-4 p-6">
        <h2 id={`${id}-title`} className="text-base font-bold">
          {title}
        </h2>
        <p id={`${id}-description`} className="sr-only">
          {description}
        </p>
        {/* The links hydrate after the page's first pass, in idle slices (docs/decisions/0303). */}
        <React.Suspense>{children}</React.Suspense>
        <button type="button" popoverTarget={id} popoverTargetAction="hide" className={closeClass} data-sheet-close="">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </button>
      </div>
    </dialog>
  );
}
