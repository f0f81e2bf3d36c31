import * as React from "react";
import { cn } from "~/lib/cn";

/** `padded={false}` leaves the padding to `className`. */
export function Card({ className, padded = true, ...props }: React.ComponentProps<"div"> & { padded?: boolean }) {
  return <div className={cn("rounded-xl border border-border bg-background shadow-sm", padded && "p-6", className)} {...props} />;
}

export function CardTitle({ className, ...props }: React.ComponentProps<"h3">) {
  return <h3 className={cn("text-lg font-bold leading-tight", className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
