import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import {
  annualPerMonth,
  annualSavings,
  annualYearlyTotal,
  monthlyPrice,
  planInclusions,
} from "../../app/content/pricing";
import {
  alternatives,
  assumptionList,
  averageCallMinutes,
  comparisonRows,
  costFaq,
  estimateCosts,
  formatSavings,
  roiCards,
  roiMultipleLabel,
  scenarios,
  type CostEstimate,
} from "../../app/content/compare";
import { reassurance } from "../../app/content/calls-to-action";
import { formatUsd, formatUsdRange } from "../../app/content/format";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import type { Locator } from "@playwright/test";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { holdRequests } from "./held-requests";
import { dataLayer, expectSoundPage, hydrated } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts): these tests are their page's one
// visit at each width, and end with the checks every page gets (expectSoundPage), which
// pages-every-route.spec.ts therefore leaves to them.
const layout = { tag: "@both-widths" };

test.describe("pricing", () => {
  test("monthly by default; the switch shows the annual per-month price, yearly total, 'Save $901' and the percentage; the Annual label's chip in both states; Book demo stays put", layout, async ({ page }, info) => {
    await page.goto(paths.pricing);
    await hydrated(page);
    const card = page.getByTestId("price-card");
    const toggle = page.getByRole("switch", { name: "Annual billing" });
    // The saving is on the Annual label whichever way the switch is set.
    const chip = page.getByTestId("annual-savings-chip");
    await expect(toggle).not.toBeChecked();
    await expect(chip).toBeVisible();
    await expect(chip).toHaveText(`Save ${formatUsd(annualSavings)}`);
    // Both periods are in the HTML; what is shown (innerText) is the chosen one's.
    const shown = { useInnerText: true };
    await expect(card.getByTestId("price-per-month")).toHaveText(formatUsd(monthlyPrice), shown);
    await expect(card.getByTestId("price-per-month")).toHaveText("$799", shown);
    await expect(card.getByTestId("billing-note")).toHaveText("Billed monthly. Cancel anytime.", shown);
    await expect(card.getByTestId("savings-badge")).toBeHidden();
    // Switching moves nothing: the badge keeps its place while hidden.
    const buttonTop = () => card.getByRole("button", { name: "Book demo" }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const monthlyTop = await buttonTop();

    // Keyboard: Tab onto the switch, which shows a focus ring, and press Space.
    await toggle.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    const ring = await toggle.evaluate((el) => ({ outline: getComputedStyle(el).outlineStyle, shadow: getComputedStyle(el).boxShadow }));
    expect(ring.outline !== "none" || ring.shadow !== "none", "a visible focus ring").toBe(true);
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked();

    const percent = ((annualSavings / (annualYearlyTotal + annualSavings)) * 100).toFixed(1);
    await expect(card.getByTestId("price-per-month")).toHaveText(formatUsd(annualPerMonth), shown);
    await expect(card.getByTestId("billing-note")).toHaveText(`Billed ${formatUsd(annualYearlyTotal)} per year`, shown);
    await expect(card.getByTestId("savings-badge")).toBeVisible();
    await expect(card.getByTestId("savings-badge")).toContainText("Save $901");
    await expect(card.getByTestId("savings-percent")).toHaveText(`(${percent}%)`);
    await expect(chip).toBeVisible();
    await expect(chip).toHaveText("Save $901");
    expect(await buttonTop()).toBe(monthlyTop);
    // Reading A of docs/product.md#prices (docs/decisions/0301): $719 a month, billed $8,629, about 9.5%.
    expect([annualPerMonth, annualYearlyTotal, percent]).toEqual([719, 8629, "9.5"]);
    // The annual state as the visitor sees it: no axe violation, no conflicting utilities.
    expect(await axeViolations(page)).toEqual([]);
    await expectNoClassConflicts(page);

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(card.getByTestId("price-per-month")).toHaveText("$799", shown);
    await expect(card.getByTestId("savings-badge")).toBeHidden();
    // The checks every page gets, on this visit, the monthly price shown again.
    await expectSoundPage(page, info);
  });

  test("inclusions inside the plan card at 15 px or more, reassurance under Book demo, overflow note, guarantee card, enterprise link and the Book demo location", async ({ page }) => {
    await page.goto(paths.pricing);
    const card = page.getByTestId("price-card");
    for (const item of planInclusions) await expect(card.getByText(item, { exact: true })).toBeVisible();
    const inclusionSizes = await card.getByRole("listitem").evaluateAll((items) => items.map((li) => parseFloat(getComputedStyle(li).fontSize)));
    expect(inclusionSizes).toHaveLength(planInclusions.length);
    expect(Math.min(...inclusionSizes)).toBeGreaterThanOrEqual(15);
    await expect(card.getByText(reassurance.bookDemo, { exact: true })).toBeVisible();
    await expect(page.getByText("Smart voicemail", { exact: true })).toBeVisible();
    await expect(page.getByText(/Calls over 10 minutes count as two interactions; spam is not counted\./)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "30-day money-back guarantee" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See enterprise options" })).toHaveAttribute("href", paths.enterprise);

    await hydrated(page);
    await page.getByTestId("price-card").getByRole("button", { name: "Book demo" }).click();
    await expect(page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE })).toBeVisible();
    expect((await dataLayer(page)).filter((e) => e.event === "cta_book_click")).toEqual([{ event: "cta_book_click", location: "pricing" }]);
  });
});

