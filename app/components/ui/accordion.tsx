import * as React from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/cn";

/*
 * An accordion of native disclosures: each item is a `<details>` sharing the accordion's `name`,
 * so the browser opens one at a time, from first paint and without JavaScript; React never holds
 * their open state, so nothing a visitor opened before hydration is closed by it. Every answer is
 * in the HTML, for crawlers and find-in-page (which opens the matching item).
 */

const NameContext = React.createContext<string | undefined>(undefined);

/**
 * The accordion. Once hydrated, the arrow keys, Home and End move between its questions, as the
 * WAI accordion pattern suggests (Enter and Space toggle natively).
 */
export function Accordion({ className, children, ...props }: React.ComponentProps<"div">) {
  const name = React.useId();
  return (
    <div
      className={className}
      onKeyDown={(event) => {
        const keys = ["ArrowDown", "ArrowUp", "Home", "End"];
        if (!keys.includes(event.key) || !(event.target instanceof HTMLElement) || event.target.localName !== "summary") return;
        const triggers = [...event.currentTarget.querySelectorAll<HTMLElement>(":scope > details > summary")];
        const at = triggers.indexOf(event.target);
        if (at < 0) return;
        const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: triggers.length - 1 }[event.key]!;
        event.preventDefault();
        triggers[(next + triggers.length) % triggers.length]?.focus();
      }}
      {...props}
    >
      <NameContext.Provider value={name}>{children}</NameContext.Provider>
    </div>
  );
}

export function AccordionItem({ className, ...props }: Omit<React.ComponentProps<"details">, "name" | "open">) {
  const name = React.useContext(NameContext);
  return <details name={name} className={cn("group/item border-b border-border last:border-b-0", className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: React.ComponentProps<"summary">) {
  return (
    <summary
      className={cn(
        "flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left text-base font-semibold transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [&::-webkit-details-marker]:hidden",
        className,
      )}
      {...props}
    >
      {children}
      <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open/item:rotate-180" aria-hidden="true" />
    </summary>
  );
}

/** The answer: shown while its item is open. */
export function AccordionContent({ className, children, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("pb-4 pr-8 leading-relaxed text-muted-foreground", className)} {...props}>
      {children}
    </div>
  );
}
