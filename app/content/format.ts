/** Number formatting for marketing copy: one place so every page writes money the same way. */

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Whole dollars: 8629 → "$8,629". */
export const formatUsd = (value: number) => usd.format(value);

/** Dollars and cents: 1.5 → "$1.50". */
export const formatUsdCents = (value: number) => usdCents.format(value);

/** 1200 → "1,200". */
export const formatCount = (value: number) => integer.format(value);

/** A low–high money range: "$4,800–$6,500"; a single figure when both ends match. */
export const formatUsdRange = (low: number, high: number) =>
  low === high ? formatUsd(low) : `${formatUsd(low)}–${formatUsd(high)}`;