/** A figure of the calculator's table: the option's row, the column ("yours" or "busy"). */
function costCell(calculator: Locator, option: string, column: "yours" | "busy") {
  return calculator.locator(`tbody[data-alternative="${option}"] td[data-column="${column}"]`);
}

/** Every option's cost and the flat plan's saving in one column of the calculator's table. */
async function expectColumn(calculator: Locator, column: "yours" | "busy", estimate: CostEstimate) {
  await expect(costCell(calculator, "flat", column)).toContainText(formatUsd(estimate.flatPlan));
  for (const alternative of alternatives) {
    const cell = costCell(calculator, alternative.id, column);
    const cost = estimate.alternatives[alternative.id];
    await expect(cell.getByTestId("cost")).toHaveText(formatUsdRange(cost.low, cost.high));
    await expect(cell.getByTestId("saving")).toHaveText(`Flat plan: ${formatSavings(estimate.savings[alternative.id])}`);
  }
}

test.describe("compare", () => {
  test("led by the calculator, which shows both scenarios with bars; ROI, assumptions in a disclosure, alternatives, full table, FAQs; the calculator's error state", layout, async ({ page }, info) => {
    await page.goto(paths.compare);
    const main = page.getByRole("main");
    await expect(main.getByText(reassurance.enterprise)).toHaveCount(2); // under the hero's and the closing band's Book a demo
    await expect(main.getByRole("button", { name: "Book a demo" })).toHaveCount(2);

    // The calculator is the first section after the hero.
    const hero = main.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
    const calculator = page.getByTestId("cost-calculator");
    await expect(hero.locator("xpath=following-sibling::section[1]").getByTestId("cost-calculator")).toHaveCount(1);

    // One view of the two scenarios, prerendered: the quiet month where the inputs start, the busy month beside it.
    const [quiet, busy] = scenarios as [(typeof scenarios)[number], (typeof scenarios)[number]];
    await expect(calculator.getByLabel("Interactions per month")).toHaveValue(String(quiet.estimate.interactions));
    await expect(calculator.locator('th[data-column="yours"]')).toContainText(quiet.name);
    await expect(calculator.locator('th[data-column="busy"]')).toContainText(busy.name);
    await expectColumn(calculator, "yours", quiet.estimate);
    await expectColumn(calculator, "busy", busy.estimate);
    // Independent check of the per-minute model at ~400 interactions of 4 minutes: 1,600 minutes at $1.50-$3.00.
    await expect(costCell(calculator, "answering-service", "yours").getByTestId("cost")).toHaveText(`${formatUsd(1600 * 1.5)}–${formatUsd(1600 * 3)}`);
    // Flat versus per-minute: the busy month's per-minute bar runs far past the flat fee's.
    const barWidth = (cell: Locator) => cell.locator("[aria-hidden] > div").last().evaluate((el) => el.getBoundingClientRect().width);
    const flatBar = await barWidth(costCell(calculator, "flat", "busy"));
    const perMinuteLow = await barWidth(costCell(calculator, "answering-service", "busy"));
    expect(perMinuteLow / flatBar).toBeCloseTo(busy.estimate.alternatives["answering-service"].low / monthlyPrice, 0);

    const roi = page.getByTestId("roi-card");
    await expect(roi).toHaveCount(roiCards.length);
    await expect(roi.filter({ hasText: roiMultipleLabel })).toHaveCount(1);
    expect(roiMultipleLabel).toBe(`${((2 * 350 * 4) / monthlyPrice).toFixed(1)}x`);
    await expect(page.getByText("$2,800/mo")).toBeVisible();

    // The assumptions: closed, one line; open by keyboard, each on its own marked line.
    const assumptions = page.getByTestId("assumptions");
    const summary = page.getByTestId("assumptions-disclosure").locator("summary");
    await expect(summary).toHaveText("Our assumptions");
    await expect(assumptions).toBeHidden();
    await hydrated(page);
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(assumptions).toBeVisible();
    await expect(assumptions.getByRole("listitem")).toHaveCount(assumptionList.length);
    await expect(assumptions).toContainText("$4,800–$6,500");
    expect(await assumptions.evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe("none");

    for (const alternative of alternatives) {
      await expect(page.getByRole("heading", { level: 3, name: alternative.name, exact: true })).toBeVisible();
    }
    const table = page.getByTestId("comparison-table");
    await expect(table.locator("tbody tr")).toHaveCount(comparisonRows.length);
    await expect(table.locator("thead th")).toHaveCount(5);

    for (const entry of costFaq) await expect(page.locator("summary", { hasText: entry.question })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "General questions" })).toBeVisible();

    // No number of interactions: the calculator says so; the busy month stays.
    await calculator.getByLabel("Interactions per month").fill("");
    await expect(calculator.getByRole("alert")).toBeVisible();
    await expect(costCell(calculator, "receptionist", "yours").getByTestId("cost")).toHaveCount(0);
    await expectColumn(calculator, "busy", busy.estimate);
    if (info.project.name === "phone") {
      // On the narrowest phones the comparison table scrolls inside its own container.
      await page.setViewportSize({ width: 360, height: 800 });
      const region = page.getByRole("region", { name: /Comparison table/ });
      const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      await page.setViewportSize(info.project.use.viewport!);
    }
    // The checks every page gets, on this visit: axe reads the open assumptions and the
    // calculator's error state with the rest of the page.
    await expectSoundPage(page, info);
  });

  test("the calculator takes numbers typed before its code has loaded, recomputes its first column for other inputs; the busy month stays beside it", async ({ page }) => {
    // Typed while the page's scripts are held back: kept, and computed as soon as they arrive.
    const release = await holdRequests(page, /\/assets\/[^/]+\.js$/);
    await page.goto(paths.compare, { waitUntil: "commit" });
    const calculator = page.getByTestId("cost-calculator");
    const interactions = calculator.getByLabel("Interactions per month");
    const minutes = calculator.getByLabel("Average call length (minutes)");
    await expect(minutes).toHaveValue(String(averageCallMinutes));
    const busy = scenarios[1]!;

    // At the busy month's numbers the two columns read the same: one model, by construction.
    await interactions.fill(String(busy.estimate.interactions));
    // Enter before the code has loaded submits nowhere: no reload that would lose the number.
    await interactions.press("Enter");
    await release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/compare$/);
    await expect(interactions).toHaveValue(String(busy.estimate.interactions));
    expect(estimateCosts(busy.estimate.interactions, averageCallMinutes)).toEqual(busy.estimate);
    await expect(calculator.locator('th[data-column="yours"]')).toContainText("Your numbers");
    await expectColumn(calculator, "yours", busy.estimate);
    // The figures follow the typing; Calculate takes the visitor (and the keyboard) to them.
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(calculator.getByTestId("calculator-figures")).toBeFocused();

    await interactions.fill("2500");
    await minutes.fill("7");
    const large = estimateCosts(2500, 7);
    expect(large.alternatives["answering-service"]).toEqual({ low: 2500 * 7 * 1.5, high: 2500 * 7 * 3 });
    await expectColumn(calculator, "yours", large);
    await expectColumn(calculator, "busy", busy.estimate);
    await expect(calculator.getByTestId("calculator-overflow")).toHaveCount(0);

    await minutes.fill("12");
    await expectColumn(calculator, "yours", estimateCosts(2500, 12));
    await expect(calculator.getByTestId("calculator-overflow")).toBeVisible();

    await interactions.fill("");
    await expect(calculator.getByRole("alert")).toBeVisible();
    await expect(costCell(calculator, "receptionist", "yours").getByTestId("cost")).toHaveCount(0);
    await expectColumn(calculator, "busy", busy.estimate);
    await interactions.fill("-5");
    await expect(calculator.getByRole("alert")).toBeVisible();
  });

  test("Watch demo only records demo_play", async ({ page }) => {
    await page.goto(paths.compare);
    await hydrated(page);
    const before = page.url();
    await page.getByRole("button", { name: "Watch demo" }).click();
    expect(page.url()).toBe(before);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Only the event: no booking click, no consult click (consent defaults carry no event name).
    expect((await dataLayer(page)).filter((entry) => "event" in entry)).toEqual([{ event: "demo_play" }]);
  });
});

