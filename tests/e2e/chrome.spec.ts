import { footerColumns, industryLinks, resourceLinks } from "../../app/content/brand";
import { homeHero } from "../../app/content/home";
import { expect, readingTest as test } from "./fixtures";
import { hydrated } from "./pages-support";

// Every page's navigation per width is checked by expectSoundPage (pages-every-route.spec.ts and
// the pages' own tests it names), its footer's tagline
// in tests/api/site.test.ts, the phone's tab bar and sheets in native-controls.spec.ts, the toast
// region in pages-home.spec.ts.

test("desktop navigation: the Solutions menu by keyboard and pointer, the Resources menu with Merch in a new tab, Pricing and Enterprise as direct links", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const solutions = page.getByRole("button", { name: "Solutions" });
  await expect(solutions).toHaveAttribute("aria-expanded", "false");
  await solutions.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Solutions" });
  await expect(solutions).toHaveAttribute("aria-expanded", "true");
  // Focus moves to the first item; the arrow keys move between items.
  await expect(menu.getByRole("menuitem", { name: "Features" })).toBeFocused();
  await expect(menu.getByRole("menuitem", { name: "Features" })).toHaveAttribute("href", "/features");
  await expect(menu.getByRole("menuitem", { name: "Compare costs" })).toHaveAttribute("href", "/compare");
  const industries = menu.getByRole("group", { name: "Industries" });
  for (const link of industryLinks) {
    await expect(industries.getByRole("menuitem", { name: link.label })).toHaveAttribute("href", link.to);
  }
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Compare costs" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: industryLinks.at(-1)!.label })).toBeFocused();
  // Escape closes it and gives focus back to its button.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(solutions).toBeFocused();
  await expect(solutions).toHaveAttribute("aria-expanded", "false");
  await solutions.click();
  await page.getByRole("menuitem", { name: "Law Firms" }).click();
  await expect(page).toHaveURL(/\/industries\/law$/);
  await expect(page.getByRole("menu")).toHaveCount(0);

  await page.getByRole("button", { name: "Resources" }).click();
  for (const link of resourceLinks) {
    await expect(page.getByRole("menuitem", { name: link.label })).toHaveAttribute("href", link.to);
  }
  const merch = page.getByRole("menuitem", { name: /Merch/ });
  await expect(merch).toHaveAttribute("target", "_blank");
  await expect(merch).toHaveAttribute("rel", /noopener/);
  await expect(merch).toHaveAttribute("href", /^https?:\/\//);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await nav.getByRole("link", { name: "Enterprise" }).click();
  await expect(page).toHaveURL(/\/enterprise$/);
});

test("the footer has its three columns, tagline, reseller badge and this year's copyright", async ({ page }) => {
  await page.goto("/pricing");
  await hydrated(page);
  const footer = page.getByRole("contentinfo");
  for (const column of footerColumns) {
    await expect(footer.getByRole("heading", { name: column.title })).toBeVisible();
    for (const link of column.links) {
      await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
    }
  }
  await expect(footer).toContainText("Enterprise-grade AI agents for SMBs");
  await expect(footer).toContainText(/authorized reseller/i);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
});

// The not-found page's status, heading and link home in the served HTML: tests/api/site.test.ts.
test("the not-found page hydrates and its link goes home; client-side navigation to an unknown path shows it too", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 404/, "the page itself answers 404, which the browser reports");
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeHero.title);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);

  await page.evaluate(() => {
    window.history.pushState({}, "", "/missing");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

// The public pages' route manifest leaves the staff routes out (scripts/postbuild.mjs).
test("a staff page reached in the browser from a public page opens, loaded as a document", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 401/, "the login page's session check answers 401 without a session");
  await page.goto("/pricing");
  await hydrated(page);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/admin/login");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

