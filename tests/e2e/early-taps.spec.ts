import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";
import { holdRequests } from "./held-requests";
import { interceptThirdParties } from "./leads-fixtures";
import { dataLayer, hydrated } from "./pages-support";

/**
 * A tap on a Book or consult button between its first paint and hydration (docs/decisions/0501,
 * docs/decisions/0501): the dialog and its form are in the page and the button opens them itself,
 * at once; the click is counted once the scripts arrive. If they never do, the form still works:
 * it posts natively to its page (the dialog's plain form: dialog-focus.spec.ts; its post:
 * leads-no-js.spec.ts). Never lost, never done twice.
 */

const SCRIPTS = /\/assets\/[^/]+\.js$/;
// A tap before hydration is a phone's problem (slow network, slow CPU): checked in the phone
// project; what happens when the scripts never load does not depend on the width (desktop).
const phoneOnly = { tag: "@phone-width" };
const BOOKING_TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";

/** Opens `path` with every script held back; the returned function lets them through. */
async function openWithScriptsHeld(page: Page, path: string) {
  const release = await holdRequests(page, SCRIPTS);
  await page.goto(path, { waitUntil: "commit" });
  return release;
}

test("/pricing: Book demo tapped before hydration opens the booking dialog at once, counted once when the scripts load; Escape then gives focus back to it", phoneOnly, async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/pricing");
  const button = page.getByTestId("price-card").getByRole("button", { name: "Book demo" });
  await button.click();
  const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
  await expect(dialog.getByLabel("Full name")).toBeFocused();
  await expect(page).toHaveURL(/\/pricing$/);
  await release();
  await hydrated(page);
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect.poll(async () => (await dataLayer(page)).filter((event) => event.event === "cta_book_click")).toEqual([
    expect.objectContaining({ location: "pricing" }),
  ]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("/compare: a consult button tapped before hydration opens the enterprise dialog at once, counted once when the scripts load", phoneOnly, async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/compare");
  const button = page.getByRole("main").getByRole("button", { name: "Book a demo" }).first();
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Book an enterprise consultation" });
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  await release();
  await hydrated(page);
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect.poll(async () => (await dataLayer(page)).filter((event) => event.event === "cta_book_click")).toEqual([
    expect.objectContaining({ location: "compare" }),
  ]);
});

test.describe("the leads server (bot check on)", () => {
  test.use({ baseURL: async ({ servers }, use) => use(servers.leads.url) });

  test(
    "Book demo with the scripts held back: the form at once; a lead typed and sent there is held, then stored once, checked, as typed",
    phoneOnly,
    async ({ context, page, leadDesk }, info) => {
      await interceptThirdParties(context);
      const email = uniqueEmail(info, "early-book");
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
      });
      const release = await openWithScriptsHeld(page, "/");
      await page.getByRole("main").getByRole("button", { name: "Book demo" }).first().click();
      const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
      await expect(dialog.getByLabel("Full name")).toBeFocused();
      await page.keyboard.type("Early Eve");
      await dialog.getByLabel("Job title").fill("Owner");
      await dialog.getByLabel("Work email").fill(email);
      await dialog.getByLabel("Company name").fill("First Paint Plumbing");
      await dialog.getByLabel("Total calls per month").fill("210");
      await dialog.getByRole("checkbox").check();
      await dialog.getByRole("button", { name: "Book my call" }).click();
      // Held for the bot check: nothing posted, the visitor stays with the form.
      await expect(dialog.getByRole("button", { name: "Book my call" })).toHaveAttribute("aria-busy", "true");
      expect(posts).toEqual([]);
      await release();
      await expect(page.getByText("Success!", { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(dialog).toBeHidden();
      await expect.poll(async () => (await leadDesk.bookings(email)).length).toBe(1);
      const [row] = await leadDesk.bookings(email);
      expect(row).toMatchObject({
        name: "Early Eve",
        jobTitle: "Owner",
        companyName: "First Paint Plumbing",
        totalCalls: 210,
        tcpaConsent: true,
        sourceForm: "booking_dialog",
        botCheck: "passed",
      });
      // Sent once, by the enhanced form with its token: never natively to /book-demo.
      expect(posts.filter((path) => !path.startsWith("/api/"))).toEqual([]);
      expect(posts.filter((path) => path === "/api/submit-booking")).toHaveLength(1);
    },
  );
});

test("/contact: when the form's code cannot load, a submit made meanwhile is sent natively with what was typed, and the form says so", async ({ page, browserErrors }) => {
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

test("/contact: when the form's code cannot load, the form stays as plain HTML, says so, and posts natively", async ({ page, browserErrors }) => {
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
