import { sql } from "drizzle-orm";
import { FAQ_ORDER_MAX, PRICES_SLUG, PRICES_TITLE, type FaqDraft, type PricesDraft, type TestimonialDraft } from "@shared/schemas/content";
import type { Db } from "../db/client";
import { contentEntries, contentRevisions } from "../db/schema";
import { contentChanged } from "./content-entries";

/**
 * The site's own words as they were when they were code (app/content/pricing.ts, faq.ts), as
 * published entries: a fresh database starts with them, and an existing deployment gets them on
 * its first start with this code. Only the rows that are absent are added (decision 0904), so an
 * editor's changes are never overwritten and two instances starting at once add them once.
 * tests/unit/seed-content.test.ts holds these to the texts the pages showed before.
 */

export const seedPrices: PricesDraft = { monthly: 799, annualYearly: 8629, annualSavings: 901 };

/** Today's eight questions, their answers quoting the prices and terms through tags, 10 apart so one fits between. */
export const seedFaq: (FaqDraft & { slug: string })[] = [
  {
    slug: "setup-time",
    question: "How long does setup take?",
    answer:
      'It starts with a setup call of about {% term name="setup-call-minutes" /%} minutes; a full demo with questions runs {% term name="demo-minutes" /%} minutes. We contact you within {% term name="contact-within-hours" /%} hours of your request, and most teams go live within days.',
  },
  {
    slug: "price",
    question: "How much does it cost?",
    answer:
      'One flat plan: {% price name="monthly" /%} per month, or {% price name="annual-per-month" /%} per month billed {% price name="annual-yearly" /%} per year, which saves {% price name="annual-savings" /%}. Onboarding is free.',
  },
  {
    slug: "interactions",
    question: "What counts as an interaction?",
    answer:
      'Each inbound call, text, email or social message. Up to {% term name="inbound-per-day" /%} inbound interactions per day are included; calls over {% term name="long-call-minutes" /%} minutes count as two, and spam is not counted.',
  },
  {
    slug: "overflow",
    question: "What happens if we go over the daily limit?",
    answer: "Nothing is dropped. You pick the overflow behaviour: smart voicemail, queue with auto-reply, soft throttle by category.",
  },
  {
    slug: "guarantee",
    question: "Is there a free trial or a guarantee?",
    answer:
      'Yes: a {% term name="trial-days" /%}-day free trial, no charge on signup when you start from a setup call, and a {% term name="guarantee-days" /%}-day money-back guarantee with a {% term name="refund-percent" /%} refund of the subscription fee.',
  },
  {
    slug: "numbers",
    question: "Can we keep our phone numbers?",
    answer: "Yes. You forward your existing numbers to the agent, and you can add as many numbers as you need at no extra cost.",
  },
  {
    slug: "extra-costs",
    question: "Are there any extra costs?",
    answer:
      '{% term name="included-sms" /%} outbound SMS per month are included, then {% term name="sms-price" /%} per SMS with carrier fees passed through. Outbound calls cost {% term name="outbound-call-price" /%} per minute. Concurrency is unlimited.',
  },
  {
    slug: "data",
    question: "How is our data protected?",
    answer:
      'Data is encrypted at rest and in transit, with PII controls and consent prompts where required. Retention is yours to set; for example, {% term name="audio-retention-days" /%}-day audio and {% term name="transcript-retention-days" /%}-day transcripts. We target {% term name="uptime-target" /%} uptime.',
  },
].map((item, index) => ({ ...item, order: Math.min(FAQ_ORDER_MAX, (index + 1) * 10) }));

/**
 * The home page's example testimonials (app/content/proof.ts), one per industry, marked as
 * examples: the page labels them, and a production start refuses them while they are published
 * and nobody replaced them (server/content/example-content.ts, decision 0906). Not real people:
 * the names are initials only, which is all the cards showed.
 */
export const seedTestimonials: (TestimonialDraft & { slug: string })[] = [
  {
    slug: "example-law",
    name: "J. R.",
    role: "Office manager",
    company: "Personal-injury law firm",
    industry: "law" as const,
    quote: "Callers who rang after six used to reach voicemail and call the next firm. Now the agent takes the intake and books the consult before they hang up.",
    figure: { value: "2x", label: "consults booked after hours" },
  },
  {
    slug: "example-trades",
    name: "D. K.",
    role: "Owner",
    company: "Plumbing and heating company",
    industry: "trades" as const,
    quote: "I stopped answering the phone from under a sink. Jobs land on the calendar with the address and the problem already written up.",
    figure: { value: "0", label: "missed calls on emergency nights" },
  },
  {
    slug: "example-insurance",
    name: "A. S.",
    role: "Agency principal",
    company: "Independent insurance agency",
    industry: "insurance" as const,
    quote: "Quote requests get an answer in seconds, and my producers read the transcript before they call back, so nobody asks the same question twice.",
    figure: { value: "3 hrs", label: "of phone time back each day" },
  },
].map((item, index) => ({ ...item, photo: null, order: (index + 1) * 10, example: true }));

type Seed = { kind: "prices" | "faq" | "testimonial"; title: string; slug: string; draft: PricesDraft | FaqDraft | TestimonialDraft };

const seeds: Seed[] = [
  { kind: "prices", title: PRICES_TITLE, slug: PRICES_SLUG, draft: seedPrices },
  ...seedFaq.map(({ slug, ...draft }): Seed => ({ kind: "faq", title: draft.question, slug, draft })),
  ...seedTestimonials.map(({ slug, ...draft }): Seed => ({ kind: "testimonial", title: draft.name, slug, draft })),
];

/** Adds, as published entries, the seeds whose kind and slug no entry holds. Answers how many it added. */
export async function seedSiteWords(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const seed of seeds) {
      const [row] = await tx
        .insert(contentEntries)
        .values({
          kind: seed.kind,
          title: seed.title,
          slug: seed.slug,
          status: "published",
          draft: seed.draft,
          published: seed.draft,
          publishedSlug: seed.slug,
          publishedAt: sql`now()`,
          firstPublishedAt: sql`now()`,
        })
        // Present already (by its slug, live or draft): an editor's, or another instance's seed.
        .onConflictDoNothing()
        .returning({ id: contentEntries.id, version: contentEntries.version });
      if (!row) continue;
      added++;
      await tx.insert(contentRevisions).values({ entryId: row.id, version: row.version, action: "create", draft: seed.draft, createdBy: null });
    }
    if (added > 0) await contentChanged(tx);
    return added;
  });
}
