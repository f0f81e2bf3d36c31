import { formatUsd } from "../number-format";

/**
 * The prices as the studio publishes them (docs/decisions/0904): what an editor types, and what
 * the code derives from it. The specification's annual figures are not a function of the monthly
 * price ($719 × 12 is $8,628, not $8,629; $799 × 12 − $8,629 is $959, not $901), so the yearly
 * bill and the saving are edited figures of their own; the annual price per month and the
 * savings percentage are derived from them, as the pricing code always did.
 */
export type Prices = {
  /** Whole dollars a month on the monthly plan: 849 means $849. */
  monthly: number;
  /** Whole dollars a year on the annual plan: what the annual plan bills. */
  annualYearly: number;
  /** Whole dollars the annual plan saves, as its badge says ("Save $901"). */
  annualSavings: number;
};

/** The prices and what is derived from them. */
export type PriceFigures = Prices & {
  /** The yearly bill spread over 12 months, rounded to the dollar ($719). */
  annualPerMonth: number;
  /** savings / (yearly + savings), in percent. */
  savingsPercent: number;
  /** To one decimal, as the badge shows it ("9.5%"). */
  savingsPercentLabel: string;
};

export function priceFigures(prices: Prices): PriceFigures {
  const savingsPercent = (prices.annualSavings / (prices.annualYearly + prices.annualSavings)) * 100;
  return {
    ...prices,
    annualPerMonth: Math.round(prices.annualYearly / 12),
    savingsPercent,
    savingsPercentLabel: `${savingsPercent.toFixed(1)}%`,
  };
}

/**
 * The names an answer's `{% price name="…" /%}` may use, and what each shows. A new name is one
 * more line here (saved answers are checked against these names).
 */
export const priceValueLabels = {
  monthly: "Monthly price ($799)",
  "annual-per-month": "Annual plan, per month ($719)",
  "annual-yearly": "Annual plan, billed per year ($8,629)",
  "annual-savings": "Annual plan saves ($901)",
  "annual-savings-percent": "Annual saving in percent (9.5%)",
} as const;
export type PriceValueName = keyof typeof priceValueLabels;
export const priceValueNames = Object.keys(priceValueLabels) as PriceValueName[];

/** Each price tag's text for these prices ("$799"): what a rich-text answer renders. */
export function priceValues(prices: Prices): Record<PriceValueName, string> {
  const figures = priceFigures(prices);
  return {
    monthly: formatUsd(figures.monthly),
    "annual-per-month": formatUsd(figures.annualPerMonth),
    "annual-yearly": formatUsd(figures.annualYearly),
    "annual-savings": formatUsd(figures.annualSavings),
    "annual-savings-percent": figures.savingsPercentLabel,
  };
}
