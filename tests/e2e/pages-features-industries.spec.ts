import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { featureCards, featurePages } from "../../app/content/features";
import { outcomesLabel, securityPoints } from "../../app/content/outcomes";
import { industryPages } from "../../app/content/industries";
import { guarantee } from "../../app/content/pricing";
import { expectOutcomes, sectionByHeading, stubSchedulers } from "./pages-support";

/*
 * The features overview, the four feature pages and the three industry pages.
 * Every page's chrome, overflow, axe and no-JavaScript reading: pages-every-route.spec.ts.
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test("features: four cards to the feature pages, Security & Compliance panel, outcomes, money-back card", async ({ page }) => {
  await page.goto(paths.features);
  for (const card of featureCards) {
    await expect(page.getByRole("main").getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
  }
  const panel = sectionByHeading(page, "Security & Compliance");
  for (const point of securityPoints) await expect(panel).toContainText(point.title);
  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));
  await expect(page.getByRole("heading", { level: 3, name: guarantee.title })).toBeVisible();
  await expect(page.getByTestId("feature-card")).toHaveCount(4);
});

for (const content of Object.values(featurePages)) {
  test(`feature page ${content.path} links to /book and /contact, and to the other three features`, async ({ page }) => {
    await page.goto(content.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
    for (const capability of content.capabilities) {
      await expect(page.getByRole("heading", { level: 3, name: capability.title, exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("main").locator(`a[href="${paths.book}"]`).first()).toBeVisible();
    await expect(page.getByRole("main").locator(`a[href="${paths.contact}"]`).first()).toBeVisible();
    const more = sectionByHeading(page, "Explore more features");
    const others = featureCards.filter((card) => card.to !== content.path);
    await expect(more.getByTestId("feature-card")).toHaveCount(3);
    for (const card of others) {
      await expect(more.getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
      await expect(more).toContainText(card.description);
    }
  });
}

for (const content of Object.values(industryPages)) {
  test(`industry page ${content.path} has a Book demo link to /book`, async ({ page }) => {
    await page.goto(content.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
    for (const useCase of content.useCases) await expect(page.getByText(useCase.title, { exact: true })).toBeVisible();
    const book = page.getByRole("link", { name: "Book demo", exact: true });
    await expect(book.first()).toHaveAttribute("href", paths.book);
    await expect(book).toHaveCount(2);
  });
}
