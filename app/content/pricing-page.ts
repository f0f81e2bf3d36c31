import { formatUsd } from "./format";
import type { Prices } from "@shared/content/prices";
import { priceView, todaysPrices, usage } from "./pricing";

/*
 * The /pricing page's own words. The figures come from pricing.ts, which every page loads; this
 * copy loads with /pricing only.
 */

export const pricingHeroOf = (prices: Prices) =>
  ({
    eyebrow: "One plan. Everything included.",
    title: "Simple, flat pricing",
    lead: `${formatUsd(prices.monthly)} a month for an AI agent that answers every call and text. No per-minute surprises.`,
  }) as const;
export const pricingHero = pricingHeroOf(todaysPrices);

/** The plan in the page's structured data (schema.org Product with its two Offers). */
export const planOffer = {
  description: `AI agents for voice, SMS, email and social: ${usage.inboundPerDay} inbound interactions per day, unlimited concurrency, recordings and transcripts.`,
  monthlyName: "Monthly",
  annualName: "Annual",
} as const;

export const billingToggle = { monthly: "Monthly", annual: "Annual billing" } as const;

export const priceCardOf = (prices: Prices) =>
  ({
    perMonthSuffix: "/month",
    enterpriseLabel: "See enterprise options",
    noPerMinuteFees: "No per-minute fees for inbound conversations",
    /** Beside the Annual label in both states of the switch. */
    annualSavingsChip: priceView("annual", prices).savingsBadge,
  }) as const;
export const priceCard = priceCardOf(todaysPrices);

export const planInclusionsTitle = "Everything in the plan";

export const overflowSection = {
  title: "When you're busier than usual",
  lead: `The plan includes up to ${usage.inboundPerDay} inbound interactions per day. Past that, nothing is dropped: you choose what happens.`,
} as const;

export const pricingGuaranteeTitle = "Risk-free to start";

export const pricingFinalCta = {
  title: "Need more agents, channels or an SLA?",
  lead: "Enterprise plans add integrations, security reviews and a paid pilot.",
  enterpriseLabel: "Explore enterprise",
} as const;
