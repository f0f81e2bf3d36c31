import { paths } from "@shared/site-routes";
import type { FeatureId } from "./features";
import { terms } from "./pricing";

/*
 * The four feature pages' own words and mock-ups. Apart from features.ts, whose feature cards
 * (home, /features, every feature page) put it in the chunk every page loads: only the four feature
 * pages load this (docs/product.md#design).
 */

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

/*
 * The mock-ups in the feature pages' heroes (docs/product.md#design): a
 * picture of the feature at work, drawn from these words. Each `summary` is the one sentence a
 * screen reader hears in the picture's place.
 *
 * PLACEHOLDER: the people, firms, times and figures in the mock-ups are obviously examples
 * ("Sam Example", "Example data"), to replace before launch with real (permitted) examples.
 */

/** AI Guru: a live call where the agent answers a two-part question and a side panel cites its source. */
export type GuruAnswerMock = {
  summary: string;
  callTitle: string;
  live: string;
  timer: string;
  caller: { name: string; initials: string };
  agentName: string;
  question: string;
  answer: string;
  /** The citation mark after the answer and before the source: "1". */
  citation: string;
  panel: {
    title: string;
    status: string;
    sourceLabel: string;
    document: string;
    section: string;
    excerpt: string;
    /** The part of the excerpt the answer rests on, highlighted. */
    highlight: string;
    updated: string;
    nextStepLabel: string;
    nextStep: string;
  };
};

/** Omnichannel: one inbox where every channel's conversations arrive, and one customer's timeline. */
export type InboxChannel = "voice" | "sms" | "email" | "social";
export type OmnichannelInboxMock = {
  summary: string;
  title: string;
  openLabel: string;
  filters: { all: string; channels: Record<InboxChannel, string> };
  rows: { channel: InboxChannel; name: string; initials: string; preview: string; time: string; outcome: string; sla: string }[];
  timeline: { title: string; events: { channel: InboxChannel; label: string; time: string }[] };
};

/** Analytics: a dashboard tile with the week's figures, a chart of conversations per day and a QA score. */
export type AnalyticsTileMock = {
  summary: string;
  title: string;
  badge: string;
  kpis: { label: string; value: string; note?: string }[];
  chart: { title: string; days: { label: string; conversations: number }[] };
  qa: { title: string; score: number; outOf: number; checks: string[]; flagged: string };
  retentionNote: string;
};

/** Agentic Automation: one request run through the workflow, each step with the tool it used. */
export type AutomationStepIcon = "intake" | "qualify" | "schedule" | "confirm" | "follow-up";
export type AutomationFlowMock = {
  summary: string;
  title: string;
  status: string;
  request: { name: string; initials: string; channel: string; text: string };
  steps: { icon: AutomationStepIcon; title: string; detail: string; tool: string; done: boolean }[];
  pendingLabel: string;
};

const analyticsDays = [
  { label: "Mon", conversations: 71 },
  { label: "Tue", conversations: 64 },
  { label: "Wed", conversations: 58 },
  { label: "Thu", conversations: 66 },
  { label: "Fri", conversations: 79 },
  { label: "Sat", conversations: 44 },
  { label: "Sun", conversations: 30 },
];
const analyticsConversations = analyticsDays.reduce((sum, day) => sum + day.conversations, 0);
const analyticsBooked = 87;
const analyticsQa = { score: 94, outOf: 100, flagged: 2 };

