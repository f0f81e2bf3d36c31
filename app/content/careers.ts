import type { IconName } from "./icons";

export const careersHero = {
  badge: "Ground Floor Opportunity",
  title: "Build Something That Matters",
  lead: "We're a small, in-office team putting AI agents to work for the businesses that keep towns running. Join early and shape what we become.",
} as const;

export const journey = {
  title: "The Journey",
  paragraphs: [
    "We started with one question: why do great small businesses still lose customers to unanswered phones? AI voice finally got good enough to fix that, so we set out to do it properly.",
    "Today we help law firms, trades and insurance agencies answer every call and message. Tomorrow we want every owner-led business to have a front desk that never sleeps.",
  ],
} as const;

export const careerValuesTitle = "Our Values";
export const careerValues: { title: string; description: string; icon: IconName }[] = [
  { title: "Customers first", description: "We listen to real calls and fix real problems.", icon: "heart" },
  { title: "Ownership", description: "Everyone owns outcomes, not tasks.", icon: "target" },
  { title: "Candour", description: "We say what we think, kindly and early.", icon: "message" },
  { title: "Craft", description: "Small details decide whether a caller trusts the agent.", icon: "sparkles" },
];

export const whatYoullBuildTitle = "What You'll Build";
export const whatYoullBuild: { title: string; description: string; icon: IconName }[] = [
  { title: "Voice agents", description: "Agents that sound natural, book work and know when to hand off.", icon: "phone" },
  { title: "Integrations", description: "Connections to calendars, CRMs and phone systems our customers rely on.", icon: "plug" },
  { title: "Analytics", description: "Dashboards and QA that show owners what every call was worth.", icon: "chart" },
  { title: "Rollout playbooks", description: "The process that takes a new customer live in days.", icon: "rocket" },
];

export const whyJoinNowTitle = "Why Join Now";
export const whyJoinNow: { title: string; description: string; icon: IconName }[] = [
  { title: "Ground-floor impact", description: "Your work shapes the product, the team and the culture.", icon: "building" },
  { title: "Real ownership", description: "Early roles come with real responsibility and a real stake.", icon: "handshake" },
  { title: "Learn fast", description: "Work across product, customers and technology every week.", icon: "brain" },
  { title: "A market that's ready", description: "Every small business has a phone that rings when nobody can answer.", icon: "target" },
];

export const inOffice = {
  title: "In-Office. By Design.",
  paragraphs: [
    "We work together in person. Early-stage problems get solved fastest at a whiteboard, and the best way to learn is to sit next to the people doing the work.",
    "Expect a focused team, quick decisions and lunches where the product roadmap gets argued over.",
  ],
} as const;

export const readyToBuild = {
  title: "Ready to Build?",
  lead: "No open job board yet: tell us who you are and what you'd like to build, and we'll talk.",
  cta: "Start the Conversation",
  mailSubject: "Careers: I'd like to build with you",
  /** Before the careers email address, under the button. */
  writeTo: "Or write to",
} as const;

/** The open roles, under the page's sections and before "Ready to Build?" (docs/decisions/0905). */
export const openRoles = {
  title: "Open Roles",
  lead: "The roles we are hiring for now. Each one closes on its date.",
  closes: "Closes on",
} as const;

/** "Ready to Build?"'s lead while roles are open (today's says there is no job board yet). */
export const readyToBuildWithRoles = "Don't see your role above? Tell us who you are and what you'd like to build, and we'll talk.";
