import * as React from "react";
import { Slot } from "@radix-ui/react-slot";
import { closePopup, usePopupOpen } from "./sheet";
import { cn } from "~/lib/cn";

/*
 * A menu of links (the desktop navigation's Solutions and Resources): one popover element with
 * two modes, like the sheets (app/components/ui/sheet.tsx).
 *
 * - As HTML (before hydration, and without JavaScript) its trigger opens it with
 *   `popovertarget`; the browser closes it on Escape or a click outside and returns focus to the
 *   trigger. Focus stays on the trigger when it opens; Tab goes on into the menu's links.
 * - Once hydrated it behaves as the menu button pattern: opened from the keyboard (Enter, Space,
 *   ArrowDown) focus moves to the first item, opened with the pointer to the menu itself; the
 *   arrow keys, Home and End move between items; Tab or choosing an item closes it; the trigger's
 *   `aria-expanded` follows it.
 *
 * It is placed under its trigger with CSS anchor positioning (app/app.css), centred under the
 * header where that is not supported.
 */

const ITEM = '[role="menuitem"]';

function items(menu: HTMLElement) {
  return [...menu.querySelectorAll<HTMLElement>(ITEM)];
}

/** Opened from the keyboard (a click with no pointer behind it, or ArrowDown): the first item gets focus. */
const openedByKey = new Set<string>();

export function DropdownMenuTrigger({
  menu,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"button">, "type"> & { menu: string }) {
  const open = usePopupOpen(menu);
  return (
    <button
      type="button"
      id={`${menu}-trigger`}
      popoverTarget={menu}
      aria-haspopup="menu"
      aria-expanded={open}
      className={className}
      style={{ anchorName: `--${menu}` } as React.CSSProperties}
      onClick={(event) => {
        if (event.detail === 0) openedByKey.add(menu);
        else openedByKey.delete(menu);
      }}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        const content = document.getElementById(menu);
        if (!content || content.matches(":popover-open")) return;
        event.preventDefault();
        openedByKey.add(menu);
        content.showPopover();
      }}
      {...props}
    >
      {children}
    </button>
  );
}

export function DropdownMenuContent({ id, className, children }: { id: string; className?: string; children: React.ReactNode }) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const onToggle = (event: Event) => {
      if (!(event instanceof ToggleEvent) || event.newState !== "open") return;
      const byKey = openedByKey.delete(id);
      (byKey ? items(menu)[0] : menu)?.focus();
    };
    menu.addEventListener("toggle", onToggle);
    return () => menu.removeEventListener("toggle", onToggle);
  }, [id]);
  return (
    <div
      ref={ref}
      id={id}
      popover="auto"
      role="menu"
      aria-labelledby={`${id}-trigger`}
      tabIndex={-1}
      data-dropdown-menu=""
      style={{ positionAnchor: `--${id}` } as React.CSSProperties}
      className={cn(
        "z-50 min-w-[12rem] overflow-hidden rounded-lg border border-border bg-popover p-1 text-foreground shadow-lg outline-none open:animate-in open:fade-in-0",
        className,
      )}
      onClickCapture={(event) => {
        if (event.target instanceof Element && event.target.closest(ITEM)) closePopup(id);
      }}
      onKeyDown={(event) => {
        const list = items(event.currentTarget);
        const at = list.indexOf(document.activeElement as HTMLElement);
        const next = { ArrowDown: at < 0 ? 0 : Math.min(at + 1, list.length - 1), ArrowUp: at < 0 ? list.length - 1 : Math.max(at - 1, 0), Home: 0, End: list.length - 1 }[
          event.key
        ];
        if (next !== undefined) {
          event.preventDefault();
          list[next]?.focus();
        } else if (event.key === "Tab") {
          // Focus goes back to the trigger as the menu closes; Tab then moves on from there.
          closePopup(id);
        }
      }}
    >
      {children}
    </div>
  );
}

const itemClass =
  "relative flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm outline-none transition-colors hover:bg-muted focus:bg-muted";

/** An item: its one child (a link) takes the menuitem role. */
export function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof Slot>) {
  return <Slot role="menuitem" className={cn(itemClass, className)} {...props} />;
}

/** A labelled group of items (the Industries). */
export function DropdownMenuGroup({ label, children }: { label: string; children: React.ReactNode }) {
  const labelId = React.useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <div id={labelId} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {label}
      </div>
      {children}
    </div>
  );
}
