import { publicPaths } from "../../shared/site-routes";
import { pageSeo } from "../../app/content/seo";
import { brand } from "../../app/content/brand";
import { expect, readingTest as test } from "./fixtures";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { expectNoHorizontalOverflow, hydrated, stubSchedulers } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/**
 * Every page, at each width: the chrome, no sideways overflow (also at 360 px on the phone), no
 * console error or CSP violation, axe-core finding no violation, no conflicting utilities; and,
 * once (the prerendered HTML is the same at every width), the content readable without scripts.
 */

const NOT_FOUND = "/no-such-page";

for (const path of [...publicPaths, NOT_FOUND]) {
  const known = path !== NOT_FOUND;
  test(`${path}: chrome, no overflow, no console error or CSP violation, no axe violation, readable without JavaScript`, layout, async ({
    page,
    noScriptPage,
    browserErrors,
  }, info) => {
    const phone = info.project.name === "phone";
    if (!known) browserErrors.allow(/status of 404/, "the page itself answers 404, which the browser reports");

    if (!phone) {
      const plain = await noScriptPage.goto(path);
      expect(plain?.status()).toBe(known ? 200 : 404);
      await expect(noScriptPage.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(noScriptPage.getByRole("main")).not.toBeEmpty();
      if (known) {
        await expect(noScriptPage).toHaveTitle(pageSeo[path].title);
        await expect(noScriptPage.locator('meta[name="description"]')).toHaveAttribute("content", pageSeo[path].description);
      }
    }

    await stubSchedulers(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(known ? 200 : 404);
    await expect(page).toHaveTitle(/.+/);
    await expect(page.locator("h1").first()).toBeVisible();
    if (known) await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path === "/" ? "/" : path}$`));
    await expect(page.getByRole("contentinfo")).toContainText(brand.tagline);
    await expect(page.getByRole("navigation", { name: "Tab bar" })).toBeVisible({ visible: phone });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ visible: !phone });

    await hydrated(page);
    await expectNoHorizontalOverflow(page);
    expect(await axeViolations(page), "axe-core violations").toEqual([]);
    await expectNoClassConflicts(page);
    if (phone) {
      // The narrowest phones in use: nothing may spill sideways there either.
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoHorizontalOverflow(page);
    }
    // Recorded by the page's init script (fixtures.ts, readingTest).
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), "CSP violations").toEqual([]);
  });
}
