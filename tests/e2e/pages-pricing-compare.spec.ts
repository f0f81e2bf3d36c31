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
  answeringServiceCost,
  assumptionList,
  averageCallMinutes,
  comparisonRows,
  costFaq,
  estimateCosts,
  formatSavings,
  roiCards,
  roiMultipleLabel,
  scenarios,
} from "../../app/content/compare";
import { formatCount, formatUsd, formatUsdRange } from "../../app/content/format";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { dataLayer, expectNoHorizontalOverflow, hydrated, jsonLdBlocks } from "./pages-support";

test.describe("pricing", () => {
  test("monthly by default; the switch shows the annual per-month price, yearly total, 'Save $901' and the percentage", async ({ page }) => {
    await page.goto(paths.pricing);
    await hydrated(page);
    const card = page.getByTestId("price-card");
    const toggle = page.getByRole("switch", { name: "Annual billing" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(card.getByTestId("price-per-month")).toHaveText(formatUsd(monthlyPrice));
    await expect(card.getByTestId("price-per-month")).toHaveText("$799");
    await expect(card.getByTestId("savings-badge")).toHaveCount(0);

    // Keyboard: focus the switch and press Space.
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");

    const percent = ((annualSavings / (annualYearlyTotal + annualSavings)) * 100).toFixed(1);
    await expect(card.getByTestId("price-per-month")).toHaveText(formatUsd(annualPerMonth));
    await expect(card.getByTestId("billing-note")).toHaveText(`Billed ${formatUsd(annualYearlyTotal)} per year`);
    await expect(card.getByTestId("savings-badge")).toContainText("Save $901");
    await expect(card.getByTestId("savings-percent")).toHaveText(`(${percent}%)`);
    // Reading A of docs/product.md#prices (docs/decisions/0301): $719 a month, billed $8,629, about 9.5%.
    expect([annualPerMonth, annualYearlyTotal, percent]).toEqual([719, 8629, "9.5"]);

    await toggle.click();
    await expect(card.getByTestId("price-per-month")).toHaveText("$799");
  });

  test("inclusions, overflow note, guarantee card, enterprise link and the Book demo location", async ({ page }) => {
    await page.goto(paths.pricing);
    for (const item of planInclusions) await expect(page.getByText(item, { exact: true })).toBeVisible();
    await expect(page.getByText("Smart voicemail", { exact: true })).toBeVisible();
    await expect(page.getByText(/Calls over 10 minutes count as two interactions; spam is not counted\./)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "30-day money-back guarantee" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See enterprise options" })).toHaveAttribute("href", paths.enterprise);

    await hydrated(page);
    await page.getByTestId("price-card").getByRole("button", { name: "Book demo" }).click();
    await expect(page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE })).toBeVisible();
    expect((await dataLayer(page)).filter((e) => e.event === "cta_book_click")).toEqual([{ event: "cta_book_click", location: "pricing" }]);
  });

  // @any-width (desktop project only, see playwright.config.ts): JSON-LD, no layout.
  test("the plan's Offer with its price is in JSON-LD", { tag: "@any-width" }, async ({ page }) => {
    await page.goto(paths.pricing);
    const product = (await jsonLdBlocks(page)).find((b) => b["@type"] === "Product") as { offers: { price: string; priceCurrency: string }[] };
    expect(product.offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      [monthlyPrice.toFixed(2), "USD"],
      [annualYearlyTotal.toFixed(2), "USD"],
    ]);
  });
});

