import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdRequests } from "./held-requests";
import { dataLayer } from "./pages-support";

/**
 * A tap on a Book or consult button between its first paint and hydration (app/lib/early-taps.ts,
 * docs/decisions/0501): kept, shown as busy, replayed once when the scripts arrive; if they never
 * do, the visitor lands on the form's page instead. Never lost, never done twice.
 */

const SCRIPTS = /\/assets\/[^/]+\.js$/;

/** Opens `path` with every script held back; the returned function lets them through. */
async function openWithScriptsHeld(page: Page, path: string) {
  const release = await holdRequests(page, SCRIPTS);
  await page.goto(path, { waitUntil: "commit" });
  return release;
}

test("/pricing: Book demo tapped before hydration opens the booking dialog once the scripts load, once", async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/pricing");
  const button = page.getByTestId("price-card").getByRole("button", { name: "Book demo" });
  await button.click();
  // A second impatient tap is the same intent.
  await button.click();
  await expect(button).toHaveAttribute("aria-busy", "true");
  await expect(page).toHaveURL(/\/pricing$/);
  await release();
  const dialog = page.getByRole("dialog", { name: "SEE HOW AI CAN TRANSFORM YOUR BUSINESS" });
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  // Behind the open dialog the page is hidden from the accessibility tree: found by its marker.
  await expect(page.getByTestId("price-card").locator("[data-early-tap]")).not.toHaveAttribute("aria-busy");
  await expect(page.getByRole("dialog")).toHaveCount(1);
  const clicks = (await dataLayer(page)).filter((event) => event.event === "cta_book_click");
  expect(clicks).toEqual([expect.objectContaining({ location: "pricing" })]);
});

test("/compare: a consult button tapped before hydration opens the enterprise dialog once the scripts load", async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/compare");
  const button = page.getByRole("main").getByRole("button", { name: "Book a demo" }).first();
  await button.click();
  await expect(button).toHaveAttribute("aria-busy", "true");
  await release();
  const dialog = page.getByRole("dialog", { name: "Book an enterprise consultation" });
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  const clicks = (await dataLayer(page)).filter((event) => event.event === "cta_book_click");
  expect(clicks).toEqual([expect.objectContaining({ location: "compare" })]);
});

test("scripts that fail to load: the tap goes to the booking form's page, where the form works without them", async ({ page, browserErrors, isMobile }) => {
  test.skip(isMobile, "the fallback does not depend on the width: checked once, at desktop width");
  browserErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module/, "the test makes every script fail");
  await page.route(SCRIPTS, (route) => route.abort("failed"));
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("main").getByRole("button", { name: "Book demo" }).first().click();
  await expect(page).toHaveURL(/\/book-demo\??#booking-form$/);
  const form = page.getByRole("form", { name: "Book a demo" });
  await expect(form.getByLabel("Full name")).toBeVisible();
  await expect(form).toHaveAttribute("method", "post");
});

test("/contact: when the form's code cannot load, a submit made meanwhile is sent natively with what was typed, and the form says so", async ({ page, browserErrors, isMobile }) => {
  test.skip(isMobile, "the fallback does not depend on the width: checked once, at desktop width");
  browserErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module/, "the test makes the form's code fail");
  // Every request for the form's code waits, then fails once the test says so.
  let fail!: () => void;
  const failing = new Promise<void>((resolve) => (fail = resolve));
  await page.route(/\/assets\/contact-form-[^/]+\.js$/, async (route) => {
    await failing;
    await route.abort("failed");
  });
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact us" });
  const email = `fiona-${Date.now()}@example.com`;
  await form.getByLabel("Name", { exact: true }).fill("Fallback Fiona");
  await form.getByLabel("Company", { exact: true }).fill("Plain Forms Inc");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Industry").selectOption("other");
  await form.getByLabel("Notes (optional)").fill("Typed before the code failed");
  await form.getByRole("button", { name: "Send message" }).click();
  // Held for the code; then the code fails: the plain form goes, with the values typed.
  expect(new URL(page.url()).search).toBe("");
  fail();
  await expect(page.getByRole("status").getByText("Thanks! We'll be in touch soon.")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/contact#contact-form$/);
});

test("/contact: when the form's code cannot load, the form stays as plain HTML, says so, and posts natively", async ({ page, browserErrors, isMobile }) => {
  test.skip(isMobile, "the fallback does not depend on the width: checked once, at desktop width");
  browserErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module/, "the test makes the form's code fail");
  await page.route(/\/assets\/contact-form-[^/]+\.js$/, (route) => route.abort("failed"));
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name", { exact: true }).focus();
  await expect(page.getByText("Some of this form's features could not load. You can still send it.")).toBeVisible({ timeout: 15_000 });
  const plain = page.getByRole("form", { name: "Contact us" });
  await plain.getByLabel("Name", { exact: true }).fill("Fallback Fiona");
  await plain.getByLabel("Company", { exact: true }).fill("Plain Forms Inc");
  await plain.getByLabel("Email", { exact: true }).fill(`fiona-${Date.now()}@example.com`);
  await plain.getByLabel("Industry").selectOption("other");
  await plain.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").getByText("Thanks! We'll be in touch soon.")).toBeVisible();
  await expect(page).toHaveURL(/\/contact#contact-form$/);
});
