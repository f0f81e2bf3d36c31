import { paths } from "../../shared/site-routes";
import { expect, readingTest as test } from "./fixtures";
import { hydrated } from "./pages-support";
import { expectNoClassConflicts } from "./class-conflicts";
import { axeViolations } from "./axe";

// Every page as it loads is checked with axe-core in pages-every-route.spec.ts; here, the states
// a visitor opens.

test("axe finds no violations with the annual price, an open FAQ answer and the booking dialog", async ({ page }) => {
  await page.goto(paths.pricing);
  await hydrated(page);
  await page.getByRole("switch", { name: "Annual billing" }).click();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoClassConflicts(page);

  await page.goto(paths.faq);
  await hydrated(page);
  await page.getByRole("main").locator("summary").first().click();
  await expect(page.getByRole("main").locator("details[open]")).toHaveCount(1);
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
