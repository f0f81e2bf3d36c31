import type { Locator, Page, Request } from "@playwright/test";
import { expect, readingTest, test, uniqueEmail } from "./fixtures";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { holdRequests } from "./held-requests";
import { interceptThirdParties } from "./leads-fixtures";
import { dataLayer, hydrated } from "./pages-support";

/*
 * The lead dialogs by keyboard, what loads when, and what the form does when its code cannot
 * load (app/components/ui/native-dialog.tsx, app/features/lead-capture/lead-dialog.tsx,
 * app/components/hydrate-on-intent.tsx; docs/decisions/0501).
 */

const BOOKING_TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";
const ENTERPRISE_TITLE = "Book an enterprise consultation";
const PLAIN_FORM_NOTICE = "Some of this form's features could not load. You can still send it.";

// Built chunks by their source module's name (build/client/assets/<name>-<hash>.js).
const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);
const BOOKING_FORM = chunk("booking-form");
const ENTERPRISE_LEAD_FORM = chunk("enterprise-lead-form");

type Opener = {
  name: string;
  path: string;
  control: (page: Page) => Locator;
  dialog: string;
  /** What each press records in the page's data layer. */
  counted: Record<string, unknown>;
  /** The open dialog is read with axe-core and for conflicting utilities (once per dialog). */
  audit?: true;
};

const mainButton = (name: string, which: "first" | "last" | number) => (page: Page) => {
  const all = page.locator("main").getByRole("button", { name, exact: true });
  return which === "first" ? all.first() : which === "last" ? all.last() : all.nth(which);
};

/**
 * The controls that open a lead dialog (docs/product.md), one of each kind: the header's, a page's
 * own Book demo (the same component at every place on every page: the home hero's here, /pricing's
 * in the tests below and its location in pages-pricing-compare), the compare page's Book a demo
 * and /enterprise's consult button (the tab bar's Book is a link to /book). Keyboard use is
 * checked at desktop width, where the header's button is shown.
 */
const openers: Opener[] = [
  {
    name: "navbar Book demo",
    path: "/about",
    control: (p) => p.getByRole("banner").getByRole("button", { name: "Book demo" }),
    dialog: BOOKING_TITLE,
    counted: { event: "cta_book_click", location: "navbar" },
  },
  {
    name: "home hero Book demo",
    path: "/",
    control: mainButton("Book demo", 0),
    dialog: BOOKING_TITLE,
    counted: { event: "cta_book_click", location: "hero" },
    audit: true,
  },
  {
    name: "/compare hero Book a demo",
    path: "/compare",
    control: mainButton("Book a demo", "first"),
    dialog: ENTERPRISE_TITLE,
    counted: { event: "cta_book_click", location: "compare" },
  },
  {
    name: "/enterprise Book directly",
    path: "/enterprise",
    control: mainButton("Book a consultation", "last"),
    dialog: ENTERPRISE_TITLE,
    counted: { event: "enterprise_consult_click" },
  },
];

/** Focuses the control and presses Enter, as a keyboard user does. */
async function pressWithKeyboard(page: Page, control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press("Enter");
}

/** Presses /pricing's first Book demo with the keyboard: that control, and the booking dialog it opens with its first field. */
async function openBookingDialogOnPricing(page: Page) {
  await page.goto("/pricing");
  await hydrated(page);
  const control = mainButton("Book demo", "first")(page);
  await pressWithKeyboard(page, control);
  const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
  return { control, dialog, name: dialog.getByLabel("Full name") };
}

