import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { settled } from "./pages-support";

// A deployment with a tag manager and a Meta pixel configured (the "tags" server); their hosts
// are intercepted.
test.use({ baseURL: async ({ servers }, use) => use(servers.tags.url) });

type Hits = { gtm: string[]; meta: string[] };

async function interceptTags(page: Page): Promise<Hits> {
  const hits: Hits = { gtm: [], meta: [] };
  await page.route("https://www.googletagmanager.com/**", (route) => {
    hits.gtm.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.__gtmLoaded = true;" });
  });
  await page.route("https://connect.facebook.net/**", (route) => {
    hits.meta.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.__metaLoaded = true;" });
  });
  return hits;
}

/** The dataLayer with gtag's `arguments` entries turned into arrays. */
async function dataLayer(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === "[object Arguments]" ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  );
}

const denied = { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };

test("nothing loads before consent; rejecting keeps it that way and is remembered", async ({ page }) => {
  const hits = await interceptTags(page);
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  const layer = await dataLayer(page);
  expect(layer).toContainEqual(["consent", "default", { ...denied, wait_for_update: 500 }]);

  // A tracking call before consent stays in the data layer and reaches no pixel.
  await page.getByRole("banner").getByRole("button", { name: "Book demo" }).click();
  expect(await dataLayer(page)).toContainEqual({ event: "cta_book_click", location: "navbar" });
  // The dialog's code loads on first use: close it once it is there, or it would open over the banner later.
  const booking = page.getByRole("dialog", { name: "SEE HOW AI CAN TRANSFORM YOUR BUSINESS" });
  await expect(booking).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(booking).toBeHidden();

  await page.getByRole("button", { name: "Reject all" }).click();
  await expect(banner).toBeHidden();
  expect(await dataLayer(page)).toContainEqual(["consent", "update", denied]);
  await page.reload();
  await settled(page);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  expect(hits).toEqual({ gtm: [], meta: [] });
});

test("choosing analytics only loads the tag manager but not the pixel; the footer reopens the choice", async ({ page }) => {
  const hits = await interceptTags(page);
  await page.goto("/pricing");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Choose" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog.getByRole("switch", { name: "Analytics" })).not.toBeChecked();
  await dialog.getByRole("switch", { name: "Analytics" }).click();
  await dialog.getByRole("button", { name: "Save choices" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => hits.gtm.length).toBe(1);
  expect(hits.gtm[0]).toContain("gtm.js?id=GTM-TEST123");
  expect(hits.meta).toEqual([]);
  expect(await dataLayer(page)).toContainEqual([
    "consent",
    "update",
    { ...denied, analytics_storage: "granted" },
  ]);

  // Reopen from the footer: the stored choice is shown; withdraw analytics, allow advertising.
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(dialog.getByRole("switch", { name: "Analytics" })).toBeChecked();
  await dialog.getByRole("switch", { name: "Analytics" }).click();
  await dialog.getByRole("switch", { name: "Advertising" }).click();
  await dialog.getByRole("button", { name: "Save choices" }).click();
  await expect.poll(() => hits.meta.length).toBe(1);
  expect(await dataLayer(page)).toContainEqual([
    "consent",
    "update",
    { analytics_storage: "denied", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" },
  ]);
});

test("accepting all loads the tag manager and the pixel, and on later visits too", async ({ page }) => {
  const hits = await interceptTags(page);
  await page.goto("/faq");
  await page.getByRole("button", { name: "Accept all" }).click();
  await expect.poll(() => ({ gtm: hits.gtm.length, meta: hits.meta.length })).toEqual({ gtm: 1, meta: 1 });
  await page.goto("/about");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  await expect.poll(() => ({ gtm: hits.gtm.length, meta: hits.meta.length })).toEqual({ gtm: 2, meta: 2 });
});

test("with no tag or pixel configured there is no banner, and the footer says nothing is used", async ({ page, servers }) => {
  await page.goto(`${servers.site.url}/`);
  await settled(page);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie settings" })).toContainText("no analytics or advertising cookies");
});
