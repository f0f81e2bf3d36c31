import * as React from "react";
import { cn } from "~/lib/cn";
import { inputClass } from "./input";

/** A styled native <select>: works without JavaScript and with every assistive technology. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(inputClass, "pr-8", className)} {...props} />;
}
