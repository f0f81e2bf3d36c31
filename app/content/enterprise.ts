import type { IconName } from "./icons";
import { terms } from "./pricing";

export const enterpriseHero = {
  eyebrow: "Enterprise",
  title: "Enterprise-grade AI agents, delivered with you",
  lead: "Automate the contact centre across voice, SMS, email and social, with the security, SLAs and integrations procurement asks for.",
  requestCta: "Send your requirements",
} as const;

export const enterpriseFeaturesTitle = "Built for the enterprise";
export const enterpriseFeatures: { title: string; description: string; icon: IconName }[] = [
  { title: "Agentic automation", description: "Agents that complete workflows end to end: intake, qualification, scheduling, follow-up.", icon: "bot" },
  { title: "True omnichannel", description: "Voice, SMS, email and social in one queue with routing and SLAs.", icon: "channels" },
  { title: "AI Guru co-pilot", description: "Real-time answers for agents and customers from your knowledge.", icon: "brain" },
  { title: "Analytics and QA", description: "Dashboards, recordings, transcripts and automated quality scoring.", icon: "chart" },
  { title: "Unlimited concurrency", description: "Peak days handled without queues or extra headcount.", icon: "users" },
  { title: "Custom multilingual voice", description: "A branded voice that speaks your customers' languages.", icon: "globe" },
  { title: "Security and compliance", description: "Encryption, PII controls, consent prompts and SMS registration.", icon: "shield" },
  { title: `${terms.uptimeTargetPercent}% uptime target`, description: "Monitored around the clock, with an SLA to match.", icon: "clock" },
];

export const businessOutcomesTitle = "Business outcomes";

export const useCasesTitle = "Use cases by team";
export const useCasesByTeam: { team: string; cases: string[] }[] = [
  { team: "Customer service", cases: ["Tier-1 questions answered instantly", "Order and account status", "After-hours coverage"] },
  { team: "Sales", cases: ["Inbound lead qualification", "Meeting booking for reps", "Follow-up on quiet leads"] },
  { team: "Operations", cases: ["Appointment scheduling and reminders", "Dispatch and field updates", "Surveys after service"] },
  { team: "IT and HR", cases: ["Help-desk triage and password resets", "Policy questions from staff", "Onboarding reminders"] },
];

export const integrationsSection = {
  title: "Integrations",
  lead: "We connect the agent to the systems your teams already use.",
} as const;

/** Kinds of systems we connect; named products depend on the platform's connectors. */
export const integrations: string[] = [
  "CRM systems",
  "Help desks and ticketing",
  "Calendars (Google, Microsoft)",
  "Telephony and SIP trunks",
  "SMS with 10DLC registration",
  "Single sign-on (SAML, OIDC)",
  "Data warehouses and BI exports",
  "Webhooks and REST APIs",
];

export const deliveryOptionsTitle = "Two ways to deliver";
export const deliveryOptions: { title: string; description: string; points: string[] }[] = [
  {
    title: "Co-develop on a partner platform",
    description: "We build and run your agents with you on the contact-centre AI platform we resell.",
    points: ["Joint design of workflows and guardrails", "Platform licence through us", "Ongoing tuning and monthly check-ins"],
  },
  {
    title: "Services-only",
    description: "Already have a platform? We bring the know-how to design, integrate and launch on it.",
    points: ["Use-case discovery and design", "Integration and testing", "Launch support and training"],
  },
];

export const securityTitle = "Security & compliance";

export const procurementFaqTitle = "Procurement questions";
export const procurementFaq: { question: string; answer: string }[] = [
  {
    question: "What SLAs do you offer?",
    answer: `A ${terms.uptimeTargetPercent}% uptime target SLA, with response times for support agreed in your contract.`,
  },
  {
    question: "Can we start with a paid pilot?",
    answer: "Yes. A paid pilot on one use case, with success criteria agreed up front, is the usual first step.",
  },
  {
    question: "Do you support SSO and our compliance reviews?",
    answer: "Yes. Single sign-on is supported, and we answer security questionnaires and compliance reviews as part of procurement.",
  },
];

export const enterpriseFormSection = {
  title: "Request an enterprise consultation",
  lead: `Tell us what you want AI to do. We contact you within ${terms.contactWithinHours} hours.`,
} as const;

export const bookDirectly = {
  title: "Prefer to book directly?",
  lead: "Pick a time for a consultation with our enterprise team.",
  cta: "Book a consultation",
} as const;
