import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { brand } from "../../app/content/brand";
import { trustedByLabel, trustedByNames } from "../../app/content/home";
import { outcomesLabel } from "../../app/content/outcomes";
import { exampleTestimonials, testimonialsIntro } from "../../app/content/proof";
import { expectOutcomes, hydrated, sectionByHeading, expectNoLayoutShift } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * The proof on the home page (docs/product.md#design): the trusted-by wordmarks, the example testimonials,
 * the reseller seal and the vendor-reported outcomes. The outcomes' row on /features and
 * /enterprise: expectOutcomes, from their specs.
 */

test("home: six one-line wordmarks of one height, example testimonials labelled as examples, the reseller seal, the outcomes", layout, async ({ page }, info) => {
  await page.goto(paths.home);
  const viewport = page.viewportSize()!;

  // The required words (docs/product.md#trusted-by-strip), in their case; each name a wordmark
  // that assistive technology reads by the customer's name.
  expect(trustedByLabel).toBe("Trusted by teams like");
  await expect(page.getByRole("heading", { level: 2, name: "Trusted by teams like", exact: true })).toHaveCSS("text-transform", "none");
  const trusted = sectionByHeading(page, trustedByLabel);
  await expect(trusted.getByRole("listitem")).toHaveText(trustedByNames);
  expect(trustedByNames).toHaveLength(6);
  for (const name of trustedByNames) await expect(trusted.getByRole("listitem").getByRole("img", { name, exact: true })).toBeVisible();

  // One line each, one height for all, inside the screen and clear of each other; one row at 1280.
  const marks = await trusted.getByRole("img").evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const text = el.querySelector("text")!.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, height: box.height, textLeft: text.left, textRight: text.right, textHeight: text.height };
    }),
  );
  for (const m of marks) {
    expect(m.height, "every wordmark the first one's height").toBeCloseTo(marks[0].height, 1);
    expect(m.textHeight, "the name on one line").toBeLessThan(m.height);
    expect(m.textLeft, "the name inside its wordmark").toBeGreaterThanOrEqual(m.left);
    expect(m.textRight, "the name inside its wordmark").toBeLessThanOrEqual(m.right + 0.5);
    expect(m.left).toBeGreaterThanOrEqual(0);
    expect(m.right, "inside the screen").toBeLessThanOrEqual(viewport.width);
  }
  expect(marks[0].height, "large enough to read").toBeGreaterThanOrEqual(info.project.name === "phone" ? 22 : 27);
  for (const [i, a] of marks.entries()) {
    for (const b of marks.slice(i + 1)) {
      if (Math.abs(a.top - b.top) < a.height) expect(a.right <= b.left || b.right <= a.left, "wordmarks side by side do not overlap").toBe(true);
    }
  }
  if (viewport.width >= 1280) expect(new Set(marks.map((m) => Math.round(m.top))).size, "one row").toBe(1);

  // Example testimonials, labelled as examples on the page: the section's label and every card.
  const stories = sectionByHeading(page, testimonialsIntro.title);
  await expect(stories.getByText(testimonialsIntro.label, { exact: true })).toBeVisible();
  const cards = stories.getByRole("listitem");
  await expect(cards).toHaveCount(exampleTestimonials.length);
  for (const [i, t] of exampleTestimonials.entries()) {
    const card = cards.nth(i);
    await expect(card.getByText(testimonialsIntro.cardLabel, { exact: true })).toBeVisible();
    for (const text of [t.metric.value, t.metric.label, t.role, t.firmType, t.initials]) await expect(card.getByText(text, { exact: true })).toBeVisible();
    await expect(card.getByRole("blockquote")).toContainText(t.quote);
  }

  // The reseller line as a seal: the drawn emblem beside the words everyone reads.
  const seal = stories.getByText(brand.resellerBadge, { exact: true });
  await expect(seal).toBeVisible();
  const emblem = await seal.locator("xpath=preceding-sibling::*[local-name()='svg']").boundingBox();
  const words = await seal.boundingBox();
  expect(emblem && words && emblem.width >= 64 && emblem.x + emblem.width <= words.x, "the seal left of its words").toBe(true);

  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));

  // Nothing moved while the page loaded and hydrated, nor when the proof scrolls into view.
  await hydrated(page);
  await stories.scrollIntoViewIfNeeded();
  await page.getByRole("list", { name: outcomesLabel }).scrollIntoViewIfNeeded();
  await expectNoLayoutShift(page);
});
