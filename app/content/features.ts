import { paths } from "@shared/site-routes";
import type { IconName } from "./icons";
import { terms } from "./pricing";

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

/** The sections every feature page has; each page fills them with its own content (below). */
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

export type FeaturePage = {
  path: string;
  eyebrow: string;
  title: string;
  lead: string;
  capabilities: { title: string; description: string }[];
  steps: { title: string; description: string }[];
  benefits: string[];
};

export const featurePages: Record<FeatureId, FeaturePage> = {
  "agentic-automation": {
    path: paths.featureAgenticAutomation,
    eyebrow: "Agentic Automation",
    title: "An agent that finishes the job, not just the call",
    lead: "Intake, qualify, schedule, confirm, follow-up: the whole workflow runs on its own, around the clock.",
    capabilities: [
      { title: "Intake", description: "Collects the details your team asks for on every call, in a structured record." },
      { title: "Qualify", description: "Asks your screening questions and routes good fits first." },
      { title: "Schedule", description: "Books jobs and meetings straight into your calendar." },
      { title: "Confirm", description: "Sends confirmations and reminders by text and email to cut no-shows." },
      { title: "Follow-up", description: "Checks in after the appointment and re-engages leads that went quiet." },
      { title: "Hand-off", description: "Transfers to a person with the full context when a human touch is needed." },
    ],
    steps: [
      { title: "Map the workflow", description: "Tell us how you take, qualify and book work today." },
      { title: "Set the rules", description: "We configure questions, booking windows and hand-off rules." },
      { title: "Let it run", description: "The agent handles the routine; your team handles the exceptions." },
    ],
    benefits: ["No missed calls after hours", "Fewer no-shows with automatic reminders", "Every lead captured in your CRM"],
  },
  omnichannel: {
    path: paths.featureOmnichannel,
    eyebrow: "Omnichannel Communications",
    title: "Every channel, one queue, one customer timeline",
    lead: "Voice, SMS, email and social arrive in one place, routed by rules you set and measured against your SLAs.",
    capabilities: [
      { title: "Voice", description: "Answers every call in seconds, with unlimited concurrency." },
      { title: "SMS", description: "Two-way texting on 10DLC-registered numbers." },
      { title: "Email", description: "Replies to inbound email with the same knowledge and tone." },
      { title: "Social", description: "Handles direct messages from your social profiles." },
      { title: "Routing and SLAs", description: "Sends each conversation to the right agent or person, on time." },
      { title: "One timeline", description: "See every call, text and message with a customer in one history." },
    ],
    steps: [
      { title: "Connect channels", description: "Forward your numbers and link your inboxes and profiles." },
      { title: "Set routing", description: "Choose who handles what, and the response times you promise." },
      { title: "Work one queue", description: "Your team sees one queue and one timeline per customer." },
    ],
    benefits: ["Customers reach you the way they prefer", "No conversation lost between tools", "Consistent answers on every channel"],
  },
  analytics: {
    path: paths.featureAnalytics,
    eyebrow: "Analytics & Insights",
    title: "Know what every conversation is worth",
    lead: "Recordings, transcripts, dashboards and QA built in, so you can see what callers want and how well they were served.",
    capabilities: [
      { title: "Recordings and transcripts", description: `Every call recorded and transcribed; for example, audio kept ${terms.retention.audioDays} days and transcripts ${terms.retention.transcriptDays} days.` },
      { title: "Dashboards", description: "Volume, outcomes, bookings and response times at a glance." },
      { title: "Quality assurance", description: "Automatic scoring flags conversations that need a human review." },
      { title: "Topics and trends", description: "See the questions and requests that come up most." },
      { title: "Conversion tracking", description: "Follow a call from first ring to booked job." },
      { title: "Exports", description: "Take your data to your own reporting tools." },
    ],
    steps: [
      { title: "Capture", description: "Every interaction is recorded, transcribed and tagged." },
      { title: "Measure", description: "Dashboards and QA scores update as conversations happen." },
      { title: "Improve", description: "We review the findings with you at monthly check-ins." },
    ],
    benefits: ["Proof of what the agent delivers", "Coaching material from real conversations", "Early warning when something changes"],
  },
  "ai-guru": {
    path: paths.featureAiGuru,
    eyebrow: "AI Guru",
    title: "Answers to the hard questions, in the moment",
    lead: "An AI co-pilot that answers complex queries during interactions, drawing on your knowledge base and policies.",
    capabilities: [
      { title: "Knowledge base answers", description: "Pulls the right answer from your documents, FAQs and policies." },
      { title: "Complex queries", description: "Handles multi-part questions without putting the caller on hold." },
      { title: "Co-pilot for staff", description: "Suggests answers and next steps to your team during live conversations." },
      { title: "Multilingual", description: "Understands and answers in your customers' languages, with a custom voice." },
      { title: "Guardrails", description: "Stays within what you've approved and hands off when unsure." },
      { title: "Always current", description: "Update a document and the next answer uses it." },
    ],
    steps: [
      { title: "Import knowledge", description: "Bring in FAQs, price lists, policies and past answers." },
      { title: "Set guardrails", description: "Choose what the agent may say and when to hand off." },
      { title: "Answer live", description: "Callers and staff get accurate answers in seconds." },
    ],
    benefits: ["Fewer call-backs for hard questions", "New staff productive from day one", "Consistent, approved answers"],
  },
};
