import { formatCount, formatUsd, formatUsdCents, formatUsdRange } from "./format";
import { guarantee, monthlyPrice, overflowOptions, usage } from "./pricing";
import { assumptions } from "./compare-assumptions";

/**
 * The comparison assumptions (docs/product.md#comparison-assumptions) and the cost model built
 * on them (docs/decisions/0302-compare-cost-model.md). The calculator on /compare (which shows
 * the two scenarios, with their bars) and the ROI cards call these functions, so the calculator
 * at 400 and 1,200 interactions reproduces the scenarios by construction.
 */

export type Range = { low: number; high: number };

export { assumptions };

/** The call length the scenarios use: the middle of the 3–5 minute assumption. */
export const averageCallMinutes = (assumptions.callMinutes.low + assumptions.callMinutes.high) / 2;

export type AlternativeId = "receptionist" | "answering-service" | "other-automation";

export type Alternative = {
  id: AlternativeId;
  name: string;
  summary: string;
  pricingModel: string;
  drawbacks: string[];
};

export const alternatives: Alternative[] = [
  {
    id: "receptionist",
    name: "In-house receptionist",
    summary: "A salaried person at the front desk: personal, but one call at a time and only during office hours.",
    pricingModel: `${formatUsdRange(assumptions.receptionistMonthly.low, assumptions.receptionistMonthly.high)} per month in salary, taxes and benefits`,
    drawbacks: ["One conversation at a time", "Office hours only; sick days and turnover", "No transcripts or QA by default"],
  },
  {
    id: "answering-service",
    name: "Live answering service",
    summary: "A shared pool of operators who take messages for many businesses, billed by the minute.",
    pricingModel: `${formatUsd(assumptions.answeringServiceMonthly.low)}–${formatUsd(assumptions.answeringServiceMonthly.high)}+ per month, with ${formatUsdCents(assumptions.answeringServicePerMinute.low)}–${formatUsdCents(assumptions.answeringServicePerMinute.high)} per minute overages`,
    drawbacks: ["Per-minute overages grow with every busy month", "Scripts, not your knowledge base", "Messages to return, not booked jobs"],
  },
  {
    id: "other-automation",
    name: "Other automation tools",
    summary: "Phone trees, chatbots and single-channel bots you wire together yourself.",
    pricingModel: `${formatUsdRange(assumptions.otherAutomationMonthly.low, assumptions.otherAutomationMonthly.high)} per month, often per tool`,
    drawbacks: ["One channel per tool", "Rigid menus that frustrate callers", "You build and maintain the flows"],
  },
];

/**
 * What a live answering service charges: the plan fee buys minutes at the per-minute rate, and
 * every minute past that is an overage at the same rate. The low estimate pairs the cheapest
 * plan with the lowest rate, the high estimate the dearest plan with the highest rate.
 */
export function answeringServiceCost(minutesPerMonth: number): Range {
  const { answeringServiceMonthly: fee, answeringServicePerMinute: rate } = assumptions;
  return {
    low: Math.max(fee.low, minutesPerMonth * rate.low),
    high: Math.max(fee.high, minutesPerMonth * rate.high),
  };
}

export type CostEstimate = {
  interactions: number;
  averageMinutes: number;
  minutesPerMonth: number;
  /** Interactions as our plan counts them (calls over 10 minutes count twice). */
  countedInteractions: number;
  /** Counted interactions per day, against the plan's daily inclusion. */
  countedPerDay: number;
  overDailyCap: boolean;
  flatPlan: number;
  alternatives: Record<AlternativeId, Range>;
  /** What the flat plan saves against each alternative (negative: it costs more). */
  savings: Record<AlternativeId, Range>;
};

/** `flatPlan`: the published monthly price (app/lib/published-prices.ts); today's by default. */
export function estimateCosts(interactions: number, averageMinutes = averageCallMinutes, flatPlan = monthlyPrice): CostEstimate {
  const minutesPerMonth = interactions * averageMinutes;
  const countedInteractions = averageMinutes > usage.longCallMinutes ? interactions * 2 : interactions;
  const countedPerDay = countedInteractions / usage.daysPerMonth;
  const costs: Record<AlternativeId, Range> = {
    receptionist: { ...assumptions.receptionistMonthly },
    "answering-service": answeringServiceCost(minutesPerMonth),
    "other-automation": { ...assumptions.otherAutomationMonthly },
  };
  const savings = Object.fromEntries(
    Object.entries(costs).map(([id, range]) => [id, { low: range.low - flatPlan, high: range.high - flatPlan }]),
  ) as Record<AlternativeId, Range>;
  return {
    interactions,
    averageMinutes,
    minutesPerMonth,
    countedInteractions,
    countedPerDay,
    overDailyCap: countedPerDay > usage.inboundPerDay,
    flatPlan,
    alternatives: costs,
    savings,
  };
}

