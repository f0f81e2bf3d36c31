import { publicPaths, paths } from "../../shared/site-routes";
import { faqEntries } from "../../app/content/faq";
import { assumptionList, costFaq, scenarios } from "../../app/content/compare";
import { formatUsdRange } from "../../app/content/format";
import { expect, test } from "./fixtures";

// What every page's prerendered HTML holds is read through the server in tests/api/site.test.ts;
// here, that the browser shows it without scripts, and what only the HTML does. /pricing's billing
// switch without scripts: native-controls.spec.ts.

const NOT_FOUND = "/no-such-page";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  // All pages in one page, at desktop width: a stylesheet rule that hid content until scripts ran
  // would show here. What their HTML holds, the same at every width: tests/api/site.test.ts.
  test("every page, and the 404 page, shows its h1 and the content of main without scripts", async ({ page, browserErrors }) => {
    // 21 pages: each a second or so on a loaded machine.
    test.setTimeout(60_000);
    browserErrors.allow(/status of 404/, "the unknown path answers 404, which the browser reports");
    for (const path of [...publicPaths, NOT_FOUND]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect(page.getByRole("main"), path).not.toBeEmpty();
    }
  });

  test("every FAQ answer on /faq and every cost answer on /compare opens from its question; /compare's calculator shows both scenarios, and its assumptions open", async ({ page }) => {
    for (const [path, entries] of [[paths.faq, faqEntries], [paths.compare, costFaq]] as const) {
      await page.goto(path);
      for (const entry of entries) {
        await expect(page.getByText(entry.answer)).toBeHidden();
        await page.locator("summary", { hasText: entry.question }).click();
        await expect(page.getByText(entry.answer)).toBeVisible();
      }
    }

    const calculator = page.getByTestId("cost-calculator");
    // Inputs that could not compute give way to a note.
    await expect(calculator.getByTestId("calculator-no-script")).toBeVisible();
    await expect(calculator.getByLabel("Interactions per month")).toBeHidden();
    for (const [column, scenario] of [["yours", scenarios[0]!], ["busy", scenarios[1]!]] as const) {
      const cost = scenario.estimate.alternatives["answering-service"];
      await expect(calculator.locator(`tbody[data-alternative="answering-service"] td[data-column="${column}"]`)).toContainText(formatUsdRange(cost.low, cost.high));
    }
    const assumptions = page.getByTestId("assumptions");
    await expect(assumptions).toBeHidden();
    await page.getByTestId("assumptions-disclosure").locator("summary").click();
    for (const item of assumptionList) await expect(assumptions.getByText(item, { exact: true })).toBeVisible();
  });
});
