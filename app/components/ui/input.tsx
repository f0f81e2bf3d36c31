import * as React from "react";
import { cn } from "~/lib/cn";

/** A text field's look without its height (inputs are h-10, textareas grow). */
export const fieldClass =
  "flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive sm:text-sm";

export const inputClass = `${fieldClass} h-10`;

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} className={cn(inputClass, className)} {...props} />;
}
