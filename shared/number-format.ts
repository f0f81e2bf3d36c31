/**
 * Number formatting, one place for every kind: money for the marketing copy (through
 * app/content/format.ts), counts for the copy, the admin area, Slack messages and the lead fit's
 * ranges, so every screen writes a number the same way.
 *
 * Hand-written en-US formatting rather than `Intl.NumberFormat`: constructing a formatter loads
 * ICU data, which cost about 30 ms of main-thread time on page start-up (profiled; about 120 ms
 * of blocking time under Lighthouse's 4x CPU slowdown). app/content/format.test.ts holds these
 * to `Intl`'s output.
 */

/** "1234567" → "1,234,567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * `value` to `fractionDigits` places, rounding half away from zero on its shortest decimal form
 * (so 9.995 → "9.995" → "10.00", as `Intl` does; `toFixed` would see 9.99499… and write "9.99").
 */
function roundDecimal(abs: number, fractionDigits: number): string {
  const shortest = String(abs);
  if (/e/i.test(shortest)) return abs.toFixed(fractionDigits);
  const [whole, fraction = ""] = shortest.split(".");
  if (fraction.length <= fractionDigits) {
    return fractionDigits ? `${whole}.${fraction.padEnd(fractionDigits, "0")}` : whole;
  }
  let scaled = BigInt(whole + fraction.slice(0, fractionDigits));
  if (fraction.charCodeAt(fractionDigits) - 48 >= 5) scaled += 1n;
  const digits = scaled.toString().padStart(fractionDigits + 1, "0");
  return fractionDigits ? `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}` : digits;
}

/** Rounds, then groups the integer part; the sign is dropped when the rounded value is zero. */
function formatDecimal(value: number, fractionDigits: number): { sign: string; text: string } {
  const fixed = roundDecimal(Math.abs(value), fractionDigits);
  const [whole, fraction] = fixed.split(".");
  const sign = value < 0 && Number(fixed) !== 0 ? "-" : "";
  return { sign, text: fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}` };
}

/** Whole dollars: 8629 → "$8,629". */
export const formatUsd = (value: number) => {
  const { sign, text } = formatDecimal(value, 0);
  return `${sign}$${text}`;
};

/** Dollars and cents: 1.5 → "$1.50". */
export const formatUsdCents = (value: number) => {
  const { sign, text } = formatDecimal(value, 2);
  return `${sign}$${text}`;
};

/** 1200 → "1,200". */
export const formatCount = (value: number) => {
  const { sign, text } = formatDecimal(value, 0);
  return `${sign}${text}`;
};

/** A low–high money range: "$4,800–$6,500"; a single figure when both ends match. */
export const formatUsdRange = (low: number, high: number) =>
  low === high ? formatUsd(low) : `${formatUsd(low)}–${formatUsd(high)}`;
