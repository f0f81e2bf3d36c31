import { formatCount, formatUsd, formatUsdCents } from "./format";
import {
  annualPerMonth,
  annualSavings,
  annualYearlyTotal,
  guarantee,
  monthlyPrice,
  overflowOptions,
  setupCallTrialClaim,
  terms,
  usage,
} from "./pricing";

export const faqHero = {
  eyebrow: "FAQ",
  title: "Frequently asked questions",
  lead: "Setup, pricing, limits and guarantees, answered.",
} as const;

/** The list's heading, for screen readers (the page shows the questions under the hero). */
export const faqListHeading = "Questions and answers";

export const faqFinalCta = {
  title: "Still have a question?",
  lead: "Ask us on a short call, or send us a note.",
} as const;

export type FaqEntry = { id: string; question: string; answer: string };

/** The 8 questions of /faq (docs/product.md#faq-page). Answers quote the constants, never retype them. */
export const faqEntries: FaqEntry[] = [
  {
    id: "setup-time",
    question: "How long does setup take?",
    answer: `It starts with a setup call of about ${terms.setupCallMinutes} minutes; a full demo with questions runs ${terms.setupCallRangeMinutes[0]}–${terms.setupCallRangeMinutes[1]} minutes. We contact you within ${terms.contactWithinHours} hours of your request, and most teams go live within days.`,
  },
  {
    id: "price",
    question: "How much does it cost?",
    answer: `One flat plan: ${formatUsd(monthlyPrice)} per month, or ${formatUsd(annualPerMonth)} per month billed ${formatUsd(annualYearlyTotal)} per year, which saves ${formatUsd(annualSavings)}. Onboarding is free.`,
  },
  {
    id: "interactions",
    question: "What counts as an interaction?",
    answer: `Each inbound call, text, email or social message. Up to ${usage.inboundPerDay} inbound interactions per day are included; calls over ${usage.longCallMinutes} minutes count as two, and spam is not counted.`,
  },
  {
    id: "overflow",
    question: "What happens if we go over the daily limit?",
    answer: `Nothing is dropped. You pick the overflow behaviour: ${overflowOptions.map((o) => o.title.toLowerCase()).join(", ")}.`,
  },
  {
    id: "guarantee",
    question: "Is there a free trial or a guarantee?",
    answer: `Yes: a ${setupCallTrialClaim} when you start from a setup call, and a ${guarantee.days}-day money-back guarantee with a ${guarantee.refundPercent}% refund of the subscription fee.`,
  },
  {
    id: "numbers",
    question: "Can we keep our phone numbers?",
    answer: "Yes. You forward your existing numbers to the agent, and you can add as many numbers as you need at no extra cost.",
  },
  {
    id: "extra-costs",
    question: "Are there any extra costs?",
    answer: `${formatCount(usage.includedOutboundSms)} outbound SMS per month are included, then ${formatUsdCents(usage.smsOverage)} per SMS with carrier fees passed through. Outbound calls cost ${formatUsdCents(usage.outboundCallPerMinute)} per minute. Concurrency is unlimited.`,
  },
  {
    id: "data",
    question: "How is our data protected?",
    answer: `Data is encrypted at rest and in transit, with PII controls and consent prompts where required. Retention is yours to set; for example, ${terms.retention.audioDays}-day audio and ${terms.retention.transcriptDays}-day transcripts. We target ${terms.uptimeTargetPercent}% uptime.`,
  },
];
