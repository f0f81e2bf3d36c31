import * as React from "react";
import { ArrowRight, Check, ChevronDown, Minus, PlayCircle } from "lucide-react";
import type { Route } from "./+types/compare";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CostCalculator } from "~/components/marketing/cost-calculator";
import { CtaBand } from "~/components/marketing/cta-band";
import { FaqAccordion, type FaqAccordionEntry } from "~/components/marketing/faq-accordion";
import { Section } from "~/components/marketing/section";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import {
  alternatives,
  alternativesSection,
  assumptionsTitle,
  calculatorSection,
  compareFiguresOf,
  compareFinalCta,
  comparisonColumns,
  comparisonTable,
  faqSections,
  generalFaqIds,
  roiSection,
  type ComparisonCell,
} from "~/content/compare";
import { faqEntries } from "~/content/faq";
import { EnterpriseConsultButton } from "~/features/enterprise/enterprise-consult-button";
import { track } from "~/lib/analytics";
import { pageMeta } from "~/lib/seo";
import { usePrices } from "~/lib/published-prices";
import { siteContentContext } from "~/lib/router-context";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.compare);

/** The general questions this page quotes, as published (decision 0904); the code's own where nothing is. */
export function loader({ context }: Route.LoaderArgs) {
  const faq = context.get(siteContentContext).faq;
  return { generalFaq: faq ? faq.filter((item) => generalFaqIds.includes(item.id)) : null };
}

