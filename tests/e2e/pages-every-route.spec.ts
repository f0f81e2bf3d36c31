import { publicPaths } from "../../shared/site-routes";
import { expect, readingTest as test } from "./fixtures";
import { axeViolations } from "./axe";
import { expectNoHorizontalOverflow, hydrated, stubSchedulers } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/**
 * Every page, at each width: the chrome, no sideways overflow (also at 360 px on the phone), no
 * console error or CSP violation, axe-core finding no violation. What the prerendered HTML holds
 * (the same at every width: exact title and description, canonical URL, h1, content in main, the
 * footer's tagline, no conflicting utilities) is read through the server in tests/api/site.test.ts;
 * that it shows without scripts, in tests/e2e/pages-no-js.spec.ts.
 */

const NOT_FOUND = "/no-such-page";

for (const path of [...publicPaths, NOT_FOUND]) {
  const known = path !== NOT_FOUND;
  test(`${path}: chrome, no overflow, no console error or CSP violation, no axe violation`, layout, async ({ page, browserErrors }, info) => {
    const phone = info.project.name === "phone";
    if (!known) browserErrors.allow(/status of 404/, "the page itself answers 404, which the browser reports");

    await stubSchedulers(page);
    const response = await page.goto(path);
    // That this is the page meant, before reading its layout.
    expect(response?.status()).toBe(known ? 200 : 404);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Tab bar" })).toBeVisible({ visible: phone });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ visible: !phone });

    await hydrated(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page), "axe-core violations").toEqual([]);
    if (phone) {
      // The narrowest phones in use: nothing may spill sideways there either.
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoHorizontalOverflow(page);
    }
    // Recorded by the page's init script (fixtures.ts, readingTest).
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), "CSP violations").toEqual([]);
  });
}