readingTest.describe("keyboard: focus moves into the form and back to the control that opened the dialog", () => {
  for (const opener of openers) {
    readingTest(`${opener.name}: Enter, the first field, Escape`, async ({ page }) => {
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
      await name.fill("Again");
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(control).toBeFocused();
      // Closed with its button, it opens fresh too; each of the three presses was counted.
      await page.keyboard.press("Enter");
      await expect(name).toHaveValue("");
      const counted = (await dataLayer(page)).filter((entry) => entry.event === opener.counted.event);
      expect(counted).toEqual([opener.counted, opener.counted, opener.counted]);
      if (opener.audit) {
        await expect(dialog).toBeVisible();
        expect(await axeViolations(page), "axe-core violations with the dialog open").toEqual([]);
        await expectNoClassConflicts(page);
      }
    });
  }

  readingTest("a press outside the dialog closes it and returns focus to the control", async ({ page }) => {
    const { control, dialog } = await openBookingDialogOnPricing(page);
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

test("closed and opened again at once (Escape then Enter, one browser task): a fresh form, its first field focused", async ({ page }) => {
  const { control, dialog, name } = await openBookingDialogOnPricing(page);
  await expect(name).toBeFocused({ timeout: 15_000 });
  await page.keyboard.type("Ada Lovelace");
  await expect(dialog.locator("[data-hydrated] form")).toHaveCount(1, { timeout: 15_000 });
  // The browser reports both as one toggle event ("open" to "open") when they come within one
  // task, as a fast second press can on a busy phone: done here in one task, so it always does.
  await control.evaluate((button) => {
    button.closest("body")?.querySelector<HTMLDialogElement>("dialog[open]")?.close();
    (button as HTMLButtonElement).click();
  });
  await expect(name).toHaveValue("");
  await expect(name).toBeFocused();
});

test("while the form's code loads, the plain form is there with focus on its first field; what is typed stays", async ({ page }) => {
  const release = await holdRequests(page, BOOKING_FORM);
  const { control, dialog, name } = await openBookingDialogOnPricing(page);
  await expect(name).toBeFocused();
  await page.keyboard.type("Ada");
  await release();
  await expect(dialog.locator("[data-hydrated] form")).toHaveCount(1, { timeout: 15_000 });
  await page.keyboard.type(" Lovelace");
  await expect(name).toBeFocused();
  await expect(name).toHaveValue("Ada Lovelace");
  await page.keyboard.press("Escape");
  await expect(control).toBeFocused();
});

test.describe("after a successful submit", () => {
  test.use({ baseURL: async ({ servers }, use) => use(servers.leads.url) });

  test("the dialog closes and focus returns to the Book demo button", async ({ context, page }, info) => {
    await interceptThirdParties(context);
    const { control, dialog } = await openBookingDialogOnPricing(page);
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

test.describe("code that cannot load: retried, then the plain form, which posts natively", () => {
  test.beforeEach(({ browserErrors }) => {
    browserErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/, "the test fails the chunk's requests");
  });

  test("the booking form's code: the dialog's plain form, posting to /book-demo", async ({ page }) => {
    const attempts = recordRequests(page, BOOKING_FORM);
    await page.route(BOOKING_FORM, (route) => route.abort());
    await page.goto("/");
    await hydrated(page);
    await page.locator("main").getByRole("button", { name: "Book demo" }).first().click();
    const dialog = page.getByRole("dialog", { name: BOOKING_TITLE });
    await expect(dialog.getByText(PLAIN_FORM_NOTICE)).toBeVisible({ timeout: 15_000 });
    expect(attempts.length, "the chunk was requested again after failing").toBeGreaterThanOrEqual(3);
    const form = dialog.getByRole("form", { name: "Book a demo" });
    await expect(form).toHaveAttribute("action", /^\/book-demo#/);
    await expect(form).toHaveAttribute("method", "post");
    await expect(form.getByLabel("Full name")).toBeEditable();
  });

  // The same dialog as /enterprise's consult buttons; from /compare its plain form posts to another page.
  test("the enterprise form's code on /compare: the dialog's plain form, posting to /enterprise's request form", async ({ page }) => {
    await page.route(ENTERPRISE_LEAD_FORM, (route) => route.abort());
    await page.goto("/compare");
    await hydrated(page);
    await pressWithKeyboard(page, mainButton("Book a demo", "first")(page));
    const dialog = page.getByRole("dialog", { name: ENTERPRISE_TITLE });
    await expect(dialog.getByText(PLAIN_FORM_NOTICE)).toBeVisible({ timeout: 15_000 });
    const form = dialog.getByRole("form", { name: "Enterprise consultation request" });
    await expect(form).toHaveAttribute("action", "/enterprise#request");
    await expect(form.getByLabel("Full name")).toBeEditable();
  });
});
