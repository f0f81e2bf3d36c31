import { brand } from "./brand";
import { formatUsd } from "./format";
import { reassurance } from "./calls-to-action";
import { guarantee, monthlyPrice, usage } from "./pricing";

/** The hero's first highlight, from the published monthly price (app/lib/published-prices.ts). */
export const flatPriceHighlight = (monthly: number) => `Flat ${formatUsd(monthly)} per month`;

export const homeHero = {
  eyebrow: `Authorized reseller of ${brand.platformName}`,
  title: "AI agents that answer every call and text in seconds",
  lead: "Book jobs and meetings around the clock, in one queue for voice, SMS, email and social, with recordings and transcripts of every conversation.",
  guaranteeBadge: guarantee.title,
  /**
   * The reassurance line under Book demo without its guarantee clause: the money-back badge sits
   * beside it, and saying the guarantee twice in one line reads as a slip (docs/product.md#design).
   */
  note: reassurance.bookDemo
    .split(" · ")
    .filter((clause) => clause !== guarantee.title)
    .join(" · "),
  highlights: [
    flatPriceHighlight(monthlyPrice),
    `${usage.inboundPerDay} inbound interactions per day included`,
    "Unlimited concurrency",
    "Custom multilingual voice",
  ],
} as const;

export const trustedByLabel = "Trusted by teams like";

/**
 * PLACEHOLDER: six example customer names, obviously examples, to replace with real customers
 * (with their permission) before launch.
 */
export const trustedByNames: string[] = [
  "Example Law Group",
  "Sample Plumbing Co.",
  "Demo Insurance Agency",
  "Placeholder HVAC",
  "Example Roofing & Sons",
  "Sample Family Dental",
];

export const featureStrip = {
  eyebrow: "What the agent does",
  title: "One agent for every conversation",
  lead: "Answers in seconds, books the work, and keeps a record of everything, on every channel.",
  exploreLabel: "Explore all features",
} as const;

export const rolloutStrip = {
  eyebrow: "Guided rollout",
  title: "Live in four guided steps",
  lead: "A guided rollout with your team: most businesses answer their first calls with the agent within days.",
} as const;
