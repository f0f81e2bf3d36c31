import { describe, expect, it } from "vitest";
import {
  answeringServiceCost,
  assumptions,
  averageCallMinutes,
  estimateCosts,
  formatSavings,
  roi,
  roiMultipleLabel,
  scenarios,
} from "./compare";
import { monthlyPrice } from "./pricing";

describe("comparison model", () => {
  // docs/product.md#comparison-assumptions
  it("reads the required assumptions", () => {
    expect(assumptions.interactionsPerMonth).toEqual({ low: 400, high: 1200 });
    expect(assumptions.callMinutes).toEqual({ low: 3, high: 5 });
    expect(assumptions.receptionistMonthly).toEqual({ low: 4800, high: 6500 });
    expect(assumptions.answeringServiceMonthly).toEqual({ low: 300, high: 1200 });
    expect(assumptions.answeringServicePerMinute).toEqual({ low: 1.5, high: 3 });
    expect(assumptions.otherAutomationMonthly).toEqual({ low: 200, high: 1000 });
    expect(averageCallMinutes).toBe(4);
  });

  it("bills an answering service the plan fee or the minutes at the per-minute rate, whichever is more", () => {
    expect(answeringServiceCost(100)).toEqual({ low: 300, high: 1200 });
    expect(answeringServiceCost(1600)).toEqual({ low: 2400, high: 4800 });
    expect(answeringServiceCost(4800)).toEqual({ low: 7200, high: 14400 });
  });

  it("builds the ~400 and ~1,200 scenarios at the 4-minute midpoint", () => {
    const [light, busy] = scenarios;
    expect(light.estimate.interactions).toBe(400);
    expect(light.estimate.minutesPerMonth).toBe(1600);
    expect(light.estimate.alternatives["answering-service"]).toEqual({ low: 2400, high: 4800 });
    expect(light.estimate.savings.receptionist).toEqual({ low: 4800 - monthlyPrice, high: 6500 - monthlyPrice });
    expect(busy.estimate.interactions).toBe(1200);
    expect(busy.estimate.alternatives["answering-service"]).toEqual({ low: 7200, high: 14400 });
    expect(busy.estimate.overDailyCap).toBe(false);
  });

  it("the calculator reproduces the scenarios at 400 and 1,200 interactions", () => {
    for (const scenario of scenarios) {
      expect(estimateCosts(scenario.estimate.interactions, averageCallMinutes)).toEqual(scenario.estimate);
    }
  });

  it("counts calls over 10 minutes as two interactions and flags volume past the daily inclusion", () => {
    expect(estimateCosts(1500, 10).countedInteractions).toBe(1500);
    const long = estimateCosts(1500, 12);
    expect(long.countedInteractions).toBe(3000);
    expect(long.countedPerDay).toBe(100);
    expect(long.overDailyCap).toBe(false);
    expect(estimateCosts(1600, 12).overDailyCap).toBe(true);
  });

  it("states savings in both directions", () => {
    expect(formatSavings({ low: 4001, high: 5701 })).toBe("$4,001–$5,701 less");
    expect(formatSavings({ low: -599, high: 201 })).toBe("$599 more to $201 less");
    expect(formatSavings({ low: -500, high: -100 })).toBe("$100–$500 more");
  });

  it("gives the required ROI example: 2 jobs a week at $350 is $2,800 a month, 3.5x the fee", () => {
    expect(roi.recoveredPerMonth).toBe(2800);
    expect(roiMultipleLabel).toBe("3.5x");
    expect(roi.breakEvenJobs).toBe(3);
  });
});
