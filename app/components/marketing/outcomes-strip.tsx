import { useId } from "react";
import { outcomes, outcomesFootnote, outcomesLabel, outcomesTitle } from "~/content/outcomes";
import { cn } from "~/lib/cn";
import type { SectionTone } from "./section";

const sectionTone: Record<SectionTone, string> = { plain: "bg-background", muted: "bg-muted", ink: "bg-ink text-white" };
const cellTone: Record<SectionTone, string> = { plain: "bg-background", muted: "bg-muted", ink: "bg-ink" };

/**
 * The vendor-reported outcomes, always labelled as such (docs/product.md#vendor-reported-outcomes):
 * one compact row of five figures from lg, under the heading and the footnote; two columns on a phone, the fifth
 * across both (docs/product.md#design).
 */
export function OutcomesStrip({ tone = "ink", title = outcomesTitle }: { tone?: SectionTone; title?: string }) {
  const headingId = useId();
  const ink = tone === "ink";
  return (
    <section aria-labelledby={headingId} className={cn(sectionTone[tone], "scroll-mt-20")}>
      <div className="mx-auto grid max-w-6xl gap-x-10 gap-y-6 px-4 py-12 sm:px-6 sm:py-14 lg:grid-cols-[1fr_auto] lg:items-end">
        <div className="text-center lg:col-start-1 lg:row-start-1 lg:text-left">
          <p className={cn("mb-2 text-sm font-semibold uppercase tracking-wide", ink ? "text-blue-300" : "text-primary")}>{outcomesLabel}</p>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
        </div>
        <ul
          aria-label={outcomesLabel}
          className={cn("grid grid-cols-2 gap-px overflow-hidden rounded-xl text-center lg:col-span-2 lg:row-start-2 lg:grid-cols-5", ink ? "bg-white/15 ring-1 ring-white/15" : "bg-border ring-1 ring-border")}
        >
          {outcomes.map((o) => (
            <li key={o.label} className={cn("flex flex-col items-center justify-center px-3 py-4 last:col-span-2 lg:py-5 lg:last:col-span-1", cellTone[tone])}>
              <span className={cn("text-3xl font-extrabold tracking-tight sm:text-4xl", ink ? "text-white" : "text-primary")}>{o.value}</span>
              <span className={cn("text-[0.9375rem] leading-snug", ink ? "text-slate-300" : "text-muted-foreground")}>{o.label}</span>
            </li>
          ))}
        </ul>
        <p className={cn("text-center text-sm lg:col-start-2 lg:row-start-1 lg:max-w-sm lg:text-right", ink ? "text-slate-300" : "text-muted-foreground")}>{outcomesFootnote}</p>
      </div>
    </section>
  );
}
