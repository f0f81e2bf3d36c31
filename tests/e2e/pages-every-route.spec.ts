import { paths, publicPaths } from "../../shared/site-routes";
import { industryPages } from "../../app/content/industries";
import { featurePages } from "../../app/content/feature-pages";
import { expect, readingTest as test } from "./fixtures";
import { expectSoundPage, stubSchedulers } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/**
 * Every page, at each width: the chrome, no sideways overflow (also at 360 px on the phone), no
 * console error or CSP violation, axe-core finding no violation (expectSoundPage). What the
 * prerendered HTML holds (the same at every width: exact title and description, canonical URL,
 * h1, content in main, the footer's tagline, no conflicting utilities) is read through the server
 * in tests/api/site.test.ts; that it shows without scripts, in tests/e2e/pages-no-js.spec.ts.
 *
 * The pages whose own tests visit them at both widths end those tests with the same checks (the
 * home page: pages-home; the industry pages: pages-industries; the features overview and the
 * feature pages: pages-features-industries; /pricing, /compare and /faq: pages-pricing-compare;
 * /about: pages-company): a second visit here would read the same page again.
 */

const NOT_FOUND = "/no-such-page";
const readByTheirOwnTests = new Set<string>([
  paths.home,
  paths.features,
  paths.pricing,
  paths.compare,
  paths.faq,
  paths.about,
  ...Object.values(industryPages).map((page) => page.path),
  ...Object.values(featurePages).map((page) => page.path),
]);

for (const path of [...publicPaths.filter((path) => !readByTheirOwnTests.has(path)), NOT_FOUND]) {
  const known = path !== NOT_FOUND;
  test(`${path}: chrome, no overflow, no console error or CSP violation, no axe violation`, layout, async ({ page, browserErrors }, info) => {
    if (!known) browserErrors.allow(/status of 404/, "the page itself answers 404, which the browser reports");

    await stubSchedulers(page);
    const response = await page.goto(path);
    // That this is the page meant, before reading its layout.
    expect(response?.status()).toBe(known ? 200 : 404);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectSoundPage(page, info);
  });
}
