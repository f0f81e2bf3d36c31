import { contactTrialClaim, terms } from "./pricing";

export const contactHero = {
  eyebrow: `Start your ${contactTrialClaim}`,
  title: "Let's get your AI agent answering",
  lead: `Tell us about your business and we'll be in touch within ${terms.contactWithinHours} hours to start your ${contactTrialClaim}.`,
} as const;

export const quickStartTitle = "Quick start in four steps";

/** The four quick-start steps of /contact (docs/product.md#contact-page). */
export const quickStartSteps: { title: string; description: string }[] = [
  { title: "Forward your number", description: "Keep your existing numbers; forward them to your agent in minutes." },
  { title: "Choose AI voice", description: "Pick a natural voice, or a custom multilingual one for your brand." },
  { title: "Import FAQs", description: "Bring in your FAQs, services and prices so answers are yours." },
  { title: "Connect calendar and CRM", description: "Let the agent book appointments and log every conversation." },
];

/** Direct contact details beside the form. */
export const talkToUs = {
  title: "Talk to us",
  lead: `Prefer to reach us directly? We answer within ${terms.contactWithinHours} hours.`,
  /** Read by screen readers before the address and the number. */
  emailLabel: "Email: ",
  phoneLabel: "Phone: ",
  replyTime: `Reply within ${terms.contactWithinHours} hours`,
  /** Followed by a link to /book. */
  schedulePrompt: "Rather pick a time yourself?",
  scheduleLabel: "Book a setup call",
} as const;

export const contactFormTitle = "Tell us about your business";
