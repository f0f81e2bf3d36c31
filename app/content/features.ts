import { paths } from "@shared/site-routes";
import type { IconName } from "./icons";

export type FeatureId = "agentic-automation" | "omnichannel" | "analytics" | "ai-guru";

/** The four feature cards of the home page and /features (docs/product.md#feature-cards). */
export const featureCards: { id: FeatureId; title: string; description: string; to: string; icon: IconName }[] = [
  {
    id: "agentic-automation",
    title: "Agentic Automation",
    description: "Intake, qualify, schedule, confirm, follow-up: the agent does the work, not just the talking.",
    to: paths.featureAgenticAutomation,
    icon: "bot",
  },
  {
    id: "omnichannel",
    title: "True Omnichannel",
    description: "Voice, SMS, email and social, with routing, SLAs and one customer timeline.",
    to: paths.featureOmnichannel,
    icon: "channels",
  },
  {
    id: "analytics",
    title: "Analytics & QA",
    description: "Recordings, transcripts, dashboards and quality reviews for every conversation.",
    to: paths.featureAnalytics,
    icon: "chart",
  },
  {
    id: "ai-guru",
    title: "AI Guru",
    description: "Answers complex queries during interactions, straight from your own knowledge.",
    to: paths.featureAiGuru,
    icon: "brain",
  },
];

/** Each feature card ends with this (the whole card is the link). */
export const featureCardMore = "Learn more";

/** The sections every feature page has; each page fills them with its own content (feature-pages.ts). */
export const featurePageSections = {
  capabilitiesTitle: "What it does",
  stepsTitle: "How it works",
  benefitsTitle: "Why it matters",
  moreFeaturesTitle: "Explore more features",
  finalCta: {
    title: "See it on your own calls",
    lead: "Book a short setup call, or tell us about your business and we'll be in touch.",
  },
} as const;
