import { describe, expect, it } from "vitest";
import { formatCount, formatUsd, formatUsdCents, formatUsdRange } from "./format";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

// Every figure the content module formats, plus edges: rounding halves, cents, grouping, negatives.
const samples = [
  0, 0.004, 0.005, 0.01, 0.02, 0.5, 1, 1.5, 2.5, 9.995, 12, 99.5, 100, 799, 901, 999.5, 1000, 1200, 8629, 8699,
  12345.678, 1.005, 2.675, 0.125, 100000, 1234567.891, -1, -0.4, -2.5, -901, -12345.5,
];

describe("money and count formatting", () => {
  it.each(samples)("writes %s exactly as Intl's en-US formats do", (value) => {
    expect(formatUsd(value)).toBe(usd.format(value).replace("-$0", "$0"));
    expect(formatUsdCents(value)).toBe(usdCents.format(value).replace("-$0.00", "$0.00"));
    expect(formatCount(value)).toBe(integer.format(value).replace(/^-0$/, "0"));
  });

  it("writes ranges with an en dash, or one figure when both ends match", () => {
    expect(formatUsdRange(4800, 6500)).toBe("$4,800–$6,500");
    expect(formatUsdRange(799, 799)).toBe("$799");
  });
});
