import * as React from "react";
import { cn } from "~/lib/cn";

/**
 * A switch: a native checkbox with the switch role, drawn as a track (the input itself) and a
 * thumb. Being native, it answers from first paint and without JavaScript, a `<label for>` names
 * it, and a page can read its state with CSS (`:has(:checked)`, as /pricing does). React can still
 * control it (`checked` + `onCheckedChange`), as the cookie settings do.
 */
export function Switch({
  className,
  onChange,
  onCheckedChange,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "role"> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <span className={cn("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer m-0 size-full cursor-pointer appearance-none rounded-full bg-input transition-colors checked:bg-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        onChange={(event) => {
          onChange?.(event);
          onCheckedChange?.(event.currentTarget.checked);
        }}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow-md transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}
