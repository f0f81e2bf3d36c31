import type { IconName } from "./icons";
import { terms } from "./pricing";

/**
 * Outcomes the platform vendor reports; pages label them as vendor-reported
 * (docs/product.md#vendor-reported-outcomes).
 */
export const outcomesLabel = "Vendor-reported outcomes";
export const outcomesTitle = "Results teams report";
export const outcomesFootnote = "Figures reported by the platform vendor across its customers; your results will vary.";
export const outcomes: { value: string; label: string }[] = [
  { value: "8x", label: "faster resolutions" },
  { value: "7x", label: "higher retention" },
  { value: "+9.5%", label: "annual revenue" },
  { value: "+30%", label: "customer lifetime value" },
  { value: "5x", label: "engagement" },
];

/** The guided 4-step rollout (home strip, about page's how-it-works). */
export const rolloutSteps: { title: string; description: string }[] = [
  { title: "Understand the use case", description: "A short call to map the calls, texts and jobs that matter most to you." },
  { title: "Bring in knowledge", description: "We load your FAQs, services, prices and policies into the agent's knowledge base." },
  { title: "Tie in systems", description: "Connect your calendar, CRM and phone numbers so the agent can book and log work." },
  { title: "Launch and refine", description: "Go live, review transcripts together and tune the agent at monthly check-ins." },
];

/**
 * Security and compliance points (docs/product.md#security-and-compliance-points: the enterprise
 * page; also the features panel).
 */
export const securityPoints: { title: string; description: string; icon: IconName }[] = [
  { title: "Consent prompts where required", description: "Recording and AI-disclosure prompts play where the law asks for them.", icon: "mic" },
  { title: "Encryption at rest and in transit", description: "Recordings, transcripts and customer data are encrypted everywhere they live and move.", icon: "lock" },
  { title: "PII controls", description: "Redaction and access controls keep personal data to the people who need it.", icon: "shield" },
  { title: "10DLC registration for SMS", description: "Business texting is registered with US carriers so your messages get delivered.", icon: "message" },
  { title: `${terms.uptimeTargetPercent}% uptime target SLA`, description: "A service-level target backed by monitoring and an on-call team.", icon: "clock" },
];
