/**
 * The plan's terms: usage limits, the guarantee, the trial, the promises around setup. Code, not
 * studio content (docs/decisions/0904): they change with the contract, not with a campaign, and
 * the pricing maths reads them. app/content/pricing.ts builds the pages' sentences from them, and
 * an FAQ answer quotes one through a term tag (`{% term name="guarantee-days" /%}`, term-values.ts),
 * so no answer types a figure that could fall out of step.
 */

export const usage = {
  inboundPerDay: 100,
  /** Used to turn the daily cap into a monthly one in the cost calculator. */
  daysPerMonth: 30,
  /** Calls longer than this count as two interactions. */
  longCallMinutes: 10,
  includedOutboundSms: 1000,
  smsOverage: 0.01,
  outboundCallPerMinute: 0.02,
  agents: 1,
  supportSessionsPerMonth: 1,
} as const;

export const guaranteeTerms = { days: 30, refundPercent: 100 } as const;

/**
 * The trial: the requirements say "7-day free trial" on the setup-call pages and "30-day trial"
 * on /contact (docs/product.md#guarantees-and-terms). "per-page" keeps both claims where the
 * requirements put them; the other values make the site say one thing everywhere. See
 * docs/decisions/0301-annual-price-and-trial-readings.md.
 */
export type TrialReading = "per-page" | "7-day" | "30-day";
export const trialReading = "per-page" as TrialReading;

export function trialFor(reading: TrialReading) {
  return {
    /** Setup-call pages (/book). */
    setupCallDays: reading === "30-day" ? 30 : 7,
    /** The contact page. */
    contactDays: reading === "7-day" ? 7 : 30,
  };
}

export const trial = trialFor(trialReading);

export const terms = {
  setupCallMinutes: 10,
  setupCallRangeMinutes: [10, 30] as const,
  contactWithinHours: 24,
  uptimeTargetPercent: 99.9,
  targetTeamSize: [3, 20] as const,
  retention: { audioDays: 30, transcriptDays: 180 },
} as const;