const codeGeneralFaq = faqEntries.filter((entry) => generalFaqIds.includes(entry.id));

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

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const monthly = usePrices().monthly;
  // Computed from the published price on each render (a few string joins): what the code derives stays code.
  const { compareHero, roiCards, comparisonRows, costFaq } = React.useMemo(() => compareFiguresOf(monthly), [monthly]);
  const generalFaq = loaderData.generalFaq ?? codeGeneralFaq;
  return (
    <>
      <PageHero
        eyebrow={<Badge>{compareHero.eyebrow}</Badge>}
        title={compareHero.title}
        lead={compareHero.lead}
        note={reassurance.enterprise}
      >
        <EnterpriseConsultButton location="compare" size="lg">
          {ctaLabels.bookADemo}
        </EnterpriseConsultButton>
        <Button type="button" size="lg" variant="outline" onClick={() => track("demo_play", {})}>
          <PlayCircle aria-hidden="true" width={16} height={16} />
          {compareHero.watchDemoLabel}
        </Button>
      </PageHero>

      {/* The page leads with the calculator, which shows the quiet and the busy month; the return on
          the fee and the assumptions behind every figure follow in the same band (docs/product.md#design). */}
      <Section tone="muted" id="calculator" title={calculatorSection.title} lead={calculatorSection.lead}>
        <CostCalculator flatPlan={monthly} />

        <div className="mt-12 sm:mt-16">
          <h3 className="text-xl font-bold tracking-tight sm:text-2xl">{roiSection.title}</h3>
          <p className="mt-2 max-w-3xl text-pretty text-muted-foreground">{roiSection.lead}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3 sm:gap-6">
            {roiCards.map((card) => (
              <li
                key={card.title}
                className="grid grid-cols-[9rem_minmax(0,1fr)] items-center gap-x-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:flex sm:flex-col sm:p-6 sm:text-center"
                data-testid="roi-card"
              >
                <h4 className="col-span-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{card.title}</h4>
                <p className="mt-1 whitespace-nowrap text-2xl font-extrabold text-primary sm:mt-2 sm:text-4xl">{card.value}</p>
                <p className="mt-1 text-[0.9375rem] text-muted-foreground sm:mt-2">{card.description}</p>
              </li>
            ))}
          </ul>
        </div>

        <Assumptions flatPlan={monthly} />
      </Section>

      <Section title={alternativesSection.title} lead={alternativesSection.lead}>
        {/* Below md the cards scroll sideways, the next one peeking in, instead of three screens
            of cards above the table that repeats their figures (docs/product.md#design). */}
        <div
          className="-mx-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:px-6 md:mx-0 md:overflow-visible md:px-0 md:pb-0"
          tabIndex={0}
          role="region"
          aria-label={alternativesSection.regionLabel}
        >
          <ul className="flex snap-x snap-mandatory scroll-px-4 gap-4 sm:scroll-px-6 md:grid md:grid-cols-3 md:gap-6">
            {alternatives.map((alternative) => (
              <li key={alternative.id} className="flex w-[85%] shrink-0 snap-start flex-col rounded-xl border border-border bg-background p-5 shadow-sm sm:w-[60%] sm:p-6 md:w-auto">
                <h3 className="text-lg font-bold">{alternative.name}</h3>
                <p className="mt-1 text-[0.9375rem] text-muted-foreground">{alternative.summary}</p>
                <p className="mt-3 text-[0.9375rem] font-semibold">{alternative.pricingModel}</p>
                <ul className="mt-3 flex flex-col gap-1.5 text-[0.9375rem]">
                  {alternative.drawbacks.map((drawback) => (
                    <li key={drawback} className="flex gap-2">
                      <Minus className="mt-1 size-4 shrink-0 text-slate-500" width={16} height={16} aria-hidden="true" />
                      {drawback}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>

        <h3 className="mt-10 text-xl font-bold tracking-tight sm:mt-12 sm:text-2xl">{comparisonTable.title}</h3>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground md:hidden" aria-hidden="true">
          {comparisonTable.swipeHint} <ArrowRight className="size-4" width={16} height={16} />
        </p>
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-border bg-background shadow-sm" tabIndex={0} role="region" aria-label={comparisonTable.regionLabel}>
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="comparison-table">
            <caption className="sr-only">{comparisonTable.caption}</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="sticky left-0 z-10 bg-muted px-4 py-3 font-semibold shadow-[1px_0_0_var(--color-border)]">
                  <span className="sr-only">{comparisonTable.featureColumn}</span>
                </th>
                {comparisonColumns.map((column, index) => (
                  <th key={column} scope="col" className={index === 0 ? "bg-primary-soft px-4 py-3 font-bold text-primary-hover" : "px-4 py-3 font-semibold"}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparisonRows.map((row) => (
                <tr key={row.label} className="border-t border-border">
                  <th scope="row" className="sticky left-0 z-10 w-36 bg-background px-4 py-3 font-medium shadow-[1px_0_0_var(--color-border)] sm:w-auto">
                    {row.label}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={index} className={index === 0 ? "bg-primary-soft px-4 py-3 font-semibold" : "px-4 py-3"}>
                      <Cell value={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section tone="muted">
        <div className="grid gap-12 lg:grid-cols-2 lg:gap-10">
          <FaqGroup title={faqSections.cost} entries={costFaq} />
          <FaqGroup title={faqSections.general} entries={generalFaq} />
        </div>
      </Section>

      <CtaBand title={compareFinalCta.title} lead={compareFinalCta.lead} note={reassurance.enterprise}>
        <EnterpriseConsultButton location="compare" size="lg" variant="inverse">
          {ctaLabels.bookADemo}
        </EnterpriseConsultButton>
      </CtaBand>
    </>
  );
}

/** A titled group of questions; the two groups sit side by side from lg up. */
function FaqGroup({ title, entries }: { title: string; entries: readonly FaqAccordionEntry[] }) {
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <FaqAccordion entries={entries} />
    </section>
  );
}

/**
 * Every assumption behind the figures, in a native disclosure: closed, it costs one line; it
 * opens by mouse, keyboard or without JavaScript, and its text is in the prerendered HTML.
 */
function Assumptions({ flatPlan }: { flatPlan: number }) {
  const { assumptionList } = compareFiguresOf(flatPlan);
  return (
    <details className="group mt-8 rounded-xl border border-border bg-background shadow-sm" data-testid="assumptions-disclosure">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:px-6 [&::-webkit-details-marker]:hidden">
        {assumptionsTitle}
        <ChevronDown className="size-5 shrink-0 text-muted-foreground group-open:rotate-180 motion-safe:transition-transform" width={20} height={20} aria-hidden="true" />
      </summary>
      <ul className="grid gap-2 border-t border-border px-5 py-4 text-[0.9375rem] text-muted-foreground sm:px-6" data-testid="assumptions">
        {assumptionList.map((item) => (
          <li key={item} className="flex gap-3">
            <span className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
