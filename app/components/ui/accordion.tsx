import * as React from "react";
import { Accordion as Primitive } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/cn";

export const Accordion = Primitive.Root;

export function AccordionItem({ className, ...props }: React.ComponentProps<typeof Primitive.Item>) {
  return <Primitive.Item className={cn("border-b border-border last:border-b-0", className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: React.ComponentProps<typeof Primitive.Trigger>) {
  return (
    <Primitive.Header className="flex">
      <Primitive.Trigger
        className={cn(
          "flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left text-base font-semibold transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [&[data-state=open]>svg]:rotate-180",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform duration-200" aria-hidden="true" />
      </Primitive.Trigger>
    </Primitive.Header>
  );
}

/**
 * The answer panel. It is always mounted (forceMount), so the prerendered HTML holds every
 * answer for readers without JavaScript and for crawlers; closed panels are hidden with CSS,
 * which also takes them out of the accessibility tree. <AccordionNoScript /> shows them all when
 * scripts are off, since the triggers cannot work then.
 */
export function AccordionContent({ className, children, ...props }: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Content
      forceMount
      data-accordion-content=""
      className={cn("overflow-hidden text-muted-foreground data-[state=closed]:hidden", className)}
      {...props}
    >
      <div className="pb-4 pr-8 leading-relaxed">{children}</div>
    </Primitive.Content>
  );
}

export function AccordionNoScript() {
  return (
    <noscript>
      <style>{"[data-accordion-content]{display:block!important}"}</style>
    </noscript>
  );
}
