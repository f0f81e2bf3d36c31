import { describe, expect, it } from "vitest";
import {
  annualPerMonth,
  annualReading,
  annualSavings,
  annualSavingsPercent,
  annualSavingsPercentLabel,
  annualYearlyTotal,
  annualYearlyTotalByReading,
  monthlyPrice,
  priceView,
  trial,
  trialFor,
  trialReading,
} from "./pricing";

describe("pricing constants (docs/product.md#prices)", () => {
  it("uses reading A of the annual plan: $719 a month billed $8,629, save $901", () => {
    expect(annualReading).toBe("A");
    expect(monthlyPrice).toBe(799);
    expect(annualYearlyTotal).toBe(8629);
    expect(annualPerMonth).toBe(719);
    expect(annualSavings).toBe(901);
  });

  it("computes the savings percentage as 901 / (yearly + 901), shown to one decimal", () => {
    expect(annualSavingsPercent(8629, 901)).toBeCloseTo((901 / 9530) * 100, 10);
    expect(annualSavingsPercentLabel).toBe("9.5%");
    // Reading B gives a different figure through the same formula.
    expect(annualSavingsPercent(annualYearlyTotalByReading.B).toFixed(1)).toBe("9.4");
    expect(Math.round(annualYearlyTotalByReading.B / 12)).toBe(725);
  });

  it("shows the monthly view by default shape and the annual view with badge and percentage", () => {
    expect(priceView("monthly")).toEqual({ period: "monthly", perMonth: "$799", billingNote: "Billed monthly. Cancel anytime." });
    const annual = priceView("annual");
    expect(annual.perMonth).toBe("$719");
    expect(annual.billingNote).toBe("Billed $8,629 per year");
    expect(annual.savingsBadge).toBe("Save $901");
    expect(annual.savingsPercent).toBe("9.5%");
  });

  it("keeps both trial claims where the requirements put them, switchable in one place", () => {
    expect(trialReading).toBe("per-page");
    expect(trial).toEqual({ setupCallDays: 7, contactDays: 30 });
    expect(trialFor("7-day")).toEqual({ setupCallDays: 7, contactDays: 7 });
    expect(trialFor("30-day")).toEqual({ setupCallDays: 30, contactDays: 30 });
  });
});