/** How a saving range reads: "$4,001–$5,701 less", or both directions when it straddles zero. */
export function formatSavings(range: Range): string {
  if (range.low >= 0) return `${formatUsdRange(range.low, range.high)} less`;
  if (range.high <= 0) return `${formatUsdRange(-range.high, -range.low)} more`;
  return `${formatUsd(-range.low)} more to ${formatUsd(range.high)} less`;
}

/** The two typical months of docs/product.md#cost-comparison: about 400 and about 1,200 interactions. */
export type Scenario = { id: "light" | "busy"; name: string; estimate: CostEstimate };

export const scenariosOf = (flatPlan: number): Scenario[] => [
  {
    id: "light",
    name: "A quiet month",
    estimate: estimateCosts(assumptions.interactionsPerMonth.low, averageCallMinutes, flatPlan),
  },
  {
    id: "busy",
    name: "A busy month",
    estimate: estimateCosts(assumptions.interactionsPerMonth.high, averageCallMinutes, flatPlan),
  },
];
export const scenarios = scenariosOf(monthlyPrice);

const { jobsPerWeek, jobValue, weeksPerMonth } = assumptions.roi;
export const roiOf = (flatPlan: number) => ({
  jobsPerWeek,
  jobValue,
  weeksPerMonth,
  recoveredPerMonth: jobsPerWeek * jobValue * weeksPerMonth,
  /** 2,800 / 799 = 3.5x the fee. */
  multiple: (jobsPerWeek * jobValue * weeksPerMonth) / flatPlan,
  /** Jobs a month that pay for the plan. */
  breakEvenJobs: Math.ceil(flatPlan / jobValue),
});
export const roi = roiOf(monthlyPrice);
export const roiMultipleLabel = `${roi.multiple.toFixed(1)}x`;

export type ComparisonCell = boolean | string;
export const comparisonColumns = ["Our AI agents", "In-house receptionist", "Live answering service", "Other automation tools"] as const;

/**
 * The figures of /compare that follow the monthly price (decision 0904): computed from the
 * published price on every render, never stored. The constants below are today's price's.
 */
