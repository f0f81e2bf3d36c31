import { CalendarCheck, ClipboardList, PhoneIncoming, Send } from "lucide-react";
import type { CallStepKind } from "~/content/industries";
import { cn } from "~/lib/cn";

const stepIcon = { answer: PhoneIncoming, gather: ClipboardList, book: CalendarCheck, handoff: Send } as const;

/**
 * "A typical call" as one timeline: the steps on a single line, from the first ring to the note
 * the team reads, each with the icon of what happens in it. Unlike the hero's mock-up this is the
 * page's content (an ordered list with a heading per step), so assistive technology reads it.
 */
export function CallTimeline({
  steps,
  className,
}: {
  steps: readonly { kind: CallStepKind; title: string; description: string }[];
  className?: string;
}) {
  return (
    <ol className={cn("rounded-2xl border border-border bg-background p-6 shadow-lg shadow-slate-900/5 sm:p-8", className)}>
      {steps.map((step, index) => {
        const Icon = stepIcon[step.kind];
        const last = index === steps.length - 1;
        return (
          <li key={step.title} className={cn("relative flex gap-4", !last && "pb-8")}>
            {/* The line to the next step's node, drawn from under this node's centre. */}
            {last ? null : <span aria-hidden="true" className="absolute bottom-0 left-5 top-10 w-0.5 -translate-x-1/2 bg-primary/20" />}
            <span
              aria-hidden="true"
              className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground ring-4 ring-primary-soft"
            >
              <Icon className="size-5" width={20} height={20} />
            </span>
            <div className="min-w-0 pt-1.5">
              <h3 className="text-lg font-bold text-pretty">
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
