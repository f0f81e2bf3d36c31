import * as React from "react";
import { Label as Primitive } from "@radix-ui/react-label";
import { cn } from "~/lib/cn";

export function Label({ className, ...props }: React.ComponentProps<typeof Primitive>) {
  return <Primitive className={cn("text-sm font-medium leading-none text-foreground", className)} {...props} />;
}
