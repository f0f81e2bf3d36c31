import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

export type TimelineStep = { title: string; description: string; icon?: LucideIcon };

const variants = {
  // A side column (/book's agenda beside the scheduler, /contact's quick start beside the form):
  // numerals on small nodes, a hairline between them.
  compact: { spacing: "pb-5", line: "top-9 left-4 w-px bg-border", node: "size-8 text-sm font-bold", body: "pt-1", title: "" },
  // A section of its own (an industry page's typical call): icons on larger nodes with a halo.
  roomy: { spacing: "pb-8", line: "top-10 left-5 w-0.5 bg-primary/20", node: "size-10 ring-4 ring-primary-soft", body: "pt-1.5", title: "text-lg" },
} as const;

/**
 * Steps as one vertical timeline: a node per step (its icon, else its number) joined by a line to
 * the next, so the list reads as a sequence rather than a grid of cards. It is the page's content,
 * an ordered list with a heading per step, so assistive technology reads it (the nodes are
 * decoration).
 */
export function Timeline({
  steps,
  variant = "compact",
  className,
}: {
  steps: readonly TimelineStep[];
  variant?: keyof typeof variants;
  className?: string;
}) {
  const v = variants[variant];
  return (
    <ol className={className}>
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        const Icon = step.icon;
        return (
          <li key={step.title} className={cn("relative flex gap-4", !last && v.spacing)}>
            {/* The line to the next step's node, drawn from under this node's centre. */}
            {last ? null : <span aria-hidden="true" className={cn("absolute bottom-0 -translate-x-1/2", v.line)} />}
            <span
              aria-hidden="true"
              className={cn("relative inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground", v.node)}
            >
              {Icon ? <Icon className="size-5" width={20} height={20} /> : index + 1}
            </span>
            <div className={cn("min-w-0", v.body)}>
              <h3 className={cn("font-bold text-pretty", v.title)}>
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-[0.9375rem] text-pretty text-muted-foreground">{step.description}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
