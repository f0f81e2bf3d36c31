import { plainText } from "@shared/content/rich-text";
import { priceValues, type Prices } from "@shared/content/prices";
import { termValues } from "@shared/content/term-values";
import { alternatives, compareFiguresOf, flatPlanSaving, formatSavings } from "~/content/compare";
import { priceView } from "~/content/pricing";
import { pricingHeroOf } from "~/content/pricing-page";

/** One figure a price change moves: where, which, and what it reads before and after. */
export type PriceMove = { page: string; figure: string; before: string; after: string };

/**
 * Every figure on the site that follows the prices (decision 0904), read for `before` and `after`:
 * the pricing page's card, lead and badge; what /compare derives from the monthly price (its
 * lead, table, return on the fee, break-even, calculator savings, cost question); and each
 * published FAQ answer quoting a price (on /faq, and on /compare for the general ones). Only
 * what differs is listed: the Prices page shows this before anything is published.
 */
export function priceMoves(before: Prices, after: Prices, answers: readonly { question: string; answer: string }[]): PriceMove[] {
  const moves: PriceMove[] = [];
  const add = (page: string, figure: string, a: string, b: string) => {
    if (a !== b) moves.push({ page, figure, before: a, after: b });
  };
  const [m0, m1] = [priceView("monthly", before), priceView("monthly", after)];
  const [a0, a1] = [priceView("annual", before), priceView("annual", after)];
  add("/pricing", "Monthly price", m0.perMonth, m1.perMonth);
  add("/pricing", "Lead", pricingHeroOf(before).lead, pricingHeroOf(after).lead);
  add("/pricing", "Annual price per month", a0.perMonth, a1.perMonth);
  add("/pricing", "Annual billing note", a0.billingNote, a1.billingNote);
  add("/pricing", "Savings badge", `${a0.savingsBadge} (${a0.savingsPercent})`, `${a1.savingsBadge} (${a1.savingsPercent})`);

  const [c0, c1] = [compareFiguresOf(before.monthly), compareFiguresOf(after.monthly)];
  add("/compare", "Lead", c0.compareHero.lead, c1.compareHero.lead);
  add("/compare", "Monthly cost in the table", String(c0.comparisonRows[0]!.cells[0]), String(c1.comparisonRows[0]!.cells[0]));
  c0.roiCards.forEach((card, index) => {
    const next = c1.roiCards[index]!;
    add("/compare", card.title, `${card.value}: ${card.description}`, `${next.value}: ${next.description}`);
  });
  c0.scenarios.forEach((scenario, index) => {
    const next = c1.scenarios[index]!;
    for (const alternative of alternatives) {
      add(
        "/compare",
        `${scenario.name}, against ${alternative.name.toLowerCase()}`,
        flatPlanSaving(formatSavings(scenario.estimate.savings[alternative.id])),
        flatPlanSaving(formatSavings(next.estimate.savings[alternative.id])),
      );
    }
  });
  c0.costFaq.forEach((item, index) => add("/compare", item.question, item.answer, c1.costFaq[index]!.answer));

  const term = termValues();
  const [v0, v1] = [{ price: priceValues(before), term }, { price: priceValues(after), term }];
  for (const { question, answer } of answers) add("/faq", question, plainText(answer, v0), plainText(answer, v1));
  return moves;
}
