import type { Locator, Page, Request } from "@playwright/test";
import { expect, readingTest, test, uniqueEmail } from "./fixtures";
import { holdRequests } from "./held-requests";
import { interceptThirdParties } from "./leads-fixtures";
import { hydrated, settled } from "./pages-support";

/*
 * The lead dialogs by keyboard, their code warmed before the first press, and what a press does
 * when that code cannot load (app/components/ui/dialog.tsx, app/lib/lazy-import.ts,
 * app/lib/chunk-fallback.tsx; issue 12).
 */

const BOOKING_TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";
const ENTERPRISE_TITLE = "Book an enterprise consultation";
const FORM_LOAD_FAILED = "The form could not load";

// Built chunks by their source module's name (build/client/assets/<name>-<hash>.js).
const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);
const BOOKING_FORM = chunk("booking-form");
const BOOKING_DIALOG_CONTENT = chunk("booking-dialog-content");
const ENTERPRISE_LEAD_FORM = chunk("enterprise-lead-form");

type Opener = {
  name: string;
  path: string;
  control: (page: Page) => Locator;
  dialog: string;
  width?: "desktop";
};

const mainButton = (name: string, which: "first" | "last" | number) => (page: Page) => {
  const all = page.locator("main").getByRole("button", { name, exact: true });
  return which === "first" ? all.first() : which === "last" ? all.last() : all.nth(which);
};

/**
 * The controls that open a lead dialog (docs/product.md), one of each kind on each page: the
 * header's, a page's own Book demo (the same component at every place on a page), the compare
 * page's Book a demo and /enterprise's consult button (the tab bar's Book is a link to /book). At
 * phone width one opener of each dialog (the same components; the header's button is hidden).
 */
const openers: Opener[] = [
  { name: "navbar Book demo", path: "/about", control: (p) => p.getByRole("banner").getByRole("button", { name: "Book demo" }), dialog: BOOKING_TITLE, width: "desktop" },
  { name: "home hero Book demo", path: "/", control: mainButton("Book demo", 0), dialog: BOOKING_TITLE },
  { name: "pricing card Book demo", path: "/pricing", control: mainButton("Book demo", "first"), dialog: BOOKING_TITLE, width: "desktop" },
  { name: "/compare hero Book a demo", path: "/compare", control: mainButton("Book a demo", "first"), dialog: ENTERPRISE_TITLE },
  { name: "/enterprise Book directly", path: "/enterprise", control: mainButton("Book a consultation", "last"), dialog: ENTERPRISE_TITLE, width: "desktop" },
];

/** Focuses the control and presses Enter, as a keyboard user does. */
async function pressWithKeyboard(page: Page, control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press("Enter");
}

readingTest.describe("keyboard: focus moves into the form and back to the control that opened the dialog", () => {
  for (const opener of openers) {
    readingTest(`${opener.name}: Enter, the first field, Escape`, async ({ page, isMobile }) => {
      readingTest.skip(opener.width === "desktop" && isMobile, "shown at desktop width only");
      await page.goto(opener.path);
      await hydrated(page);
      const control = opener.control(page);
      await pressWithKeyboard(page, control);
      const dialog = page.getByRole("dialog", { name: opener.dialog });
      const name = dialog.getByLabel("Full name");
      await expect(name).toBeFocused({ timeout: 15_000 });
      await page.keyboard.type("Ada Lovelace");
      await expect(name).toHaveValue("Ada Lovelace");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(control).toBeFocused();

      // Again, the code now in: straight to the field, a fresh form; the Close button returns focus too.
      await page.keyboard.press("Enter");
      await expect(name).toBeFocused();
      await expect(name).toHaveValue("");
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(control).toBeFocused();
    });
  }

  readingTest("a press outside the dialog closes it and returns focus to the control", async ({ page }) => {
    await page.goto("/pricing");
    await hydrated(page);
    const control = mainButton("Book demo", "first")(page);
    await pressWithKeyboard(page, control);
    const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
    await expect(dialog.getByLabel("Full name")).toBeFocused({ timeout: 15_000 });
    // Radix starts listening for presses outside one task after the dialog mounts (so the press
    // that opened it cannot close it); on a loaded machine the test could press before that. A
    // person presses after seeing the dialog open: wait for its opening animation to end.
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(control).toBeFocused();
  });
});

