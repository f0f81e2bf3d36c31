import { parseRichText } from "./rich-text";
import { priceValueNames } from "./prices";
import { termValueNames } from "./term-values";

/**
 * The check of an FAQ answer's rich text, on the server before a write and in the studio before
 * a save (the same sentences both sides): Markdoc of the fixed schema, whose price and term tags
 * name a price or a term that exists. Parser included, so admin and server code only.
 */
export function faqAnswerProblems(answer: string): string | null {
  const check = parseRichText(answer, { values: { price: priceValueNames, term: termValueNames } });
  return check.ok ? null : check.errors.map((e) => e.message).join(" ");
}
