import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { publicPaths, paths } from "../../shared/site-routes";
import { hydrated, stubSchedulers } from "./pages-support";
import { expectNoClassConflicts } from "./class-conflicts";

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

// The page's Content-Security-Policy allows no unlisted inline script; the test's own injected
// axe-core is not part of the site, so the browser context bypasses the policy for it.
test.use({ bypassCSP: true });

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] };

/** Runs axe-core (WCAG 2.x A and AA plus best practices) on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
    return result.violations;
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const path of [...publicPaths, "/no-such-page"]) {
  test(`axe finds no violations on ${path}, and no element has conflicting utilities`, async ({ page }) => {
    await stubSchedulers(page);
    await page.goto(path);
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await expectNoClassConflicts(page);
  });
}

test("axe finds no violations with the annual price, an open FAQ answer and the booking dialog", async ({ page }) => {
  await page.goto(paths.pricing);
  await hydrated(page);
  await page.getByRole("switch", { name: "Annual billing" }).click();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoClassConflicts(page);

  await page.goto(paths.faq);
  await hydrated(page);
  await page.getByRole("main").getByRole("button").first().click();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(paths.home);
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Book demo" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoClassConflicts(page);
});

test("keyboard focus is visible on the pricing switch", async ({ page }) => {
  await page.goto(paths.pricing);
  await hydrated(page);
  const toggle = page.getByRole("switch", { name: "Annual billing" });
  await toggle.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  const ring = await toggle.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(ring.outline !== "none" || ring.shadow !== "none").toBe(true);
});
