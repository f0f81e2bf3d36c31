/**
 * The comparison assumptions (docs/product.md#comparison-assumptions), on their own so that page
 * titles and descriptions can quote them without loading the cost model (app/content/compare.ts).
 */
export const assumptions = {
  interactionsPerMonth: { low: 400, high: 1200 },
  callMinutes: { low: 3, high: 5 },
  receptionistMonthly: { low: 4800, high: 6500 },
  answeringServiceMonthly: { low: 300, high: 1200 },
  answeringServicePerMinute: { low: 1.5, high: 3 },
  otherAutomationMonthly: { low: 200, high: 1000 },
  roi: { jobsPerWeek: 2, jobValue: 350, weeksPerMonth: 4 },
} as const;