export function compareFiguresOf(flatPlan: number) {
  const roi = roiOf(flatPlan);
  const roiMultipleLabel = `${roi.multiple.toFixed(1)}x`;
  const roiCards: { title: string; value: string; description: string }[] = [
    {
      title: "Recovered revenue",
      value: `${formatUsd(roi.recoveredPerMonth)}/mo`,
      description: `${roi.jobsPerWeek} extra jobs a week at ${formatUsd(roi.jobValue)} each, over ${roi.weeksPerMonth} weeks.`,
    },
    {
      title: "Return on the fee",
      value: roiMultipleLabel,
      description: `${formatUsd(roi.recoveredPerMonth)} recovered against a flat ${formatUsd(flatPlan)} a month.`,
    },
    {
      title: "Break-even",
      value: `${roi.breakEvenJobs} jobs/mo`,
      description: `${roi.breakEvenJobs} booked jobs at ${formatUsd(roi.jobValue)} cover the whole month's plan.`,
    },
  ];

  const comparisonRows: { label: string; cells: [ComparisonCell, ComparisonCell, ComparisonCell, ComparisonCell] }[] = [
    {
      label: "Monthly cost",
      cells: [
        `${formatUsd(flatPlan)} flat`,
        formatUsdRange(assumptions.receptionistMonthly.low, assumptions.receptionistMonthly.high),
        `${formatUsd(assumptions.answeringServiceMonthly.low)}–${formatUsd(assumptions.answeringServiceMonthly.high)}+`,
        formatUsdRange(assumptions.otherAutomationMonthly.low, assumptions.otherAutomationMonthly.high),
      ],
    },
    {
      label: "Per-minute overages",
      cells: [
        "None",
        "None",
        `${formatUsdCents(assumptions.answeringServicePerMinute.low)}–${formatUsdCents(assumptions.answeringServicePerMinute.high)}/min`,
        "Varies",
      ],
    },
    { label: "Answers 24/7", cells: [true, false, true, true] },
    { label: "Unlimited concurrency", cells: [true, false, "Limited by staff", "Varies"] },
    { label: "Voice, SMS, email and social in one queue", cells: [true, false, false, false] },
    { label: "Books jobs and meetings", cells: [true, true, "Takes messages", "Basic"] },
    { label: "Recordings and transcripts", cells: [true, false, "Sometimes", "Varies"] },
    { label: "Analytics and QA", cells: [true, false, false, "Basic"] },
    { label: "Custom multilingual voice", cells: [true, "Depends on hire", "Extra cost", false] },
    { label: "Answers from your knowledge base", cells: [true, true, false, false] },
    { label: "Money-back guarantee", cells: [`${guarantee.days} days`, false, false, "Rarely"] },
  ];

  const costFaq: { question: string; answer: string }[] = [
    {
      question: "What counts as an interaction?",
      answer: `Each inbound call, text, email or social message the agent handles. Calls over ${usage.longCallMinutes} minutes count as two interactions, and spam is not counted.`,
    },
    {
      question: `What happens after ${usage.inboundPerDay} interactions in a day?`,
      answer: `Nothing is dropped. You choose the overflow behaviour: ${overflowOptions.map((o) => o.title.toLowerCase()).join(", or ")}.`,
    },
    {
      question: "Are there per-minute charges?",
      answer: `Not for inbound conversations: the plan is a flat ${formatUsd(flatPlan)} a month. Outbound calls cost ${formatUsdCents(usage.outboundCallPerMinute)} per minute, and SMS beyond ${formatCount(usage.includedOutboundSms)} a month cost ${formatUsdCents(usage.smsOverage)} each, with carrier fees passed through.`,
    },
    {
      question: "How did you estimate the alternatives?",
      answer: `From typical market prices: a receptionist at ${formatUsdRange(assumptions.receptionistMonthly.low, assumptions.receptionistMonthly.high)} a month, an answering service at ${formatUsd(assumptions.answeringServiceMonthly.low)}–${formatUsd(assumptions.answeringServiceMonthly.high)}+ with per-minute overages, and automation tools at ${formatUsdRange(assumptions.otherAutomationMonthly.low, assumptions.otherAutomationMonthly.high)}. Your own quotes may differ; the calculator lets you try your numbers.`,
    },
  ];

  const assumptionList: string[] = [
    `${formatCount(assumptions.interactionsPerMonth.low)}–${formatCount(assumptions.interactionsPerMonth.high)} interactions per month.`,
    `Calls of ${assumptions.callMinutes.low}–${assumptions.callMinutes.high} minutes; the scenarios use the ${averageCallMinutes}-minute midpoint.`,
    `In-house receptionist: ${formatUsdRange(assumptions.receptionistMonthly.low, assumptions.receptionistMonthly.high)} per month.`,
    `Live answering service: ${formatUsd(assumptions.answeringServiceMonthly.low)}–${formatUsd(assumptions.answeringServiceMonthly.high)}+ per month, with ${formatUsdCents(assumptions.answeringServicePerMinute.low)}–${formatUsdCents(assumptions.answeringServicePerMinute.high)} per minute overages (the plan fee buys minutes at that rate).`,
    `Other automation tools: ${formatUsdRange(assumptions.otherAutomationMonthly.low, assumptions.otherAutomationMonthly.high)} per month.`,
    `ROI example: ${roi.jobsPerWeek} jobs per week at ${formatUsd(roi.jobValue)} gives ${formatUsd(roi.recoveredPerMonth)} per month, ${roiMultipleLabel} the fee.`,
  ];

  const compareHero = {
    eyebrow: "Compare costs",
    title: "What answering every call really costs",
    lead: `A receptionist, an answering service or a patchwork of tools, next to one flat ${formatUsd(flatPlan)} a month.`,
    watchDemoLabel: "Watch demo",
  } as const;

  return { roi, roiMultipleLabel, roiCards, comparisonRows, costFaq, assumptionList, compareHero, scenarios: scenariosOf(flatPlan) };
}
export const { roiCards, comparisonRows, costFaq, assumptionList, compareHero } = compareFiguresOf(monthlyPrice);

/* The /compare page's own words, section by section. */


