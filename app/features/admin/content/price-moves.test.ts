import { describe, expect, it } from "vitest";
import { priceFigures } from "@shared/content/prices";
import { roiOf } from "~/content/compare";
import { todaysPrices } from "~/content/pricing";
import { priceMoves } from "./price-moves";

/** The seeded answer quoting the prices (server/content/seed-content.ts). */
const priceAnswer = {
  question: "How much does it cost?",
  answer:
    'One flat plan: {% price name="monthly" /%} per month, or {% price name="annual-per-month" /%} per month billed {% price name="annual-yearly" /%} per year, which saves {% price name="annual-savings" /%}. Onboarding is free.',
};

describe("the prices' derived figures (decision 0904)", () => {
  it("derives $719 a month and 9.5% from today's yearly bill and saving, and keeps them when only the monthly price changes", () => {
    expect(priceFigures(todaysPrices)).toMatchObject({ monthly: 799, annualYearly: 8629, annualSavings: 901, annualPerMonth: 719, savingsPercentLabel: "9.5%" });
    expect(priceFigures({ ...todaysPrices, monthly: 849 })).toMatchObject({ monthly: 849, annualPerMonth: 719, savingsPercentLabel: "9.5%" });
    // A new yearly bill moves the per-month figure and the percentage: 9,000 / 12 = 750; 1,000 / 10,000.
    expect(priceFigures({ monthly: 849, annualYearly: 9000, annualSavings: 1000 })).toMatchObject({ annualPerMonth: 750, savingsPercentLabel: "10.0%" });
  });
});

describe("what a price change moves", () => {
  it("lists every figure a monthly price of $849 moves on /pricing, /compare and in the FAQ answer quoting it, and no annual figure", () => {
    const moves = priceMoves(todaysPrices, { ...todaysPrices, monthly: 849 }, [priceAnswer]);
    const find = (page: string, figure: string) => moves.find((m) => m.page === page && m.figure === figure);
    expect(find("/pricing", "Monthly price")).toEqual({ page: "/pricing", figure: "Monthly price", before: "$799", after: "$849" });
    expect(find("/pricing", "Lead")?.after).toContain("$849 a month");
    expect(find("/compare", "Monthly cost in the table")).toMatchObject({ before: "$799 flat", after: "$849 flat" });
    expect(find("/compare", "Return on the fee")?.after).toContain(`${roiOf(849).multiple.toFixed(1)}x`);
    expect(moves.some((m) => m.page === "/compare" && m.figure.startsWith("A busy month"))).toBe(true);
    expect(find("/faq", "How much does it cost?")).toMatchObject({
      before: "One flat plan: $799 per month, or $719 per month billed $8,629 per year, which saves $901. Onboarding is free.",
      after: "One flat plan: $849 per month, or $719 per month billed $8,629 per year, which saves $901. Onboarding is free.",
    });
    expect(moves.filter((m) => m.figure.startsWith("Annual") || m.figure === "Savings badge")).toEqual([]);
    expect(priceMoves(todaysPrices, todaysPrices, [priceAnswer])).toEqual([]);
    // An answer quoting a term beside a price shows the term's figure too, unmoved.
    const trialAnswer = { question: "Is there a trial?", answer: 'A {% term name="trial-days" /%}-day trial, then {% price name="monthly" /%} a month.' };
    expect(priceMoves(todaysPrices, { ...todaysPrices, monthly: 849 }, [trialAnswer]).find((m) => m.page === "/faq")).toMatchObject({
      before: "A 7-day trial, then $799 a month.",
      after: "A 7-day trial, then $849 a month.",
    });
  });
});