test("while the form's code loads, focus waits on the dialog (not on Close), then moves to the first field", async ({ page }) => {
  const release = await holdRequests(page, BOOKING_FORM);
  await page.goto("/pricing");
  await hydrated(page);
  const control = mainButton("Book demo", "first")(page);
  await pressWithKeyboard(page, control);
  const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
  await expect(dialog.getByRole("status")).toHaveText("Loading the form", { timeout: 15_000 });
  await expect(dialog).toBeFocused();
  await release();
  await expect(dialog.getByLabel("Full name")).toBeFocused({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(control).toBeFocused();
});

test("a tap kept before hydration and replayed: the first field, then focus back on the tapped button", async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/[^/]+\.js$/);
  await page.goto("/pricing", { waitUntil: "commit" });
  const control = mainButton("Book demo", "first")(page);
  await control.click();
  await expect(control).toHaveAttribute("aria-busy", "true");
  await release();
  const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
  await expect(dialog.getByLabel("Full name")).toBeFocused({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(control).toBeFocused();
});

test.describe("after a successful submit", () => {
  test.use({ baseURL: async ({ servers }, use) => use(servers.leads.url) });

  test("the dialog closes and focus returns to the Book demo button", async ({ context, page }, info) => {
    await interceptThirdParties(context);
    await page.goto("/pricing");
    await hydrated(page);
    const control = mainButton("Book demo", "first")(page);
    await pressWithKeyboard(page, control);
    const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
    await expect(dialog.getByLabel("Full name")).toBeFocused({ timeout: 15_000 });
    await page.keyboard.type("Ada Lovelace");
    await dialog.getByLabel("Job title").fill("Owner");
    await dialog.getByLabel("Work email").fill(uniqueEmail(info, "ada"));
    await dialog.getByLabel("Company name").fill("Analytical Engines");
    await dialog.getByLabel("Total calls per month").fill("450");
    await dialog.getByRole("checkbox").click();
    await dialog.getByRole("button", { name: "Book my call" }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(control).toBeFocused();
  });
});

/** The requests for scripts matching `pattern`, from now on. */
function recordRequests(page: Page, pattern: RegExp) {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

test("once the page is up and idle, the booking dialog's and its form's code are fetched before any press", async ({ page, isMobile }) => {
  test.skip(isMobile, "what loads when does not depend on the width: checked once, at desktop width");
  // When the document was marked hydrated, on the page's own clock.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute("data-hydrated")) return;
      (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
  const content = recordRequests(page, BOOKING_DIALOG_CONTENT);
  const form = recordRequests(page, BOOKING_FORM);
  await page.goto("/");
  await settled(page);
  await expect.poll(() => form.length, { timeout: 15_000 }).toBe(1);
  expect(content).toHaveLength(1);
  await expect.poll(async () => (await form[0]!.response())?.status()).toBe(200);

  // Fetched after hydration (and so after the first paint), the dialog before the form.
  const timing = await page.evaluate(() => {
    const start = (pattern: string) =>
      performance.getEntriesByType("resource").find((entry) => new RegExp(pattern).test(entry.name))?.startTime ?? -1;
    return {
      hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? Infinity,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      content: start("/assets/booking-dialog-content-"),
      form: start("/assets/booking-form-"),
    };
  });
  expect(timing.content).toBeGreaterThan(timing.hydratedAt);
  expect(timing.content).toBeGreaterThan(timing.firstPaint);
  expect(timing.form).toBeGreaterThan(timing.content);

  // A press then shows the form from the module cache: nothing fetched again.
  await page.locator("main").getByRole("button", { name: "Book demo" }).first().click();
  await expect(page.getByRole("dialog", { name: BOOKING_TITLE }).getByLabel("Full name")).toBeFocused();
  expect(form).toHaveLength(1);
  expect(content).toHaveLength(1);
});

test("a visitor who asks to save data gets no warm-up: the code loads on the press", async ({ page, isMobile }) => {
  test.skip(isMobile, "what loads when does not depend on the width: checked once, at desktop width");
  await page.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true } }));
  const form = recordRequests(page, BOOKING_FORM);
  await page.goto("/");
  await settled(page);
  await settled(page);
  expect(form).toEqual([]);
  await page.locator("main").getByRole("button", { name: "Book demo" }).first().click();
  await expect(page.getByRole("dialog", { name: BOOKING_TITLE }).getByLabel("Full name")).toBeFocused({ timeout: 15_000 });
  expect(form).toHaveLength(1);
});

test.describe("code that cannot load: retried, then the form's own page, never a dead button", () => {
  test.skip(({ isMobile }) => isMobile, "the fallback does not depend on the width: checked once, at desktop width");
  test.beforeEach(({ browserErrors }) => {
    browserErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/, "the test fails the chunk's requests");
  });

  test("the booking form's code: a message in the dialog, then /book-demo", async ({ page }) => {
    const attempts = recordRequests(page, BOOKING_FORM);
    await page.route(BOOKING_FORM, (route) => route.abort());
    await page.goto("/");
    await hydrated(page);
    await page.locator("main").getByRole("button", { name: "Book demo" }).first().click();
    const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
    await expect(dialog.getByRole("alert")).toContainText(FORM_LOAD_FAILED, { timeout: 15_000 });
    await expect(dialog.getByRole("link", { name: /Opening the form's page/ })).toHaveAttribute("href", /^\/book-demo(#|$)/);
    expect(attempts.length, "the chunk was requested again after failing").toBeGreaterThanOrEqual(3);
    await page.waitForURL((url) => url.pathname === "/book-demo", { timeout: 15_000 });
  });

  test("the booking dialog's code: a message, then /book-demo", async ({ page }) => {
    const attempts = recordRequests(page, BOOKING_DIALOG_CONTENT);
    await page.route(BOOKING_DIALOG_CONTENT, (route) => route.abort());
    await page.goto("/pricing");
    await hydrated(page);
    await page.locator("main").getByRole("button", { name: "Book demo" }).first().click();
    await expect(page.getByText(FORM_LOAD_FAILED)).toBeVisible({ timeout: 15_000 });
    expect(attempts.length, "the chunk was requested again after failing").toBeGreaterThanOrEqual(3);
    await page.waitForURL((url) => url.pathname === "/book-demo", { timeout: 15_000 });
  });

  test("the enterprise form's code on /compare: a message in the dialog, then the request form on /enterprise", async ({ page }) => {
    await page.route(ENTERPRISE_LEAD_FORM, (route) => route.abort());
    await page.goto("/compare");
    await hydrated(page);
    await pressWithKeyboard(page, mainButton("Book a demo", "first")(page));
    const dialog = page.getByRole("dialog", { name: ENTERPRISE_TITLE });
    await expect(dialog.getByRole("alert")).toContainText(FORM_LOAD_FAILED, { timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === "/enterprise" && url.hash !== "", { timeout: 15_000 });
    const section = new URL(page.url()).hash;
    await expect(page.locator(section).getByLabel("Full name")).toBeInViewport();
  });

  test("the enterprise form's code on /enterprise: the dialog closes onto the page's own request form", async ({ page }) => {
    await page.route(ENTERPRISE_LEAD_FORM, (route) => route.abort());
    await page.goto("/enterprise");
    await hydrated(page);
    await pressWithKeyboard(page, mainButton("Book a consultation", "first")(page));
    const dialog = page.getByRole("dialog", { name: ENTERPRISE_TITLE });
    await expect(dialog.getByRole("alert")).toContainText(FORM_LOAD_FAILED, { timeout: 15_000 });
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/enterprise#\w/);
    const section = new URL(page.url()).hash;
    await expect(page.locator(section).getByLabel("Full name")).toBeInViewport();
  });
});
