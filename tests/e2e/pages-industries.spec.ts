import { expect, readingTest as test } from "./fixtures";
import { industryPages } from "../../app/content/industries";
import { industryPageSections } from "../../app/content/industry-page";
import { reassurance } from "../../app/content/calls-to-action";
import { expectAgentAtWork } from "./agent-at-work";
import { sectionByHeading, stubSchedulers } from "./pages-support";
import { paths } from "../../shared/site-routes";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * The three industry pages: the hero (the agent at work, the reassurance line), the use cases, both
 * Book demo links to /book, the typical call as one timeline; and the chrome, overflow and axe
 * every page gets (expectSoundPage, in expectAgentAtWork).
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

for (const content of Object.values(industryPages)) {
  test(`${content.path}: the agent at work in the hero, the use cases, two Book demo links to /book with the reassurance line, the typical call as one timeline`, layout, async ({ page }, info) => {
    await expectAgentAtWork(page, content.path, content.demo, info);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(content.title);
    for (const useCase of content.useCases) await expect(page.getByText(useCase.title, { exact: true })).toBeVisible();
    // The hero's Book demo and the closing band's, each with the reassurance line under it.
    const book = page.getByRole("link", { name: "Book demo", exact: true });
    await expect(book).toHaveCount(2);
    for (const link of await book.all()) await expect(link).toHaveAttribute("href", paths.book);
    await expect(main.getByText(reassurance.bookDemo, { exact: true })).toHaveCount(2);

    const call = sectionByHeading(page, industryPageSections.workflowTitle);
    const steps = call.getByRole("listitem");
    await expect(steps).toHaveCount(content.workflow.length);
    for (const [index, step] of content.workflow.entries()) {
      await expect(steps.nth(index).getByRole("heading", { level: 3 })).toHaveText(`Step ${index + 1}: ${step.title}`);
    }
    // One timeline: the steps stacked in one column, each under the one before.
    const boxes = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i].x).toBe(boxes[0].x);
      expect(boxes[i].y).toBeGreaterThanOrEqual(boxes[i - 1].y + boxes[i - 1].height);
    }

    const pains = sectionByHeading(page, industryPageSections.painPointsTitle);
    await expect(pains).toContainText(content.painPointsLabel);
    for (const pain of content.painPoints) await expect(pains.getByRole("listitem").filter({ hasText: pain })).toBeVisible();
  });
}
