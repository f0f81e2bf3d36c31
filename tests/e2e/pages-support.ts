import { expect, type Page } from "@playwright/test";
import type { RuntimeConfig } from "../../shared/runtime-config";

/** Waits until React has hydrated the prerendered page. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState("networkidle");
}

/** The deployment's runtime configuration, as the server embedded it in the page. */
export async function runtimeConfig(page: Page): Promise<RuntimeConfig> {
  const text = await page.locator("#runtime-config").textContent();
  return JSON.parse(text ?? "{}") as RuntimeConfig;
}

export async function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

/** Third-party scheduler pages are out of reach in tests: answer them with a stand-in page. */
export async function stubSchedulers(page: Page) {
  await page.route(/^https:\/\/(calendly\.com|[^/]*\.calendly\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Scheduler</title><p>Scheduler stand-in</p>" }),
  );
}

/** The section whose heading (h2) has this exact text. */
export function sectionByHeading(page: Page, name: string) {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}

export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/** The JSON-LD blocks of the page, parsed. */
export async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}