test.describe("faq", () => {
  test("8 questions in an accordion that opens and closes by mouse and keyboard, one answer at a time", layout, async ({ page }, info) => {
    const { faqEntries } = await import("../../app/content/faq");
    await page.goto(paths.faq);
    await hydrated(page);
    const main = page.getByRole("main");
    // Native disclosures (app/components/ui/accordion.tsx): a <summary> per question, all closed.
    const question = (index: number) => main.locator("summary", { hasText: faqEntries[index]!.question });
    const item = (index: number) => main.locator("details").filter({ has: page.locator("summary", { hasText: faqEntries[index]!.question }) });
    await expect(main.locator("details:not([open]) > summary")).toHaveCount(8);
    for (const [index] of faqEntries.entries()) await expect(question(index)).toBeVisible();

    const first = faqEntries[0]!;
    await expect(main.getByText(first.answer)).toBeHidden();
    await question(0).click();
    await expect(item(0)).toHaveAttribute("open");
    await expect(main.getByText(first.answer)).toBeVisible();
    await question(0).click();
    await expect(main.getByText(first.answer)).toBeHidden();

    const second = faqEntries[1]!;
    await question(0).click();
    await question(1).focus();
    await page.keyboard.press("Enter");
    await expect(main.getByText(second.answer)).toBeVisible();
    // One open at a time.
    await expect(main.getByText(first.answer)).toBeHidden();
    // The checks every page gets, on this visit, with an answer open as the visitor sees it.
    await expectSoundPage(page, info);
    await page.keyboard.press("ArrowDown");
    await expect(question(2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect(main.getByText(second.answer)).toBeHidden();
    await page.keyboard.press("End");
    await expect(question(faqEntries.length - 1)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(question(0)).toBeFocused();
  });
});
