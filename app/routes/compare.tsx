import { ArrowRight, Check, Minus, PlayCircle } from "lucide-react";
import type { Route } from "./+types/compare";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CostBars } from "~/components/marketing/cost-bars";
import { CostCalculator } from "~/components/marketing/cost-calculator";
import { CtaBand } from "~/components/marketing/cta-band";
import { FaqAccordion } from "~/components/marketing/faq-accordion";
import { Section } from "~/components/marketing/section";
import {
  alternatives,
  assumptionList,
  comparisonColumns,
  comparisonRows,
  costFaq,
  formatSavings,
  roiCards,
  scenarios,
  type ComparisonCell,
} from "~/content/compare";
import { faqEntries } from "~/content/faq";
import { formatCount, formatUsd, formatUsdRange } from "~/content/format";
import { monthlyPrice } from "~/content/pricing";
import { EnterpriseConsultButton } from "~/features/enterprise/enterprise-consult-button";
import { track } from "~/lib/analytics";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.compare);

const generalFaqIds = new Set(["setup-time", "guarantee", "numbers", "data"]);
const generalFaq = faqEntries.filter((entry) => generalFaqIds.has(entry.id));

function Cell({ value }: { value: ComparisonCell }) {
  if (value === true)
    return (
      <>
        <Check className="size-5 text-success" width={20} height={20} aria-hidden="true" />
        <span className="sr-only">Yes</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus className="size-5 text-slate-500" width={20} height={20} aria-hidden="true" />
        <span className="sr-only">No</span>
      </>
    );
  return <>{value}</>;
}

export default function ComparePage() {
  return (
    <>
      <PageHero
        eyebrow={<Badge>Compare costs</Badge>}
        title="What answering every call really costs"
        lead={`A receptionist, an answering service or a patchwork of tools, next to one flat ${formatUsd(monthlyPrice)} a month.`}
      >
        <EnterpriseConsultButton location="compare" size="lg">
          Book a demo
        </EnterpriseConsultButton>
        <Button type="button" size="lg" variant="outline" onClick={() => track("demo_play", {})}>
          <PlayCircle aria-hidden="true" width={16} height={16} />
          Watch demo
        </Button>
      </PageHero>

      <Section title="The usual alternatives" lead="Each gets the phone answered. None does everything, and the costs add up differently.">
        <ul className="grid gap-6 md:grid-cols-3">
          {alternatives.map((alternative) => (
            <li key={alternative.id} className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
              <h3 className="text-lg font-bold">{alternative.name}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{alternative.summary}</p>
              <p className="mt-4 text-sm font-semibold">{alternative.pricingModel}</p>
              <ul className="mt-4 flex flex-col gap-2 text-sm">
                {alternative.drawbacks.map((drawback) => (
                  <li key={drawback} className="flex gap-2">
                    <Minus className="mt-0.5 size-4 shrink-0 text-slate-500" width={16} height={16} aria-hidden="true" />
                    {drawback}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" title="Side by side">
        <p className="mb-3 flex items-center justify-end gap-1 text-sm text-muted-foreground md:hidden" aria-hidden="true">
          Swipe the table for every option <ArrowRight className="size-4" width={16} height={16} />
        </p>
        <div className="relative overflow-x-auto rounded-xl border border-border bg-background shadow-sm" tabIndex={0} role="region" aria-label="Comparison table, scrolls sideways">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="comparison-table">
            <caption className="sr-only">Our AI agents compared with the alternatives</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="sticky left-0 z-10 bg-muted p-4 font-semibold shadow-[1px_0_0_var(--color-border)]">
                  <span className="sr-only">Feature</span>
                </th>
                {comparisonColumns.map((column, index) => (
                  <th key={column} scope="col" className={index === 0 ? "bg-primary-soft p-4 font-bold text-primary-hover" : "p-4 font-semibold"}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparisonRows.map((row) => (
                <tr key={row.label} className="border-t border-border">
                  <th scope="row" className="sticky left-0 z-10 w-36 bg-background p-4 font-medium shadow-[1px_0_0_var(--color-border)] sm:w-auto">
                    {row.label}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={index} className={index === 0 ? "bg-primary-soft p-4 font-semibold" : "p-4"}>
                      <Cell value={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="Two typical months" lead="The same assumptions, at a quiet and a busy volume.">
        <div className="grid gap-6 md:grid-cols-2">
          {scenarios.map((scenario) => (
            <article key={scenario.id} className="rounded-xl border border-border bg-background p-6 shadow-sm" data-testid={`scenario-${scenario.id}`}>
              <h3 className="text-lg font-bold">{scenario.label}</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                {formatCount(scenario.estimate.minutesPerMonth)} call minutes at {scenario.estimate.averageMinutes} minutes each
              </p>
              <ul className="mt-5 flex flex-col divide-y divide-border text-sm">
                <li className="flex justify-between gap-4 py-2 font-semibold text-primary-hover">
                  <span>Our flat plan</span>
                  <span>{formatUsd(scenario.estimate.flatPlan)}</span>
                </li>
                {alternatives.map((alternative) => {
                  const cost = scenario.estimate.alternatives[alternative.id];
                  return (
                    <li key={alternative.id} className="py-2" data-alternative={alternative.id}>
                      <div className="flex justify-between gap-4">
                        <span>{alternative.name}</span>
                        <span className="font-semibold" data-testid="scenario-cost">
                          {formatUsdRange(cost.low, cost.high)}
                        </span>
                      </div>
                      <p className="text-xs text-muted-foreground" data-testid="scenario-saving">
                        Flat plan: {formatSavings(scenario.estimate.savings[alternative.id])}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </article>
          ))}
        </div>
      </Section>

      <Section tone="muted" title="Flat fee versus per-minute billing" lead="Per-minute services grow with every busy month. A flat fee does not.">
        <CostBars scenarios={scenarios} />
      </Section>

      <Section title="The return on one booked job" lead="Answering the calls you miss today pays for the plan quickly.">
        <ul className="grid gap-6 md:grid-cols-3">
          {roiCards.map((card) => (
            <li key={card.title} className="rounded-xl border border-border bg-background p-6 text-center shadow-sm" data-testid="roi-card">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{card.title}</h3>
              <p className="mt-2 text-4xl font-extrabold text-primary">{card.value}</p>
              <p className="mt-2 text-sm text-muted-foreground">{card.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" id="calculator" title="Try your own numbers" lead="Enter your monthly volume and typical call length to compare each option.">
        <CostCalculator />
      </Section>

      <Section title="Cost questions" width="narrow">
        <FaqAccordion entries={costFaq} />
      </Section>

      <Section tone="muted" title="General questions" width="narrow">
        <FaqAccordion entries={generalFaq} />
      </Section>

      <Section title="Our assumptions" width="narrow">
        <ul className="list-disc space-y-2 pl-5 text-muted-foreground" data-testid="assumptions">
          {assumptionList.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>

      <CtaBand title="See the savings on your own calls" lead="A short demo shows the agent answering, booking and reporting on calls like yours.">
        <EnterpriseConsultButton location="compare" size="lg" variant="inverse">
          Book a demo
        </EnterpriseConsultButton>
      </CtaBand>
    </>
  );
}
