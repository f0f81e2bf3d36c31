import type * as React from "react";
import { cn } from "~/lib/cn";

/** A row of calls to action: stacked at one width on a phone, side by side from sm up. */
export function ActionRow({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("mx-auto grid w-full max-w-sm gap-3 sm:flex sm:max-w-none sm:flex-wrap sm:items-center sm:justify-center", className)}>
      {children}
    </div>
  );
}
