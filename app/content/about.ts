import { brand } from "./brand";
import type { IconName } from "./icons";
import { terms } from "./pricing";

export const aboutHero = {
  eyebrow: `About ${brand.name}`,
  title: "Every customer deserves an answer",
  lead: "We give small, owner-led teams the kind of always-on front desk that only large companies could afford.",
  careersCta: "Want to work with us?",
} as const;

export const mission = {
  title: "Why we exist",
  paragraphs: [
    "Small businesses lose work every day to calls that ring out, texts that wait until evening and emails that sit overnight. The owner is on a job site, in court or with a client, and the next customer is already calling a competitor.",
    `Our mission is simple: make sure every call and every message gets a fast, helpful answer, without adding headcount. We are an authorized reseller of ${brand.platformName}, and we do the setup, tuning and support so you don't have to.`,
  ],
} as const;

export const whatWeDo = {
  title: "What we do",
  items: [
    "Answer every call and text in seconds, day and night",
    "Book jobs and meetings straight into your calendar",
    "Keep recordings and transcripts of every conversation",
    "Bring voice, SMS, email and social into one queue",
    "Answer complex questions from your own knowledge base",
    "Report on outcomes with built-in analytics and QA",
  ],
} as const;

export const whoWeServe = {
  title: "Who we serve",
  lead: `Owner-led and operator-led teams of roughly ${terms.targetTeamSize[0]} to ${terms.targetTeamSize[1]} people, plus enterprises that want the same service at scale.`,
  segments: [
    { title: "Law firms", description: "Intake for prospective clients and scheduling for consultations.", icon: "scale" as IconName },
    { title: "Home services and trades", description: "Quotes, bookings and emergency calls while the crew is on the job.", icon: "wrench" as IconName },
    { title: "Insurance agencies", description: "Quote requests, policy questions and review bookings.", icon: "umbrella" as IconName },
    { title: "Enterprises", description: "Contact-centre automation with security, SLAs and integrations.", icon: "building" as IconName },
  ],
} as const;

export const howItWorksTitle = "How it works";

export const valuesTitle = "Our Values";

export const values: { title: string; description: string; icon: IconName }[] = [
  { title: "Customers first", description: "Every design choice starts with the person calling in.", icon: "heart" },
  { title: "Plain pricing", description: "One flat price, published. No surprise per-minute bills.", icon: "target" },
  { title: "Earn trust", description: "A money-back guarantee, because we'd rather prove it than promise it.", icon: "handshake" },
  { title: "Security by default", description: "Encryption, PII controls and consent prompts from day one.", icon: "shield" },
  { title: "Ship and improve", description: "Launch fast, then refine with real conversations every month.", icon: "rocket" },
  { title: "Own the outcome", description: "We measure booked jobs and happy callers, not minutes.", icon: "sparkles" },
];

export const foundersTitle = "The Founders";

/**
 * PLACEHOLDER: the founders. Names, bios and quotes are content to replace before launch; the
 * avatars are initials, not photos.
 */
export const founders: { name: string; role: string; initials: string; bio: string; quote: string }[] = [
  {
    name: "Founder & CEO",
    role: "Chief Executive Officer",
    initials: "CEO",
    bio: "Spent years running a service business and missing the calls that mattered. Leads the company, customers and partnerships.",
    quote: "I started this company because I was the owner who couldn't pick up. Nobody should lose a customer to a voicemail beep.",
  },
  {
    name: "Co-founder & CTO",
    role: "Chief Technology Officer",
    initials: "CTO",
    bio: "Has built contact-centre and voice systems for years. Leads the platform integration, security and the rollout team.",
    quote: "The technology finally sounds human. Our job is to make it reliable, secure and tuned to each business we serve.",
  },
];

export const aboutFinalCta = {
  title: "Let's talk about your front desk",
  lead: "Book a demo, ask about enterprise, or come and build it with us.",
  enterpriseLabel: "Enterprise consult",
  careersLabel: "See careers",
} as const;
