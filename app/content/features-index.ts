/**
 * The /features page, around the feature cards. Apart from features.ts, which the feature cards
 * bring into the chunk every page loads.
 */
export const featuresHero = {
  eyebrow: "Features",
  title: "Everything your front desk does, done by AI",
  lead: "Four capabilities that work together: automation that finishes the job, every channel in one queue, analytics you can act on, and answers to the hard questions.",
} as const;

export const featuresSections = {
  capabilitiesTitle: "Four capabilities, one agent",
  security: { title: "Security & Compliance", lead: "Built for businesses that handle sensitive conversations." },
  guaranteeTitle: "Try it without the risk",
} as const;

export const featuresFinalCta = {
  title: "See the features on your own calls",
  lead: "A short setup call is all it takes to start.",
} as const;
