import { expect, readingTest as test } from "./fixtures";
import { industryPages } from "../../app/content/industries";
import { industryPageSections } from "../../app/content/industry-page";
import { reassurance } from "../../app/content/calls-to-action";
import { expectAgentAtWork } from "./agent-at-work";
import { sectionByHeading } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * The three industry pages' hero (the agent at work, the reassurance line) and their typical call
 * as one timeline. Their Book demo links and use cases: pages-features-industries.spec.ts; every
 * page's chrome, overflow and axe: pages-every-route.spec.ts.
 */

for (const content of Object.values(industryPages)) {
  test(`${content.path}: the agent at work in the hero, the reassurance line, the typical call as one timeline`, layout, async ({ page }, info) => {
    await expectAgentAtWork(page, content.path, content.demo, info);

    const main = page.getByRole("main");
    // Under the hero's Book demo and under the closing band's.
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
