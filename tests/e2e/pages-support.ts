import { expect, type Locator, type Page } from "@playwright/test";
import type { RuntimeConfig } from "../../shared/runtime-config";

/**
 * Waits until React has hydrated the prerendered page (the root marks `<html data-hydrated>`),
 * so a click is no longer lost on plain HTML, and the page's scripts have stopped loading.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, undefined, { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
}

/**
 * Presses a control that opens a dialog, once the page has hydrated, and waits for the dialog.
 * One press only: a second press while the dialog's code is still loading would land on its
 * overlay when it appears and close it again.
 */
export async function openDialogWith(page: Page, control: Locator, dialog: Locator) {
  await hydrated(page);
  await control.click();
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
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
