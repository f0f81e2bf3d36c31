import { priceFigures, type Prices } from "@shared/content/prices";
import { guaranteeTerms, trial, usage } from "@shared/content/terms";
import { formatUsd, formatUsdCents, formatCount } from "./format";

// The plan's terms are shared with the server, which renders FAQ answers quoting them.
export { terms, trial, trialFor, trialReading, usage, type TrialReading } from "@shared/content/terms";

/**
 * Prices, plan inclusions, usage rules and guarantees (docs/product.md#prices,
 * docs/product.md#plan-inclusions, docs/product.md#usage-rules,
 * docs/product.md#guarantees-and-terms). Every figure a page shows is read or computed from
 * here; tests compute their expectations from here too.
 */

/**
 * The requirements give two readings of the annual plan (docs/product.md#prices). Reading A:
 * $719 per month billed $8,629 a year. Reading B: $8,699 a year (about $725 per month). Both
 * "save $901". This one switch picks the reading; see
 * docs/decisions/0301-annual-price-and-trial-readings.md.
 */
export type AnnualReading = "A" | "B";
export const annualReading = "A" as AnnualReading;

export const annualYearlyTotalByReading: Record<AnnualReading, number> = { A: 8629, B: 8699 };

export const monthlyPrice = 799;
/** The badge value required for both readings ('Save $901'; docs/product.md#prices). */
export const annualSavings = 901;
export const annualYearlyTotal = annualYearlyTotalByReading[annualReading];
/** $719 (reading A) or $725 (reading B): the yearly bill spread over 12 months. */
export const annualPerMonth = Math.round(annualYearlyTotal / 12);

/** The savings percentage: 901 / (yearly + 901), in percent (docs/product.md#pricing-behaviour). */
export function annualSavingsPercent(yearlyTotal = annualYearlyTotal, savings = annualSavings): number {
  return (savings / (yearlyTotal + savings)) * 100;
}

/** "9.5%": the percentage to one decimal, as the badge shows it. */
export const annualSavingsPercentLabel = `${annualSavingsPercent().toFixed(1)}%`;

/**
 * The prices as they were before the studio published them (decision 0904): what a page shows
 * where nothing is published (the build's prerender), and what the seed publishes. The published
 * ones reach the pages through the public layout's loader (app/lib/published-prices.ts).
 */
export const todaysPrices: Prices = { monthly: monthlyPrice, annualYearly: annualYearlyTotal, annualSavings };

export type BillingPeriod = "monthly" | "annual";

export type PriceView = {
  period: BillingPeriod;
  /** Big figure on the card, per month. */
  perMonth: string;
  /** The line under it. */
  billingNote: string;
  /** Only for the annual view. */
  savingsBadge?: string;
  savingsPercent?: string;
};

export function priceView(period: BillingPeriod, prices: Prices = todaysPrices): PriceView {
  if (period === "monthly") {
    return { period, perMonth: formatUsd(prices.monthly), billingNote: "Billed monthly. Cancel anytime." };
  }
  const figures = priceFigures(prices);
  return {
    period,
    perMonth: formatUsd(figures.annualPerMonth),
    billingNote: `Billed ${formatUsd(figures.annualYearly)} per year`,
    savingsBadge: `Save ${formatUsd(figures.annualSavings)}`,
    savingsPercent: figures.savingsPercentLabel,
  };
}

export const planName = "All-in-one AI agent plan";

export const planInclusions: string[] = [
  `${usage.agents} AI agent`,
  `Up to ${usage.inboundPerDay} inbound interactions per day`,
  "Unlimited concurrency",
  "Call recording and transcripts",
  "Booking, reminders and auto-messages",
  "Knowledge base",
  "Analytics and QA dashboards",
  `${formatCount(usage.includedOutboundSms)} outbound SMS per month, then ${formatUsdCents(usage.smsOverage)} per SMS; carrier fees pass through`,
  "As many numbers as you need",
  "Custom voice",
  "AI co-pilot",
  `Free onboarding and ${usage.supportSessionsPerMonth} support session per month`,
];

export const usageRules: string[] = [
  `Calls over ${usage.longCallMinutes} minutes count as two interactions; spam is not counted.`,
  `Outbound calls cost ${formatUsdCents(usage.outboundCallPerMinute)} per minute.`,
];

export const overflowOptions: { title: string; description: string }[] = [
  { title: "Smart voicemail", description: "Callers leave a message and you get an instant transcript." },
  { title: "Queue with auto-reply", description: "Callers wait in a queue and get an automatic text reply." },
  { title: "Soft throttle by category", description: "Lower-priority categories slow down first; urgent ones keep flowing." },
];

const { days: guaranteeDays, refundPercent: guaranteeRefundPercent } = guaranteeTerms;
export const guarantee = {
  days: guaranteeDays,
  refundPercent: guaranteeRefundPercent,
  title: `${guaranteeDays}-day money-back guarantee`,
  description: `Not a fit in the first ${guaranteeDays} days? You get a ${guaranteeRefundPercent}% refund of your subscription fee.`,
} as const;

export const setupCallTrialClaim = `${trial.setupCallDays}-day free trial, no charge on signup`;
export const contactTrialClaim = `${trial.contactDays}-day trial`;

