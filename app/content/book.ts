import { setupCallTrialClaim, terms } from "./pricing";

export const bookHero = {
  eyebrow: setupCallTrialClaim,
  title: "Book your setup call",
  lead: `Pick a time that suits you. The call takes about ${terms.setupCallMinutes} minutes and there's no charge to start.`,
} as const;

export const schedulerFrame = {
  heightPx: 700,
  title: "Scheduler: pick a time for your setup call",
  /** Before the link that opens the scheduler in a new tab. */
  notLoading: "Frame not loading?",
  openInNewTab: "Open the scheduler in a new tab",
  /** Under the skeleton month view that shows until the scheduler paints. */
  loading: "Loading available times…",
} as const;

/**
 * The call at a glance, beside the scheduler (before it on a phone). Only what the terms and the
 * agenda below already say: the length, who runs it (the team that does the setup, see
 * app/content/about.ts) and what the visitor leaves with (the agenda's last step).
 */
export const callFacts: { key: "length" | "host" | "outcome"; term: string; detail: string }[] = [
  { key: "length", term: "How long", detail: `About ${terms.setupCallMinutes} minutes` },
  { key: "host", term: "Who you'll meet", detail: "Someone from our setup team, who builds your agent with you" },
  { key: "outcome", term: "What you leave with", detail: "A plan for your agent and a go-live date" },
];

/** The 'what we'll cover' list of /book: 5 steps. */
export const callAgenda: { title: string; description: string }[] = [
  { title: "Your use case", description: "The calls, texts and jobs that matter most to your business." },
  { title: "Your knowledge", description: "The FAQs, services and prices your agent should know." },
  { title: "Your systems", description: "Calendar, CRM and phone numbers to connect." },
  { title: "Your voice", description: "How the agent should sound and greet your callers." },
  { title: "Your launch", description: "A go-live date and what happens in the first weeks." },
];

export const callAgendaSection = {
  title: "What we'll cover",
  lead: `${callAgenda.length} things, in about ${terms.setupCallMinutes} minutes.`,
} as const;

/** The guarantee band, with links to /contact and /faq: "Questions before you book? Contact us or read the FAQ." */
export const noRiskToStart = {
  title: "No risk to start",
  questions: "Questions before you book?",
  contactLabel: "Contact us",
  faqPrefix: "or read the",
  faqLabel: "FAQ",
} as const;

/**
 * The embedded scheduler's address: hand-built iframes need embed_domain to receive the
 * scheduler's events; hide_* keep the frame to the booking calendar.
 */
export function schedulerEmbedUrl(schedulerUrl: string, embedDomain: string): string {
  const url = new URL(schedulerUrl);
  url.searchParams.set("embed_domain", embedDomain);
  url.searchParams.set("embed_type", "Inline");
  url.searchParams.set("hide_gdpr_banner", "1");
  url.searchParams.set("hide_landing_page_details", "1");
  return url.toString();
}
