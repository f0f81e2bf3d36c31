import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

const badgeVariants = cva("inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold", {
  variants: {
    variant: {
      default: "border border-primary/20 bg-primary-soft text-primary-hover",
      outline: "border border-border bg-background text-foreground",
      success: "bg-green-50 text-green-800",
      warning: "border border-amber-600 bg-amber-50 text-amber-900",
      solid: "bg-primary text-primary-foreground",
    },
    size: {
      default: "text-xs",
      md: "text-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

export function Badge({ className, variant, size, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