export const featureMockups: {
  "ai-guru": GuruAnswerMock;
  omnichannel: OmnichannelInboxMock;
  analytics: AnalyticsTileMock;
  "agentic-automation": AutomationFlowMock;
} = {
  "ai-guru": {
    summary:
      "Example: during a live call the agent answers a two-part warranty question, and the AI Guru panel shows the policy section the answer came from.",
    callTitle: "Live call",
    live: "Live",
    timer: "01:42",
    caller: { name: "Sam Example", initials: "SE" },
    agentName: "AI agent",
    question: "The water heater you fixed is leaking again. Is the repeat visit covered, and can someone come Saturday?",
    answer: "Yes: a repeat fault within 90 days of the repair is covered at no charge, and Saturday slots are open for warranty visits.",
    citation: "1",
    panel: {
      title: "AI Guru",
      status: "Source cited",
      sourceLabel: "Answer drawn from",
      document: "Service warranty policy",
      section: "Section 2.1 · Repeat visits",
      excerpt: "Repeat visits for the same fault within 90 days of the original repair are covered at no charge, weekend slots included.",
      highlight: "within 90 days of the original repair are covered at no charge",
      updated: "Approved source · updated 3 days ago",
      nextStepLabel: "Next step",
      nextStep: "Offer Saturday 9:00–11:00",
    },
  },
  omnichannel: {
    summary:
      "Example: one inbox holds a call, a text, an email and a social message, each routed and within its response time, with one customer's history across channels.",
    title: "Inbox · every channel",
    openLabel: "4 open",
    filters: { all: "All", channels: { voice: "Voice", sms: "SMS", email: "Email", social: "Social" } },
    rows: [
      { channel: "voice", name: "Sam Example", initials: "SE", preview: "Leak under the sink, needs someone today", time: "now", outcome: "Booked", sla: "Answered in 2 s" },
      { channel: "sms", name: "Pat Sample", initials: "PS", preview: "Can I move Thursday's visit to Friday?", time: "2 min", outcome: "Rescheduled", sla: "Replied in 1 min" },
      { channel: "email", name: "Casey Demo", initials: "CD", preview: "Quote request: new boiler for a 3-bed house", time: "9 min", outcome: "Routed to Sales", sla: "Within 1 h SLA" },
      { channel: "social", name: "Riley Placeholder", initials: "RP", preview: "Do you work weekends?", time: "14 min", outcome: "Answered", sla: "Replied in 1 min" },
    ],
    timeline: {
      title: "Sam Example · one timeline",
      events: [
        { channel: "voice", label: "Call", time: "9:02" },
        { channel: "sms", label: "Text", time: "9:03" },
        { channel: "email", label: "Email", time: "9:30" },
      ],
    },
  },
  analytics: {
    summary:
      `Example: a dashboard tile with the week's conversations, bookings and answer time, a chart of conversations per day, and a QA score of ${analyticsQa.score} out of ${analyticsQa.outOf} with ${analyticsQa.flagged} calls flagged for review.`,
    title: "This week",
    badge: "Example data",
    kpis: [
      { label: "Conversations", value: String(analyticsConversations) },
      { label: "Booked", value: String(analyticsBooked), note: `${Math.round((analyticsBooked / analyticsConversations) * 100)}%` },
      { label: "Avg. answer", value: "2 s" },
    ],
    chart: { title: "Conversations per day", days: analyticsDays },
    qa: {
      title: "QA score",
      score: analyticsQa.score,
      outOf: analyticsQa.outOf,
      checks: ["Greeting and disclosure", "Booking details complete", "Approved answers only"],
      flagged: `${analyticsQa.flagged} calls flagged for review`,
    },
    retentionNote: `Recordings kept ${terms.retention.audioDays} days · transcripts ${terms.retention.transcriptDays} days`,
  },
  "agentic-automation": {
    summary:
      "Example: one service request runs through intake, qualify, schedule, confirm and follow-up, each step done with a tool: the CRM, the screening rules, the calendar, a text message and email.",
    title: "New service request",
    status: "Running",
    request: { name: "Sam Example", initials: "SE", channel: "Call · 11:48 pm", text: "Leak under the kitchen sink" },
    steps: [
      { icon: "intake", title: "Intake", detail: "Name, address and the problem captured", tool: "CRM", done: true },
      { icon: "qualify", title: "Qualify", detail: "In the service area · urgent", tool: "Screening rules", done: true },
      { icon: "schedule", title: "Schedule", detail: "Thu 9:00–11:00 booked", tool: "Calendar", done: true },
      { icon: "confirm", title: "Confirm", detail: "Confirmation and reminder sent", tool: "SMS", done: true },
      { icon: "follow-up", title: "Follow-up", detail: "Review request after the visit", tool: "Email", done: false },
    ],
    pendingLabel: "Queued",
  },
};
