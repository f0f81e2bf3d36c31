import * as React from "react";
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
        outline: "border border-border bg-background text-foreground hover:bg-muted",
        secondary: "bg-muted text-foreground hover:bg-muted-strong",
        ghost: "text-foreground hover:bg-muted",
        "ghost-destructive": "text-destructive hover:bg-muted",
        /** An outlined action that takes something away (unpublishing a post, removing its image). */
        "outline-destructive": "border border-border bg-background text-destructive hover:bg-muted",
        /** Confirms an action that takes something away (deactivating a staff member). */
        destructive: "bg-destructive text-white shadow-sm hover:bg-destructive/90",
        link: "text-primary underline-offset-4 hover:underline",
        inverse: "bg-white text-primary shadow-sm hover:bg-primary-soft",
        /** An outline button on a dark band. */
        "outline-inverse": "border border-white/60 bg-transparent text-white hover:bg-white/10",
      },
      size: {
        default: "h-10 whitespace-nowrap px-4 py-2 text-sm",
        sm: "h-9 whitespace-nowrap px-3 text-sm",
        lg: "h-12 whitespace-nowrap px-6 text-base",
        icon: "h-10 w-10 whitespace-nowrap text-sm",
        /** Text-sized, no box: a link-styled button inside running text. */
        inline: "h-auto whitespace-nowrap p-0 text-sm",
        /** A full-width choice whose label wraps rather than widen a phone's dialog (0710). */
        choice: "min-h-11 w-full px-4 py-2 text-center text-sm sm:w-auto",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
