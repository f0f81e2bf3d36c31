import { describe, expect, it } from "vitest";
import { plainText } from "@shared/content/rich-text";
import { faqAnswerProblems } from "@shared/content/faq-answer";
import { priceValues } from "@shared/content/prices";
import { termValues } from "@shared/content/term-values";
import { faqPublishSchema, pricesDraftSchema } from "@shared/schemas/content";
import { faqEntries } from "../../app/content/faq";
import { todaysPrices } from "../../app/content/pricing";
import { seedFaq, seedPrices } from "../../server/content/seed-content";

describe("the site's words seeded from today's content (decision 0904)", () => {
  it("seeds today's prices and FAQ answers, which render to the texts the pages showed before the studio", () => {
    expect(pricesDraftSchema.parse(seedPrices)).toEqual(todaysPrices);
    const values = { price: priceValues(seedPrices), term: termValues() };
    expect(seedFaq.map((item) => [item.slug, item.question, plainText(item.answer, values)])).toEqual(faqEntries.map((e) => [e.id, e.question, e.answer]));
    // No answer types a figure the prices or the plan's terms hold: each quotes them through a tag.
    for (const item of seedFaq) expect(item.answer.replace(/\{%[^%]*%\}/g, ""), item.slug).not.toMatch(/\d/);
    for (const item of seedFaq) {
      const { slug, ...draft } = item;
      expect(faqPublishSchema.safeParse(draft).success, slug).toBe(true);
      expect(faqAnswerProblems(item.answer), item.slug).toBeNull();
    }
  });
});
