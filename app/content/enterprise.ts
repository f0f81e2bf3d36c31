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

/** What an integration is for; the diagram draws each kind with its own icon. */
export type IntegrationKind = "telephony" | "sms" | "sso" | "api" | "crm" | "helpdesk" | "calendar" | "warehouse";

/**
 * The integrations diagram (docs/product.md#design): the agent in the middle, how calls, texts and
 * people reach it on one side, the systems its work lands in on the other. Kinds of systems we
 * connect; named products depend on the platform's connectors.
 */
export const integrationsDiagram = {
  hub: { title: "Your AI agent", detail: "on the contact-centre platform" },
  groups: [
    {
      title: "Channels and access",
      items: [
        { name: "Telephony and SIP trunks", kind: "telephony" },
        { name: "SMS with 10DLC registration", kind: "sms" },
        { name: "Single sign-on (SAML, OIDC)", kind: "sso" },
        { name: "Webhooks and REST APIs", kind: "api" },
      ],
    },
    {
      title: "Where the work lands",
      items: [
        { name: "CRM systems", kind: "crm" },
        { name: "Help desks and ticketing", kind: "helpdesk" },
        { name: "Calendars (Google, Microsoft)", kind: "calendar" },
        { name: "Data warehouses and BI exports", kind: "warehouse" },
      ],
    },
  ],
} as const satisfies {
  hub: { title: string; detail: string };
  groups: readonly { title: string; items: readonly { name: string; kind: IntegrationKind }[] }[];
};

/** The integrations list (docs/product.md#enterprise-page), in the diagram's order. */
export const integrations: string[] = integrationsDiagram.groups.flatMap((group) => group.items.map((item) => item.name));

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
export const securityLead = "The path every call takes, where recordings live, where personal data is redacted, and what protects each step.";

/**
 * The data-flow diagram at the top of the security section (docs/product.md#design). Its wording
 * describes the platform's controls as the security points state them (encryption at rest and in
 * transit, PII redaction and access controls, consent prompts); confirm it against the platform's
 * data-processing terms before launch.
 */
export const dataFlow = {
  /** The accessible name of the ordered list of stages. */
  label: "The path of a call",
  stages: [
    { name: "Caller", detail: "Your customer calls, texts, emails or sends a social message." },
    { name: "Telephony", detail: "Your numbers or SIP trunk carry the call. Consent prompts play where required." },
    { name: "AI agent", detail: "Answers, qualifies and books from your knowledge base, and writes the transcript." },
    { name: "Your systems", detail: "Bookings, tickets and call notes land in your CRM, help desk and calendar." },
  ],
  transit: "Every step encrypted in transit",
  /** Said before the two notes below on a phone, where no line joins them to the agent. */
  branch: "What the AI agent keeps:",
  redaction: {
    title: "Where personal data is redacted",
    detail: "Between the agent and storage: the personal details you mark as sensitive are masked in transcripts before they are kept or shown in analytics.",
  },
  recordings: {
    title: "Where recordings live",
    detail: "On the contact-centre platform, encrypted at rest. Your team plays recordings and reads transcripts in the dashboard, with access by role.",
  },
} as const satisfies {
  label: string;
  stages: readonly [DataFlowStage, DataFlowStage, DataFlowStage, DataFlowStage];
  transit: string;
  branch: string;
  redaction: { title: string; detail: string };
  recordings: { title: string; detail: string };
};
type DataFlowStage = { name: string; detail: string };

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