test.describe("compare", () => {
  test("alternatives, full table, scenarios computed from the assumptions, bars, ROI, FAQs, assumptions", async ({ page }) => {
    await page.goto(paths.compare);
    for (const alternative of alternatives) {
      await expect(page.getByRole("heading", { level: 3, name: alternative.name, exact: true })).toBeVisible();
    }
    const table = page.getByTestId("comparison-table");
    await expect(table.locator("tbody tr")).toHaveCount(comparisonRows.length);
    await expect(table.locator("thead th")).toHaveCount(5);

    for (const scenario of scenarios) {
      const card = page.getByTestId(`scenario-${scenario.id}`);
      await expect(card).toContainText(scenario.label);
      for (const alternative of alternatives) {
        const row = card.locator(`[data-alternative="${alternative.id}"]`);
        const cost = scenario.estimate.alternatives[alternative.id];
        await expect(row.getByTestId("scenario-cost")).toHaveText(formatUsdRange(cost.low, cost.high));
        await expect(row.getByTestId("scenario-saving")).toHaveText(`Flat plan: ${formatSavings(scenario.estimate.savings[alternative.id])}`);
      }
      const bars = page.getByTestId(`bars-${scenario.id}`);
      await expect(bars).toContainText(formatUsd(monthlyPrice));
      // The per-minute bar carries the same figures as the scenario card.
      const perMinute = answeringServiceCost(scenario.estimate.minutesPerMonth);
      expect(perMinute).toEqual(scenario.estimate.alternatives["answering-service"]);
      await expect(bars).toContainText(formatUsdRange(perMinute.low, perMinute.high));
      await expect(bars).toContainText(`(${formatCount(scenario.estimate.minutesPerMonth)} minutes)`);
    }
    // Independent check of the per-minute model at ~400 interactions of 4 minutes: 1,600 minutes.
    const light = page.getByTestId("scenario-light").locator('[data-alternative="answering-service"]');
    await expect(light.getByTestId("scenario-cost")).toHaveText(`${formatUsd(1600 * 1.5)}–${formatUsd(1600 * 3)}`);

    const roi = page.getByTestId("roi-card");
    await expect(roi).toHaveCount(roiCards.length);
    await expect(roi.filter({ hasText: roiMultipleLabel })).toHaveCount(1);
    expect(roiMultipleLabel).toBe(`${((2 * 350 * 4) / monthlyPrice).toFixed(1)}x`);
    await expect(page.getByText("$2,800/mo")).toBeVisible();

    for (const entry of costFaq) await expect(page.getByRole("button", { name: entry.question })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "General questions" })).toBeVisible();
    await expect(page.getByTestId("assumptions").getByRole("listitem")).toHaveCount(assumptionList.length);
    await expect(page.getByTestId("assumptions")).toContainText("$4,800–$6,500");
    await expect(page.getByRole("main").getByRole("button", { name: "Book a demo" })).toHaveCount(2);
  });

  test("the calculator reproduces the scenarios and recomputes for other inputs", async ({ page }) => {
    await page.goto(paths.compare);
    await hydrated(page);
    const calculator = page.getByTestId("cost-calculator");
    const interactions = calculator.getByLabel("Interactions per month");
    const minutes = calculator.getByLabel("Average call length (minutes)");
    await expect(minutes).toHaveValue(String(averageCallMinutes));

    const expectRows = async (count: number, callMinutes: number) => {
      const estimate = estimateCosts(count, callMinutes);
      for (const alternative of alternatives) {
        const row = calculator.locator(`tr[data-alternative="${alternative.id}"]`);
        const cost = estimate.alternatives[alternative.id];
        await expect(row.getByTestId("alternative-cost")).toHaveText(formatUsdRange(cost.low, cost.high));
        const saving = formatSavings(estimate.savings[alternative.id]);
        // Its own column from 640 px up; under the cost on a phone.
        if ((page.viewportSize()?.width ?? 0) >= 640) await expect(row.getByTestId("alternative-saving")).toHaveText(saving);
        else await expect(row.getByText(`Flat plan: ${saving}`, { exact: true })).toBeVisible();
      }
      return estimate;
    };

    for (const scenario of scenarios) {
      await interactions.fill(String(scenario.estimate.interactions));
      await minutes.fill(String(averageCallMinutes));
      const estimate = await expectRows(scenario.estimate.interactions, averageCallMinutes);
      expect(estimate).toEqual(scenario.estimate);
      // The calculator's row reads exactly like the scenario card's.
      const scenarioCost = await page.getByTestId(`scenario-${scenario.id}`).locator('[data-alternative="answering-service"] [data-testid="scenario-cost"]').textContent();
      await expect(calculator.locator('tr[data-alternative="answering-service"]').getByTestId("alternative-cost")).toHaveText(scenarioCost ?? "");
    }

    await interactions.fill("2500");
    await minutes.fill("7");
    const busy = await expectRows(2500, 7);
    expect(busy.alternatives["answering-service"]).toEqual({ low: 2500 * 7 * 1.5, high: 2500 * 7 * 3 });
    await expect(calculator.getByTestId("calculator-overflow")).toHaveCount(0);

    await minutes.fill("12");
    await expectRows(2500, 12);
    await expect(calculator.getByTestId("calculator-overflow")).toBeVisible();

    await interactions.fill("");
    await expect(calculator.getByRole("alert")).toBeVisible();
    await expect(calculator.getByTestId("calculator-results")).toHaveCount(0);
    await interactions.fill("-5");
    await expect(calculator.getByRole("alert")).toBeVisible();
  });

  // @any-width: only the analytics event is checked, which does not depend on the width.
  test("Watch demo only records demo_play", { tag: "@any-width" }, async ({ page }) => {
    await page.goto(paths.compare);
    await hydrated(page);
    const before = page.url();
    await page.getByRole("button", { name: "Watch demo" }).click();
    expect(page.url()).toBe(before);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Only the event: no booking click, no consult click (consent defaults carry no event name).
    expect((await dataLayer(page)).filter((entry) => "event" in entry)).toEqual([{ event: "demo_play" }]);
  });

  // @phone-width (phone project only): the test sets its own 360 px viewport, so the desktop
  // project would only repeat it without the phone's mobile emulation.
  test("the comparison table scrolls inside its own container on a 360 px phone", { tag: "@phone-width" }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(paths.compare);
    await hydrated(page);
    await expectNoHorizontalOverflow(page);
    const region = page.getByRole("region", { name: /Comparison table/ });
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
  });
});

test.describe("faq", () => {
  test("8 questions in an accordion that opens and closes by mouse and keyboard; FAQPage JSON-LD", async ({ page }) => {
    const { faqEntries } = await import("../../app/content/faq");
    await page.goto(paths.faq);
    await hydrated(page);
    const main = page.getByRole("main");
    const triggers = main.getByRole("button", { expanded: false });
    await expect(triggers).toHaveCount(8);
    for (const entry of faqEntries) await expect(main.getByRole("button", { name: entry.question })).toBeVisible();

    const first = faqEntries[0];
    const trigger = main.getByRole("button", { name: first.question });
    await expect(main.getByText(first.answer)).toBeHidden();
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(main.getByText(first.answer)).toBeVisible();
    await trigger.click();
    await expect(main.getByText(first.answer)).toBeHidden();

    const second = faqEntries[1];
    const secondTrigger = main.getByRole("button", { name: second.question });
    await secondTrigger.focus();
    await page.keyboard.press("Enter");
    await expect(main.getByText(second.answer)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(main.getByRole("button", { name: faqEntries[2].question })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect(main.getByText(second.answer)).toBeHidden();

    const faqPage = (await jsonLdBlocks(page)).find((b) => b["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faqPage.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(faqEntries.map((e) => [e.question, e.answer]));
  });
});
