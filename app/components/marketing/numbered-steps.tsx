import { cn } from "~/lib/cn";

/** An ordered list of steps with large numerals: rollout, quick start, call agenda, a typical call. */
export function NumberedSteps({
  steps,
  columns = 4,
  className,
}: {
  steps: readonly { title: string; description: string }[];
  columns?: 3 | 4 | 5;
  className?: string;
}) {
  const grid = { 3: "lg:grid-cols-3", 4: "lg:grid-cols-4", 5: "lg:grid-cols-5" }[columns];
  return (
    <ol className={cn("grid gap-6 sm:grid-cols-2", grid, className)}>
      {steps.map((step, index) => (
        // Grid items stretch to the row's height; the column keeps the content at the top.
        <li key={step.title} className="flex flex-col rounded-xl border border-border bg-background p-6 text-foreground shadow-sm">
          <span
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold text-pretty">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          {step.description ? <p className="mt-2 text-[0.9375rem] text-muted-foreground text-pretty">{step.description}</p> : null}
        </li>
      ))}
    </ol>
  );
}
