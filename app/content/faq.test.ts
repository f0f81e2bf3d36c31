import { describe, expect, it } from "vitest";
import { faqEntries } from "./faq";

describe("FAQ content", () => {
  it("has 8 distinct questions with answers", () => {
    expect(faqEntries).toHaveLength(8);
    expect(new Set(faqEntries.map((e) => e.question)).size).toBe(8);
    expect(new Set(faqEntries.map((e) => e.id)).size).toBe(8);
    for (const entry of faqEntries) expect(entry.answer.length).toBeGreaterThan(20);
  });
});
