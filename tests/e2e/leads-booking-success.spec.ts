import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { dataLayerEvents, interceptThirdParties } from "./leads-fixtures";
import { settled } from "./pages-support";

/**
 * /booking-success: reads name (default 'Guest') and email after hydration, moves them out of the
 * address bar before any tag can read it, fires booking_completed without them, and sends the
 * conversion pixels only where configured and consented to (docs/decisions/0104).
 * Plain pages come from the "site" server (its support address is help@agentdesk.example),
 * conversions from the "pixels" server (GA4 and a Meta pixel configured).
 */

async function completedEvents(page: Page) {
  await expect.poll(async () => (await dataLayerEvents(page)).filter((e) => e.event === "booking_completed").length).toBe(1);
  return (await dataLayerEvents(page)).filter((e) => e.event === "booking_completed");
}

test("greets the booker by name, fires booking_completed once, loads no pixel when none is configured", async ({ context, page }) => {
  const requests = await interceptThirdParties(context);
  await page.goto(`/booking-success?name=Ada%20Lovelace&email=ada%40example.com`);
  await expect(page.getByRole("heading", { name: "Thank you, Ada Lovelace!" })).toBeVisible();
  await expect(page.getByText("ada@example.com")).toBeVisible();
  const [event] = await completedEvents(page);
  expect(Object.keys(event!).sort()).toEqual(["event", "timestamp"]);
  expect(Date.now() - Date.parse(String(event!.timestamp))).toBeLessThan(60_000);
  await expect(page).toHaveURL(/\/booking-success$/);
  // A reload (the URL no longer has them) still greets the booker: they are in this tab's session.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank you, Ada Lovelace!" })).toBeVisible();

  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Explore features" })).toHaveAttribute("href", "/features");
  await expect(page.getByRole("link", { name: "help@agentdesk.example" })).toHaveAttribute("href", "mailto:help@agentdesk.example");
  await settled(page);
  expect(requests).toEqual([]);
  await expect(page).toHaveTitle(/Booking confirmed/);
});

test("with GA4 and Meta configured and consented to: generate_lead and Lead are sent", async ({ context, page, servers }) => {
  const requests = await interceptThirdParties(context);
  // The tag and pixel scripts record the page address they run on (GA4's page_location, Meta's PageView).
  await context.route(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "(window.__tagUrls = window.__tagUrls || []).push(location.href);" });
  });
  await context.addInitScript(() => {
    localStorage.setItem("agentdesk.consent.v1", JSON.stringify({ analytics: true, advertising: true, decidedAt: new Date().toISOString() }));
  });
  await page.goto(`${servers.pixels.url}/booking-success?name=Grace&email=grace%40example.com&utm_source=newsletter`);
  await expect(page.getByRole("heading", { name: "Thank you, Grace!" })).toBeVisible();
  await expect(page.getByText("grace@example.com")).toBeVisible();
  await completedEvents(page);
  await expect(page).toHaveURL(/\/booking-success\?utm_source=newsletter$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tagUrls?: string[] }).__tagUrls?.length ?? 0)).toBe(2);
  const tagUrls = await page.evaluate(() => (window as unknown as { __tagUrls: string[] }).__tagUrls);
  for (const url of tagUrls) expect(url).toBe(`${servers.pixels.url}/booking-success?utm_source=newsletter`);
  // Nothing in the dataLayer (events and gtag commands) or sent to a tag host carries the booker.
  const everything = await page.evaluate(() =>
    JSON.stringify(((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).map((e) => (typeof e === "object" && e !== null && "length" in e ? Array.from(e as ArrayLike<unknown>) : e))),
  );
  expect(everything).not.toMatch(/grace/i);
  expect(requests.filter((r) => /grace/i.test(r))).toEqual([]);
  await expect.poll(() => requests.some((r) => r.startsWith("https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1"))).toBe(true);
  await expect.poll(() => requests.some((r) => r.startsWith("https://connect.facebook.net/"))).toBe(true);
  const commands = await page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? [])
      .filter((e) => typeof e === "object" && e !== null && "length" in (e as object))
      .map((e) => Array.from(e as ArrayLike<unknown>)),
  );
  expect(commands).toContainEqual(["event", "generate_lead", { send_to: "G-E2ETEST1" }]);
  const fbq = await page.evaluate(() => (window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []);
  expect(fbq).toContainEqual(["track", "Lead"]);
});

test("with pixels configured but no consent given: nothing is loaded or sent; without a query, the default name", async ({ context, page, servers }) => {
  const requests = await interceptThirdParties(context);
  await page.goto(`${servers.pixels.url}/booking-success`);
  await expect(page.getByRole("heading", { name: "Thank you, Guest!" })).toBeVisible();
  await expect(page.getByText("A calendar invitation is on its way to your inbox.")).toBeVisible();
  await completedEvents(page);
  await settled(page);
  expect(requests.filter((r) => /googletagmanager|facebook/.test(r))).toEqual([]);
  await page.getByRole("link", { name: "Explore features" }).click();
  await expect(page).toHaveURL(/\/features$/);
});
