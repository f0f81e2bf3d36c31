import * as React from "react";
import { Link } from "react-router";
import { ArrowRight, Info, ShieldCheck } from "lucide-react";
import type { Route } from "./+types/pricing";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { CheckList } from "~/components/marketing/check-list";
import { CtaBand, CtaBandLink } from "~/components/marketing/cta-band";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { Section } from "~/components/marketing/section";
import { TextCardGrid } from "~/components/marketing/text-card-grid";
import {
  annualYearlyTotal,
  guarantee,
  monthlyPrice,
  overflowOptions,
  planInclusions,
  planName,
  priceView,
  usageRules,
  type BillingPeriod,
} from "~/content/pricing";
import {
  billingToggle,
  overflowSection,
  planInclusionsTitle,
  planOffer,
  priceCard,
  pricingFinalCta,
  pricingGuaranteeTitle,
  pricingHero,
} from "~/content/pricing-page";
import { ctaLabels } from "~/content/calls-to-action";
import { brand } from "~/content/brand";
import { pageMeta, planOfferJsonLd } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () =>
  pageMeta(paths.pricing, [
    planOfferJsonLd({
      name: `${brand.name} ${planName}`,
      description: planOffer.description,
      offers: [
        { name: planOffer.monthlyName, price: monthlyPrice, unitCode: "MON" },
        { name: planOffer.annualName, price: annualYearlyTotal, unitCode: "ANN" },
      ],
    }),
  ]);

export default function PricingPage() {
  const [period, setPeriod] = React.useState<BillingPeriod>("monthly");
  const view = priceView(period);
  const switchId = React.useId();

  return (
    <>
      <PageHero eyebrow={<Badge>{pricingHero.eyebrow}</Badge>} title={pricingHero.title} lead={pricingHero.lead} />

      <Section className="-mt-6 pt-0" width="wide">
        <div className="mb-8 flex items-center justify-center gap-3 text-base font-semibold">
          <span className={period === "monthly" ? "text-foreground" : "text-muted-foreground"} aria-hidden="true">
            {billingToggle.monthly}
          </span>
          <Switch
            id={switchId}
            checked={period === "annual"}
            onCheckedChange={(checked) => setPeriod(checked ? "annual" : "monthly")}
          />
          <label htmlFor={switchId} className={period === "annual" ? "cursor-pointer text-foreground" : "cursor-pointer text-muted-foreground"}>
            {billingToggle.annual}
          </label>
        </div>

        <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1.1fr_1fr]">
          <article
            aria-labelledby="plan-name"
            className="rounded-2xl border-2 border-primary bg-background p-6 shadow-lg sm:p-8 lg:self-start"
            data-testid="price-card"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="plan-name" className="text-xl font-bold">
                {planName}
              </h2>
              {view.savingsBadge ? (
                <Badge variant="success" data-testid="savings-badge">
                  {view.savingsBadge} <span data-testid="savings-percent">({view.savingsPercent})</span>
                </Badge>
              ) : null}
            </div>
            <p className="mt-6 flex items-baseline gap-1" aria-live="polite">
              <span className="text-5xl font-extrabold tracking-tight" data-testid="price-per-month">
                {view.perMonth}
              </span>
              <span className="text-lg text-muted-foreground">{priceCard.perMonthSuffix}</span>
            </p>
            <p className="mt-2 text-muted-foreground" data-testid="billing-note">
              {view.billingNote}
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <BookDemoButton location="pricing" className="w-full sm:w-auto" />
              <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                <Link to={paths.enterprise}>
                  {priceCard.enterpriseLabel} <ArrowRight aria-hidden="true" width={16} height={16} />
                </Link>
              </Button>
            </div>
            <ul className="mt-6 flex flex-col gap-2 border-t border-border pt-6 text-sm text-muted-foreground">
              <li className="flex items-center gap-2">
                <ShieldCheck className="size-4 shrink-0 text-success" width={16} height={16} aria-hidden="true" />
                {guarantee.title}
              </li>
              <li className="flex items-center gap-2">
                <Info className="size-4 shrink-0 text-primary" width={16} height={16} aria-hidden="true" />
                {priceCard.noPerMinuteFees}
              </li>
            </ul>
            <noscript>
              <p className="mt-4 text-sm text-muted-foreground">{priceCard.annualWithoutScript}</p>
            </noscript>
          </article>

          <div>
            <h2 className="text-xl font-bold">{planInclusionsTitle}</h2>
            <CheckList items={planInclusions} className="mt-5" />
          </div>
        </div>
      </Section>

      <Section tone="muted" title={overflowSection.title} lead={overflowSection.lead}>
        <TextCardGrid items={overflowOptions} className="grid gap-6 md:grid-cols-3" />
        <div className="mx-auto mt-8 flex max-w-3xl items-start gap-3 rounded-xl border border-border bg-background p-5 text-sm">
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

      <CtaBand title={pricingFinalCta.title} lead={pricingFinalCta.lead}>
        <CtaBandLink to={paths.enterprise} primary>{pricingFinalCta.enterpriseLabel}</CtaBandLink>
        <CtaBandLink to={paths.compare}>{ctaLabels.compareCosts}</CtaBandLink>
      </CtaBand>
    </>
  );
}
