import { paths, notFoundPrerenderPath } from "@shared/site-routes";
import { brand } from "./brand";
import { assumptions } from "./compare-assumptions";
import { formatCount, formatUsd } from "./format";
import { contactTrialClaim, guarantee, monthlyPrice, terms, usage } from "./pricing";

export type PageSeo = { title: string; description: string };

/** The pages whose title or description quote the monthly price: written for the published one. */
export function priceSeo(monthly: number): Record<string, PageSeo> {
  const price = formatUsd(monthly);
  return {
    [paths.home]: {
      title: `${brand.name}: AI agents that answer every call and text`,
      description:
        `AI agents for voice, SMS, email and social in one queue. Answer every call in seconds, book jobs and meetings, keep recordings and transcripts. Flat ${price} per month.`,
    },
    [paths.pricing]: {
      title: `Pricing: flat ${price} per month, unlimited concurrency | ${brand.name}`,
      description:
        `One flat plan: ${usage.inboundPerDay} inbound interactions per day, unlimited concurrency, recordings and transcripts, and a ${guarantee.title}.`,
    },
  };
}
const todaysPriceSeo = priceSeo(monthlyPrice);

/** Title and meta description of every page, unique per page. */
export const pageSeo: Record<string, PageSeo> = {
  [paths.home]: todaysPriceSeo[paths.home]!,
  [paths.about]: {
    title: `About ${brand.name}: why we exist and who we serve`,
    description: `Our mission, what ${brand.name} does, who we serve, how it works, our values and our founders.`,
  },
  [paths.careers]: {
    title: `Careers at ${brand.name}: build something that matters`,
    description: "Ground-floor roles at an in-office AI startup. See what you'll build and why to join now.",
  },
  [paths.features]: {
    title: `Features: omnichannel AI agents, automation, analytics | ${brand.name}`,
    description:
      "Agentic automation, true omnichannel routing, analytics and QA, and an AI Guru that answers complex questions mid-conversation.",
  },
  [paths.featureAgenticAutomation]: {
    title: `Agentic Automation: intake, qualify, schedule, follow up | ${brand.name}`,
    description: "AI agents that run intake, qualify leads, schedule appointments, confirm them and follow up for you.",
  },
  [paths.featureOmnichannel]: {
    title: `Omnichannel Communications: voice, SMS, email, social | ${brand.name}`,
    description: "Voice, SMS, email and social in one queue, with routing, SLAs and one customer timeline.",
  },
  [paths.featureAnalytics]: {
    title: `Analytics & Insights: QA dashboards and transcripts | ${brand.name}`,
    description: "Built-in analytics and QA dashboards, call recordings and transcripts for every conversation.",
  },
  [paths.featureAiGuru]: {
    title: `AI Guru: answers complex questions in real time | ${brand.name}`,
    description: "An AI co-pilot that answers complex customer questions during live interactions from your knowledge base.",
  },
  [paths.pricing]: todaysPriceSeo[paths.pricing]!,
  [paths.compare]: {
    title: `Compare costs: AI agents vs receptionist vs answering service | ${brand.name}`,
    description:
      `See what an in-house receptionist, a live answering service and other automation tools cost next to a flat AI plan, at ${formatCount(assumptions.interactionsPerMonth.low)} and ${formatCount(assumptions.interactionsPerMonth.high)} interactions a month.`,
  },
  [paths.faq]: {
    title: `FAQ: setup, pricing, interactions and trials | ${brand.name}`,
    description: "Answers to the questions we hear most about setup, pricing, interaction limits and guarantees.",
  },
  [paths.contact]: {
    title: `Contact us and start your ${contactTrialClaim} | ${brand.name}`,
    description: "Tell us about your business and get set up in four steps: forward your number, choose a voice, import FAQs, connect your calendar.",
  },
  [paths.book]: {
    title: `Book your ${terms.setupCallMinutes}-minute setup call | ${brand.name}`,
    description: "Pick a time for a short setup call. We'll cover your use case, your knowledge, your systems and your launch.",
  },
  [paths.enterprise]: {
    title: `Enterprise AI agents with security and SLAs | ${brand.name}`,
    description:
      `Enterprise-grade AI agents: encryption, PII controls, 10DLC registration, a ${terms.uptimeTargetPercent}% uptime target, integrations and a paid pilot.`,
  },
  [paths.industryLaw]: {
    title: `AI receptionist and intake for law firms | ${brand.name}`,
    description: "Answer every prospective client, run intake and book consultations around the clock.",
  },
  [paths.industryTrades]: {
    title: `AI answering for home services and trades | ${brand.name}`,
    description: "Never miss a job: answer calls and texts in seconds, quote, book and confirm appointments.",
  },
  [paths.industryInsurance]: {
    title: `AI agents for insurance agencies | ${brand.name}`,
    description: "Answer policyholders and prospects instantly, qualify leads and book reviews with your agents.",
  },
  [paths.bookDemo]: {
    title: `Book a demo | ${brand.name}`,
    description: "Tell us about your business and we'll set up a 10-minute call.",
  },
  [paths.bookingSuccess]: {
    title: `Booking confirmed | ${brand.name}`,
    description: "Your call is booked. Here is what happens next.",
  },
  [notFoundPrerenderPath]: {
    title: `Page not found | ${brand.name}`,
    description: "The page you were looking for does not exist.",
  },
};
