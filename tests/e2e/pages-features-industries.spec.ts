import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { ctaLabels, reassurance } from "../../app/content/calls-to-action";
import { featureCards, type FeatureId } from "../../app/content/features";
import { featureMockups, featurePages } from "../../app/content/feature-pages";
import { outcomesLabel, securityPoints } from "../../app/content/outcomes";
import { guarantee } from "../../app/content/pricing";
import { reservedHeroRow } from "../../app/components/layout/page-hero";
import { expectNoLayoutShift, expectOutcomes, expectSoundPage, hydrated, reservedHeight, sectionByHeading, stubSchedulers } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * The features overview and the four feature pages (the industry pages: pages-industries.spec.ts).
 * Each page's chrome, overflow and axe: its own test here, which visits it at both widths
 * (expectSoundPage). Reading without JavaScript: pages-no-js.spec.ts and tests/api/site.test.ts.
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test("features: four cards to the feature pages, Security & Compliance panel, outcomes (two columns on a phone), money-back card", layout, async ({ page }, info) => {
  await page.goto(paths.features);
  for (const card of featureCards) {
    await expect(page.getByRole("main").getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
  }
  const panel = sectionByHeading(page, "Security & Compliance");
  for (const point of securityPoints) await expect(panel).toContainText(point.title);
  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));
  await expect(page.getByRole("heading", { level: 3, name: guarantee.title })).toBeVisible();
  await expect(page.getByTestId("feature-card")).toHaveCount(4);
  // The setup call from the hero and the closing band, each with its reassurance line.
  const book = page.getByRole("main").getByRole("link", { name: ctaLabels.bookSetupCall, exact: true });
  await expect(book).toHaveCount(2);
  for (const link of await book.all()) await expect(link).toHaveAttribute("href", paths.book);
  await expect(page.getByRole("main").getByText(reassurance.setupCall, { exact: true })).toHaveCount(2);
  // The checks every page gets (pages-every-route.spec.ts), on this visit.
  await expectSoundPage(page, info);
});

/**
 * What each feature page's mock-up must show (the feature at work, in the words of its content),
 * and one line of it that only the drawing has (which a screen reader must not hear).
 */
const ai = featureMockups["ai-guru"];
const inbox = featureMockups.omnichannel;
const dashboard = featureMockups.analytics;
const flow = featureMockups["agentic-automation"];
const mockupDetails: Record<FeatureId, { shows: string[]; drawingOnly: string }> = {
  // The cited source: the document, its section and the passage the answer rests on.
  "ai-guru": { shows: [ai.question, ai.panel.document, ai.panel.section, ai.panel.highlight], drawingOnly: ai.question },
  // The four channels in one inbox, and one customer's timeline across them.
  omnichannel: {
    shows: [...Object.values(inbox.filters.channels), ...inbox.rows.map((row) => row.preview), inbox.timeline.title],
    drawingOnly: inbox.rows[0]!.preview,
  },
  // The QA score and what it flagged.
  analytics: { shows: [dashboard.qa.title, String(dashboard.qa.score), dashboard.qa.flagged], drawingOnly: dashboard.qa.checks[1]! },
  // The five steps of the workflow and the tools they used.
  "agentic-automation": { shows: flow.steps.flatMap((step) => [step.title, step.tool]), drawingOnly: flow.steps[0]!.detail },
};

for (const [id, content] of Object.entries(featurePages) as [FeatureId, (typeof featurePages)[FeatureId]][]) {
  test(`feature page ${content.path}: its mock-up beside the copy (under the actions on a phone), links to /book and /contact with the reassurance line, the other three features; nothing shifts`, layout, async ({
    page,
  }, info) => {
    const phone = info.project.name === "phone";
    await page.goto(content.path);
    const main = page.getByRole("main");
    const heading = main.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(content.title);

    // The mock-up: the feature at work, a summary for assistive technology instead of its drawing.
    const mock = featureMockups[id];
    const figure = main.getByRole("figure", { name: mock.summary });
    await expect(figure).toBeVisible();
    for (const text of mockupDetails[id].shows) await expect(figure.getByText(text, { exact: true }).first()).toBeVisible();
    expect(await main.ariaSnapshot()).not.toContain(mockupDetails[id].drawingOnly);

    // The primary action goes to /book, the second to /contact; the reassurance line under them.
    const book = main.getByRole("link", { name: ctaLabels.bookSetupCall, exact: true });
    await expect(book).toHaveCount(2);
    for (const link of await book.all()) await expect(link).toHaveAttribute("href", paths.book);
    const contact = main.getByRole("link", { name: ctaLabels.contactUs, exact: true });
    await expect(contact).toHaveCount(2);
    for (const link of await contact.all()) await expect(link).toHaveAttribute("href", paths.contact);
    await expect(main.getByText(reassurance.setupCall, { exact: true })).toHaveCount(2);
    await expect(main.getByText(reassurance.setupCall, { exact: true }).first()).toBeVisible();

    // Beside the copy at desktop width; under the actions on a phone, whose first screen keeps the
    // headline, the value sentence and the primary action.
    const viewport = page.viewportSize()!;
    const [h1, lead, primary, contactBox, box] = await Promise.all([
      heading.boundingBox(),
      main.getByText(content.lead, { exact: true }).boundingBox(),
      book.first().boundingBox(),
      contact.first().boundingBox(),
      figure.boundingBox(),
    ]);
    if (!h1 || !lead || !primary || !contactBox || !box) throw new Error("hero parts not laid out");
    expect(box.x + box.width, "the mock-up fits the viewport").toBeLessThanOrEqual(viewport.width);
    if (phone) {
      expect(box.y, "the mock-up starts under the actions").toBeGreaterThanOrEqual(contactBox.y + contactBox.height);
      for (const [name, part] of [["headline", h1], ["value sentence", lead], [ctaLabels.bookSetupCall, primary]] as const) {
        expect(part.y + part.height, `${name} in the first screen`).toBeLessThanOrEqual(viewport.height);
      }
    } else {
      expect(box.x, "the mock-up sits right of the copy").toBeGreaterThanOrEqual(lead.x + lead.width);
      expect(box.y, "beside it, not under it").toBeLessThan(primary.y);
      expect(box.height, "the mock-up fits the row reserved for it").toBeLessThanOrEqual(reservedHeight(reservedHeroRow[id]));
    }

    for (const capability of content.capabilities) {
      await expect(main.getByRole("heading", { level: 3, name: capability.title, exact: true }).first()).toBeVisible();
    }
    const more = sectionByHeading(page, "Explore more features");
    const others = featureCards.filter((card) => card.to !== content.path);
    await expect(more.getByTestId("feature-card")).toHaveCount(3);
    for (const card of others) {
      await expect(more.getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
      await expect(more).toContainText(card.description);
    }

    // Nothing moved while the page loaded, hydrated and the mock-up's reveal ran to its end.
    await hydrated(page);
    await figure.evaluate((el) =>
      el
        .getAnimations({ subtree: true })
        .filter((a) => (a as CSSAnimation).animationName === "mock-reveal")
        .forEach((a) => a.finish()),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expectNoLayoutShift(page);
    // The checks every page gets (pages-every-route.spec.ts), on this visit.
    await expectSoundPage(page, info);
  });
}
