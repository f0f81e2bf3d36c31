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
import { ctaLabels } from "~/content/calls-to-action";
import {
  alternatives,
  alternativesSection,
  assumptionList,
  assumptionsTitle,
  calculatorSection,
  compareFinalCta,
  compareHero,
  comparisonColumns,
  comparisonRows,
  comparisonTable,
  costBarsSection,
  costFaq,
  faqSections,
  flatPlanSaving,
  formatSavings,
  generalFaqIds,
  roiCards,
  roiSection,
  scenarios,
  scenariosSection,
  type ComparisonCell,
} from "~/content/compare";
import { faqEntries } from "~/content/faq";
import { formatUsd, formatUsdRange } from "~/content/format";
import { EnterpriseConsultButton } from "~/features/enterprise/enterprise-consult-button";
import { track } from "~/lib/analytics";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.compare);

const generalFaq = faqEntries.filter((entry) => generalFaqIds.includes(entry.id));

function Cell({ value }: { value: ComparisonCell }) {
  if (value === true)
    return (
      <>
        <Check className="size-5 text-success" width={20} height={20} aria-hidden="true" />
        <span className="sr-only">{comparisonTable.yes}</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus className="size-5 text-slate-500" width={20} height={20} aria-hidden="true" />
        <span className="sr-only">{comparisonTable.no}</span>
      </>
    );
  return <>{value}</>;
}

export default function ComparePage() {
  return (
    <>
      <PageHero eyebrow={<Badge>{compareHero.eyebrow}</Badge>} title={compareHero.title} lead={compareHero.lead}>
        <EnterpriseConsultButton location="compare" size="lg">
          {ctaLabels.bookADemo}
        </EnterpriseConsultButton>
        <Button type="button" size="lg" variant="outline" onClick={() => track("demo_play", {})}>
          <PlayCircle aria-hidden="true" width={16} height={16} />
          {compareHero.watchDemoLabel}
        </Button>
      </PageHero>

      <Section title={alternativesSection.title} lead={alternativesSection.lead}>
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

      <Section tone="muted" title={comparisonTable.title}>
        <p className="mb-3 flex items-center justify-end gap-1 text-sm text-muted-foreground md:hidden" aria-hidden="true">
          {comparisonTable.swipeHint} <ArrowRight className="size-4" width={16} height={16} />
        </p>
        <div className="relative overflow-x-auto rounded-xl border border-border bg-background shadow-sm" tabIndex={0} role="region" aria-label={comparisonTable.regionLabel}>
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="comparison-table">
            <caption className="sr-only">{comparisonTable.caption}</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="sticky left-0 z-10 bg-muted p-4 font-semibold shadow-[1px_0_0_var(--color-border)]">
                  <span className="sr-only">{comparisonTable.featureColumn}</span>
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

      <Section title={scenariosSection.title} lead={scenariosSection.lead}>
        <div className="grid gap-6 md:grid-cols-2">
          {scenarios.map((scenario) => (
            <article key={scenario.id} className="rounded-xl border border-border bg-background p-6 shadow-sm" data-testid={`scenario-${scenario.id}`}>
              <h3 className="text-lg font-bold">{scenario.label}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{scenariosSection.volume(scenario.estimate)}</p>
              <ul className="mt-5 flex flex-col divide-y divide-border text-sm">
                <li className="flex justify-between gap-4 py-2 font-semibold text-primary-hover">
                  <span>{scenariosSection.flatPlanLabel}</span>
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
                        {flatPlanSaving(formatSavings(scenario.estimate.savings[alternative.id]))}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </article>
          ))}
        </div>
      </Section>

      <Section tone="muted" title={costBarsSection.title} lead={costBarsSection.lead}>
        <CostBars scenarios={scenarios} />
      </Section>

      <Section title={roiSection.title} lead={roiSection.lead}>
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

      <Section tone="muted" id="calculator" title={calculatorSection.title} lead={calculatorSection.lead}>
        <CostCalculator />
      </Section>

      <Section title={faqSections.cost} width="narrow">
        <FaqAccordion entries={costFaq} />
      </Section>

      <Section tone="muted" title={faqSections.general} width="narrow">
        <FaqAccordion entries={generalFaq} />
      </Section>

      <Section title={assumptionsTitle} width="narrow">
        <ul className="list-disc space-y-2 pl-5 text-muted-foreground" data-testid="assumptions">
          {assumptionList.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>

      <CtaBand title={compareFinalCta.title} lead={compareFinalCta.lead}>
        <EnterpriseConsultButton location="compare" size="lg" variant="inverse">
          {ctaLabels.bookADemo}
        </EnterpriseConsultButton>
      </CtaBand>
    </>
  );
}
