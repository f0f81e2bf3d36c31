import { outcomes, outcomesFootnote, outcomesLabel, outcomesTitle } from "~/content/outcomes";
import { Section, type SectionTone } from "./section";

/** The vendor-reported outcomes, always labelled as such (docs/product.md#vendor-reported-outcomes). */
export function OutcomesStrip({ tone = "ink", title = outcomesTitle }: { tone?: SectionTone; title?: string }) {
  return (
    <Section tone={tone} eyebrow={outcomesLabel} title={title}>
      <ul className="grid grid-cols-2 gap-6 text-center sm:grid-cols-3 lg:grid-cols-5" aria-label={outcomesLabel}>
        {outcomes.map((o) => (
          <li key={o.label} className="flex flex-col items-center last:col-span-2 sm:last:col-span-1">
            <span className={tone === "ink" ? "text-4xl font-extrabold tracking-tight text-white" : "text-4xl font-extrabold tracking-tight text-primary"}>{o.value}</span>
            <span className={tone === "ink" ? "text-slate-300" : "text-muted-foreground"}>{o.label}</span>
          </li>
        ))}
      </ul>
      <p className={tone === "ink" ? "mt-8 text-center text-sm text-slate-300" : "mt-8 text-center text-sm text-muted-foreground"}>
        {outcomesFootnote}
      </p>
    </Section>
  );
}
