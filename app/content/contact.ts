import { contactTrialClaim, terms } from "./pricing";

export const contactHero = {
  eyebrow: `Start your ${contactTrialClaim}`,
  title: "Let's get your AI agent answering",
  lead: `Tell us about your business and we'll be in touch within ${terms.contactWithinHours} hours to start your ${contactTrialClaim}.`,
} as const;

/** The four quick-start steps of /contact (spec section 2). */
export const quickStartSteps: { title: string; description: string }[] = [
  { title: "Forward your number", description: "Keep your existing numbers; forward them to your agent in minutes." },
  { title: "Choose AI voice", description: "Pick a natural voice, or a custom multilingual one for your brand." },
  { title: "Import FAQs", description: "Bring in your FAQs, services and prices so answers are yours." },
  { title: "Connect calendar and CRM", description: "Let the agent book appointments and log every conversation." },
];
