import { cn } from "~/lib/cn";

/**
 * Steps as one numbered column, for a side column where NumberedSteps' card grid would not fit
 * (/book's agenda beside the scheduler, /contact's quick start beside the form). The numerals are
 * joined by a line, so the list reads as a sequence rather than a grid of cards.
 */
export function StepList({ steps, className }: { steps: readonly { title: string; description: string }[]; className?: string }) {
  return (
    <ol className={cn("grid gap-5", className)}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative flex gap-4">
          {index < steps.length - 1 ? (
            <span className="absolute top-9 bottom-[-1.25rem] left-4 w-px -translate-x-1/2 bg-border" aria-hidden="true" />
          ) : null}
          <span
            className="relative inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <div className="pt-1">
            <h3 className="font-bold text-pretty">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 text-[0.9375rem] text-pretty text-muted-foreground">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
