import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * A native checkbox: it is sent with its form and checked by the browser (`required`) before
 * JavaScript runs or without it, which a scripted checkbox cannot do (docs/decisions/0501).
 */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-5 shrink-0 cursor-pointer rounded border-slate-500 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-destructive",
        className,
      )}
      {...props}
    />
  );
}
