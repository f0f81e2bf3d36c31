import { formatCount, formatUsdCents } from "../number-format";
import { guaranteeTerms, terms, trial, usage } from "./terms";

/* The term tags' names and values: for the server, which renders FAQ answers, and the studio. Apart
   from terms.ts so that the public pages, which read the terms, do not carry them. */

/**
 * The names an answer's `{% term name="…" /%}` may use, each labelled with what it shows today,
 * as the studio's Insert term lists them. A new name is one more line here and in termValues.
 */
export const termValueLabels = {
  "setup-call-minutes": `Setup call, minutes (${terms.setupCallMinutes})`,
  "demo-minutes": `Full demo, minutes (${terms.setupCallRangeMinutes[0]}–${terms.setupCallRangeMinutes[1]})`,
  "contact-within-hours": `We get in touch within, hours (${terms.contactWithinHours})`,
  "inbound-per-day": `Inbound interactions included per day (${usage.inboundPerDay})`,
  "long-call-minutes": `A call counts as two over, minutes (${usage.longCallMinutes})`,
  "included-sms": `Outbound SMS included per month (${formatCount(usage.includedOutboundSms)})`,
  "sms-price": `Price per SMS past those (${formatUsdCents(usage.smsOverage)})`,
  "outbound-call-price": `Outbound calls, per minute (${formatUsdCents(usage.outboundCallPerMinute)})`,
  "trial-days": `Free trial from a setup call, days (${trial.setupCallDays})`,
  "guarantee-days": `Money-back guarantee, days (${guaranteeTerms.days})`,
  "refund-percent": `Refund of the subscription fee (${guaranteeTerms.refundPercent}%)`,
  "audio-retention-days": `Audio kept, for example, days (${terms.retention.audioDays})`,
  "transcript-retention-days": `Transcripts kept, for example, days (${terms.retention.transcriptDays})`,
  "uptime-target": `Uptime target (${terms.uptimeTargetPercent}%)`,
} as const;
export type TermValueName = keyof typeof termValueLabels;
export const termValueNames = Object.keys(termValueLabels) as TermValueName[];

/** Each term tag's text ("30", "$0.01", "99.9%"): what a rich-text answer renders. */
export function termValues(): Record<TermValueName, string> {
  return {
    "setup-call-minutes": String(terms.setupCallMinutes),
    "demo-minutes": `${terms.setupCallRangeMinutes[0]}–${terms.setupCallRangeMinutes[1]}`,
    "contact-within-hours": String(terms.contactWithinHours),
    "inbound-per-day": formatCount(usage.inboundPerDay),
    "long-call-minutes": String(usage.longCallMinutes),
    "included-sms": formatCount(usage.includedOutboundSms),
    "sms-price": formatUsdCents(usage.smsOverage),
    "outbound-call-price": formatUsdCents(usage.outboundCallPerMinute),
    "trial-days": String(trial.setupCallDays),
    "guarantee-days": String(guaranteeTerms.days),
    "refund-percent": `${guaranteeTerms.refundPercent}%`,
    "audio-retention-days": String(terms.retention.audioDays),
    "transcript-retention-days": String(terms.retention.transcriptDays),
    "uptime-target": `${terms.uptimeTargetPercent}%`,
  };
}