export const alternativesSection = {
  title: "The usual alternatives",
  lead: "Each gets the phone answered. None does everything, and the costs add up differently.",
  /** The cards scroll sideways on a phone. */
  regionLabel: "The usual alternatives, scrolls sideways on a phone",
} as const;

export const comparisonTable = {
  title: "Side by side",
  /** Shown on phones, where the table scrolls sideways. */
  swipeHint: "Swipe the table for every option",
  regionLabel: "Comparison table, scrolls sideways",
  caption: "Our AI agents compared with the alternatives",
  featureColumn: "Feature",
  yes: "Yes",
  no: "No",
} as const;

/** Under a cost: what the flat plan saves against it ("Flat plan: $4,001–$5,701 less", from formatSavings). */
export const flatPlanSaving = (saving: string) => `Flat plan: ${saving}`;

export const roiSection = {
  title: "The return on one booked job",
  lead: "Answering the calls you miss today pays for the plan quickly.",
} as const;

/** The calculator's input limits: the messages below quote them. */
export const calculatorLimits = { interactions: { min: 1, max: 100_000 }, minutes: { min: 0.5, max: 60 } } as const;

const { interactions: interactionLimits, minutes: minuteLimits } = calculatorLimits;

/**
 * The calculator leads the page and is the one view of the scenarios: it opens on the quiet month
 * and shows the busy month beside whatever is entered, every figure with a bar to one scale
 * (docs/product.md#design).
 */
export const calculatorSection = {
  title: "Try your own numbers",
  lead: `Start from a quiet month of about ${formatCount(assumptions.interactionsPerMonth.low)} interactions or enter your own, beside a busy month of about ${formatCount(assumptions.interactionsPerMonth.high)}.`,
} as const;

export const calculator = {
  formLabel: "Cost calculator",
  interactionsLabel: "Interactions per month",
  interactionsHint: `Calls, texts, emails and messages: ${formatCount(interactionLimits.min)} to ${formatCount(interactionLimits.max)}.`,
  minutesLabel: "Average call length (minutes)",
  minutesHint: `From ${minuteLimits.min} to ${minuteLimits.max} minutes.`,
  /** The form's submit button: the figures follow the inputs as they are typed; it takes the visitor to them. */
  submitLabel: "Calculate",
  /** In place of the inputs in a browser without JavaScript, which cannot do the arithmetic. */
  noScript: "Turn on JavaScript to work out your own numbers; below, the figures for a quiet and a busy month.",
  caption: "Monthly cost of each option for your numbers and for a busy month, and what our flat plan saves against it",
  /** The first column's heading once the numbers differ from the quiet month's. */
  yourNumbers: "Your numbers",
  /** Under a column's heading. */
  volume: (estimate: CostEstimate) =>
    `${formatCount(estimate.interactions)} interactions, ${formatCount(estimate.minutesPerMonth)} call minutes`,
  flatPlanRow: "Our flat plan",
  /** Under the flat plan's figure. */
  flatPlanNote: "Flat, whatever the minutes",
  /** A figure the entered numbers cannot give. */
  noFigure: "—",
  barsNote: "Per-minute billing grows with every busy month; a flat fee does not. Bars share one scale, dark to the low estimate and light to the high.",
  usage: (estimate: CostEstimate) =>
    `${formatCount(estimate.minutesPerMonth)} call minutes a month. On our plan that is about ${formatCount(Math.ceil(estimate.countedPerDay))} interactions a day of the ${usage.inboundPerDay} included${estimate.averageMinutes > usage.longCallMinutes ? ` (calls over ${usage.longCallMinutes} minutes count twice)` : ""}.`,
  overDailyCap: `That is above the daily inclusion: overflow goes to ${overflowOptions.map((o) => o.title.toLowerCase()).join(", ")}, as you choose. Talk to us about an enterprise plan for this volume.`,
  invalid: `Enter ${formatCount(interactionLimits.min)}–${formatCount(interactionLimits.max)} interactions and ${minuteLimits.min}–${minuteLimits.max} minutes to see the costs.`,
} as const;

/** The entries of /faq repeated under "General questions". */
export const generalFaqIds: readonly string[] = ["setup-time", "guarantee", "numbers", "data"];

export const faqSections = { cost: "Cost questions", general: "General questions" } as const;

export const assumptionsTitle = "Our assumptions";

export const compareFinalCta = {
  title: "See the savings on your own calls",
  lead: "A short demo shows the agent answering, booking and reporting on calls like yours.",
} as const;
