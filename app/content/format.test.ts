import { describe, expect, it, vi } from "vitest";
import { formatCount, formatUsd, formatUsdCents, formatUsdRange } from "./format";
import type * as Format from "./format";

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

/** A small seeded generator (mulberry32), so every run checks the same values. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the same as Intl over a wide range of values", () => {
  const random = seeded(20261123);
  const values: number[] = [];
  for (let i = 0; i < 3000; i++) {
    // Magnitudes from 1e-4 to 1e15, 0 to 6 decimal places, either sign.
    const magnitude = 10 ** Math.floor(random() * 19 - 4);
    const places = Math.floor(random() * 7);
    const value = Number((random() * magnitude).toFixed(places));
    values.push(random() < 0.2 ? -value : value);
  }
  // Exact halves at the places these formats round to, where rounding is easiest to get wrong.
  for (let i = 0; i < 500; i++) {
    const whole = Math.floor(random() * 100_000);
    values.push(whole + 0.5, Number(`${whole}.${String(Math.floor(random() * 100)).padStart(2, "0")}5`), -(whole + 0.5));
  }

  it("formats 4,500 generated values exactly as Intl's en-US formats do", () => {
    const mismatches: string[] = [];
    for (const value of values) {
      const expected = [
        usd.format(value).replace("-$0", "$0"),
        usdCents.format(value).replace("-$0.00", "$0.00"),
        integer.format(value).replace(/^-0$/, "0"),
      ];
      const actual = [formatUsd(value), formatUsdCents(value), formatCount(value)];
      if (actual.join("|") !== expected.join("|")) mismatches.push(`${value}: ${actual.join(" ")} (Intl: ${expected.join(" ")})`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});

describe("no ICU formatter at start-up (docs/performance.md)", () => {
  it("neither importing the module nor formatting builds an Intl.NumberFormat or calls toLocaleString", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const toLocaleString = vi.spyOn(Number.prototype, "toLocaleString");
    try {
      // A fresh instance of the module (the query makes it a module of its own), imported while
      // the spies watch; without vi.resetModules, which would reset the worker's shared registry.
      const fresh = (await import(/* @vite-ignore */ `./format.ts?import-check=${Date.now()}`)) as typeof Format;
      fresh.formatUsd(8629);
      fresh.formatUsdCents(1.5);
      fresh.formatCount(1200);
      fresh.formatUsdRange(4800, 6500);
      expect(numberFormat).not.toHaveBeenCalled();
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      toLocaleString.mockRestore();
    }
  });
});
