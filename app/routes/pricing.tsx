import * as React from "react";
import { Link } from "react-router";
import { ArrowRight, Info } from "lucide-react";
import type { Route } from "./+types/pricing";
import { HeroNote, PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBand, CtaBandLink } from "~/components/marketing/cta-band";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { Section } from "~/components/marketing/section";
import { TextCardGrid } from "~/components/marketing/text-card-grid";
import { priceFigures } from "@shared/content/prices";
import {
  overflowOptions,
  planInclusions,
  planName,
  priceView,
  usageRules,
} from "~/content/pricing";
import {
  billingToggle,
  overflowSection,
  planInclusionsTitle,
  planOffer,
  priceCardOf,
  pricingFinalCta,
  pricingGuaranteeTitle,
  pricingHeroOf,
} from "~/content/pricing-page";
import { pricesOf, usePrices } from "~/lib/published-prices";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { brand } from "~/content/brand";
import { pageMeta, planOfferJsonLd } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = ({ matches }) => {
  const prices = priceFigures(pricesOf(matches));
  return pageMeta(paths.pricing, [
    planOfferJsonLd({
      name: `${brand.name} ${planName}`,
      description: planOffer.description,
      offers: [
        { name: planOffer.monthlyName, price: prices.monthly, unitCode: "MON" },
        { name: planOffer.annualName, price: prices.annualYearly, unitCode: "ANN" },
      ],
    }),
  ], prices.monthly);
};

/*
 * The billing switch is a native checkbox, and the page's CSS shows the period it selects
 * (`group-has-checked/billing`): both periods' prices are in the HTML, so the switch changes
 * them from first paint and without JavaScript, and React, which keeps no state for it, cannot
 * undo a choice made before it hydrated.
 */
const whenMonthly = "group-has-checked/billing:hidden";
const whenAnnual = "hidden group-has-checked/billing:inline";

export default function PricingPage() {
  const prices = usePrices();
  const monthlyView = priceView("monthly", prices);
  const annualView = priceView("annual", prices);
  const pricingHero = pricingHeroOf(prices);
  const priceCard = priceCardOf(prices);
  const switchId = React.useId();

  return (
    <>
      <PageHero eyebrow={<Badge>{pricingHero.eyebrow}</Badge>} title={pricingHero.title} lead={pricingHero.lead} />

      <Section className="-mt-6 pt-0" width="wide">
        <div className="group/billing">
          <div className="mb-8 flex items-center justify-center gap-3 text-base font-semibold">
            <span className="text-foreground group-has-checked/billing:text-muted-foreground" aria-hidden="true">
              {billingToggle.monthly}
            </span>
            <Switch id={switchId} />
            {/* What annual billing saves, on its label whichever way the switch is set: beside it, or
                under it on a phone, where the row is too narrow for both. */}
            <span className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
              <label htmlFor={switchId} className="cursor-pointer text-muted-foreground group-has-checked/billing:text-foreground">
                {billingToggle.annual}
              </label>
              <Badge variant="success" size="md" data-testid="annual-savings-chip">
                {priceCard.annualSavingsChip}
              </Badge>
            </span>
          </div>

          {/* One card: the price and its actions, then everything the plan includes. */}
          <article
            aria-labelledby="plan-name"
            className="mx-auto max-w-4xl rounded-2xl border-2 border-primary bg-background shadow-lg"
            data-testid="price-card"
          >
            <div className="p-6 sm:p-8">
              {/* The badge keeps its place while monthly (invisible, so out of the accessibility
                  tree too): switching never moves the price or the buttons. */}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 id="plan-name" className="text-xl font-bold">
                  {planName}
                </h2>
                <Badge variant="success" className="invisible group-has-checked/billing:visible" data-testid="savings-badge">
                  {annualView.savingsBadge} <span data-testid="savings-percent">({annualView.savingsPercent})</span>
                </Badge>
              </div>
              <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
                <div aria-live="polite">
                  <p className="flex items-baseline gap-1">
                    <span className="text-5xl font-extrabold tracking-tight" data-testid="price-per-month">
                      <span className={whenMonthly}>{monthlyView.perMonth}</span>
                      <span className={whenAnnual}>{annualView.perMonth}</span>
                    </span>
                    <span className="text-lg text-muted-foreground">{priceCard.perMonthSuffix}</span>
                  </p>
                  <p className="mt-2 text-muted-foreground" data-testid="billing-note">
                    <span className={whenMonthly}>{monthlyView.billingNote}</span>
                    <span className={whenAnnual}>{annualView.billingNote}</span>
                  </p>
                  <p className="mt-1 flex items-center gap-2 text-muted-foreground">
                    <Info className="size-4 shrink-0 text-primary" width={16} height={16} aria-hidden="true" />
                    {priceCard.noPerMinuteFees}
                  </p>
                </div>
                <div className="flex flex-col items-stretch sm:items-start lg:items-end">
                  <div className="flex flex-col gap-3 sm:flex-row">
                    <BookDemoButton location="pricing" className="w-full sm:w-auto" />
                    <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                      <Link to={paths.enterprise}>
                        {priceCard.enterpriseLabel} <ArrowRight aria-hidden="true" width={16} height={16} />
                      </Link>
                    </Button>
                  </div>
                  <HeroNote className="text-center sm:text-left lg:text-right">{reassurance.bookDemo}</HeroNote>
                </div>
              </div>
            </div>

            <div className="border-t border-border p-6 sm:p-8">
              <h3 className="text-lg font-bold">{planInclusionsTitle}</h3>
              <CheckList items={planInclusions} columns={2} className="mt-5 text-[0.9375rem] sm:gap-x-8" />
            </div>
          </article>
        </div>
      </Section>

      <Section tone="muted" title={overflowSection.title} lead={overflowSection.lead}>
        <TextCardGrid items={overflowOptions} className="grid gap-6 md:grid-cols-3" />
        <div className="mx-auto mt-8 flex max-w-3xl items-start gap-3 rounded-xl border border-border bg-background p-5 text-[0.9375rem]">
          <Info className="mt-0.5 size-5 shrink-0 text-primary" width={20} height={20} aria-hidden="true" />
          <ul className="flex flex-col gap-1">
            {usageRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title={pricingGuaranteeTitle} width="narrow">
        <GuaranteeCard />
      </Section>

      <CtaBand title={pricingFinalCta.title} lead={pricingFinalCta.lead} note={reassurance.enterprise}>
        <CtaBandLink to={paths.enterprise} primary>{pricingFinalCta.enterpriseLabel}</CtaBandLink>
        <CtaBandLink to={paths.compare}>{ctaLabels.compareCosts}</CtaBandLink>
      </CtaBand>
    </>
  );
}
