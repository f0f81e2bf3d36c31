import type { Locator, Page } from "@playwright/test";
import { faqEntries } from "../../app/content/faq";
import { formatUsd } from "../../app/content/format";
import { annualPerMonth, annualYearlyTotal, monthlyPrice } from "../../app/content/pricing";
import { featurePageLinks, industryLinks, resourceLinks } from "../../app/content/brand";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { expect, readingTest as test } from "./fixtures";
import { holdRequests } from "./held-requests";
import { dataLayer, hydrated } from "./pages-support";

/*
 * The site's chrome and page controls are HTML first (app/components/ui/sheet.tsx,
 * dropdown-menu.tsx, accordion.tsx, switch.tsx): each answers at first paint, before and without
 * JavaScript, and what the visitor set before React arrived survives its arrival. Once hydrated,
 * the menus and sheets behave as dialogs and menu buttons do for the keyboard.
 */

const SCRIPTS = /\/assets\/[^/]+\.js$/;

const opener = {
  menu: (page: Page) => page.getByRole("banner").getByRole("button", { name: "Open menu" }),
  solutions: (page: Page) => page.getByRole("navigation", { name: "Tab bar" }).getByRole("button", { name: "Solutions" }),
  resources: (page: Page) => page.getByRole("navigation", { name: "Tab bar" }).getByRole("button", { name: "Resources" }),
};
const sheet = {
  menu: (page: Page) => page.getByRole("dialog", { name: "Menu" }),
  solutions: (page: Page) => page.getByRole("dialog", { name: "Solutions" }),
  resources: (page: Page) => page.getByRole("dialog", { name: "Resources" }),
};
const question = (page: Page, index: number) => page.getByRole("main").locator("summary").filter({ hasText: faqEntries[index]!.question });
const answer = (page: Page, index: number) => page.getByRole("main").getByText(faqEntries[index]!.answer);

/** The phone's sheets open and close, each showing its links; the billing switch shows the annual price. */
async function useChromeAndSwitch(page: Page) {
  await opener.solutions(page).click();
  await expect(sheet.solutions(page).getByRole("link", { name: industryLinks[0]!.label })).toBeVisible();
  await sheet.solutions(page).getByRole("button", { name: "Close" }).click();
  await expect(sheet.solutions(page)).toBeHidden();

  await opener.resources(page).click();
  await expect(sheet.resources(page).getByRole("link", { name: resourceLinks[0]!.label })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet.resources(page)).toBeHidden();

  const toggle = page.getByRole("switch", { name: "Annual billing" });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByTestId("price-per-month")).toHaveText("$719", { useInnerText: true });

  await opener.menu(page).click();
  await expect(sheet.menu(page).getByRole("link", { name: "Enterprise", exact: true })).toBeVisible();
}

/** One FAQ answer open at a time. */
async function useFaq(page: Page) {
  await expect(answer(page, 0)).toBeHidden();
  await question(page, 0).click();
  await expect(answer(page, 0)).toBeVisible();
  await question(page, 1).click();
  await expect(answer(page, 1)).toBeVisible();
  await expect(answer(page, 0)).toBeHidden();
}

// The phone's menu and tab bar; the page controls are the same at any width.
test.describe("on a phone", { tag: "@phone-width" }, () => {

  test("without JavaScript: the menu and both sheets open and close, the switch shows either period: the monthly price, then the annual price, total, 'Save $901' and percentage, the menu's Book demo opens the booking form, FAQ answers open one at a time", async ({ noScriptPage }) => {
    await noScriptPage.goto("/pricing");
    await expect(noScriptPage.getByTestId("price-per-month")).toHaveText(formatUsd(monthlyPrice), { useInnerText: true });
    await expect(noScriptPage.getByTestId("annual-savings-chip")).toHaveText("Save $901");
    await useChromeAndSwitch(noScriptPage);
    // The whole annual period, from the HTML alone: per month, the yearly total, the saving and its share.
    const card = noScriptPage.getByTestId("price-card");
    const percent = `${((901 / (annualYearlyTotal + 901)) * 100).toFixed(1)}%`;
    await expect(card.getByTestId("price-per-month")).toHaveText(formatUsd(annualPerMonth), { useInnerText: true });
    await expect(card.getByTestId("billing-note")).toHaveText(`Billed ${formatUsd(annualYearlyTotal)} per year`, { useInnerText: true });
    await expect(card.getByTestId("savings-badge")).toBeVisible();
    await expect(card.getByTestId("savings-badge")).toHaveText(`Save $901 (${percent})`);
    // The menu, still open, has its own Book demo, which opens the booking form as every other
    // does without JavaScript (docs/decisions/0501): the browser opens it, closing the menu, and
    // the form posts to /book-demo.
    await sheet.menu(noScriptPage).getByRole("button", { name: "Book demo" }).click();
    const booking = noScriptPage.getByRole("dialog", { name: BOOKING_DIALOG_TITLE });
    await expect(booking.getByLabel("Full name")).toBeFocused();
    await expect(booking.getByRole("form", { name: "Book a demo" })).toHaveAttribute("action", "/book-demo#booking-form");
    await expect(sheet.menu(noScriptPage)).toBeHidden();
    await noScriptPage.goto("/faq");
    await useFaq(noScriptPage);
  });

  test("with the scripts held back the controls answer at once; what was set survives hydration", async ({ page }) => {
    let release = await holdRequests(page, SCRIPTS);
    await page.goto("/pricing", { waitUntil: "commit" });
    await useChromeAndSwitch(page);
    await release();
    await hydrated(page);
    // Still open, still annual; the opener now says so itself.
    await expect(sheet.menu(page)).toBeVisible();
    await expect(opener.menu(page)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("switch", { name: "Annual billing" })).toBeChecked();
    await expect(page.getByTestId("price-per-month")).toHaveText("$719", { useInnerText: true });
    await expect(page.getByTestId("billing-note")).toHaveText("Billed $8,629 per year", { useInnerText: true });
    await page.keyboard.press("Escape");
    await expect(sheet.menu(page)).toBeHidden();
    await expect(opener.menu(page)).toHaveAttribute("aria-expanded", "false");

    release = await holdRequests(page, SCRIPTS);
    await page.goto("/faq", { waitUntil: "commit" });
    await useFaq(page);
    await release();
    await hydrated(page);
    await expect(answer(page, 1)).toBeVisible();
    await expect(answer(page, 0)).toBeHidden();
  });

  test("once hydrated, each sheet lists its links, takes focus when opened from the keyboard, closes with Escape and gives focus back; a link or Book demo in it goes on", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    // The tab bar's own links.
    const bar = page.getByRole("navigation", { name: "Tab bar" });
    await expect(bar.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(bar.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expect(bar.getByRole("link", { name: "Book" })).toHaveAttribute("href", "/book");

    // What each sheet lists: Merch, a shop elsewhere, opens in a new tab.
    const links = {
      menu: ["Features", "Compare costs", ...industryLinks.map((l) => l.label), "Pricing", "Enterprise", "About", "Careers", "FAQ"].map((label) => ({ label, to: undefined })),
      solutions: [...featurePageLinks, { label: "Compare costs", to: "/compare" }, ...industryLinks],
      resources: resourceLinks,
    };
    for (const [name, firstLink] of [
      ["menu", "Features"],
      ["solutions", featurePageLinks[0]!.label],
      ["resources", resourceLinks[0]!.label],
    ] as const) {
      const button: Locator = opener[name](page);
      const dialog = sheet[name](page);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      // The opener names what it opens.
      await expect(dialog).toHaveAttribute("id", (await button.getAttribute("popovertarget"))!);
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(dialog.getByRole("link").first()).toBeFocused();
      await expect(dialog.getByRole("link").first()).toHaveText(firstLink);
      for (const link of links[name]) {
        const shown = dialog.getByRole("link", { name: link.label, exact: true });
        if (link.to) await expect(shown).toHaveAttribute("href", link.to);
        else await expect(shown).toBeVisible();
      }
      if (name !== "solutions") {
        await expect(dialog.getByRole("link", { name: /Merch/ })).toHaveAttribute("target", "_blank");
        await expect(dialog.getByRole("link", { name: /Merch/ })).toHaveAttribute("rel", /\bnoopener\b/);
      }
      // Modal: the page behind is inert, so Tab moves on inside the sheet.
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("link").nth(1)).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");
    }

    // The menu's Book demo opens the booking dialog, counted as the navbar's.
    await opener.menu(page).click();
    await sheet.menu(page).getByRole("button", { name: "Book demo" }).click();
    const booking = page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE });
    await expect(booking.getByLabel("Full name")).toBeFocused();
    await expect(sheet.menu(page)).toBeHidden();
    expect(await dataLayer(page)).toContainEqual({ event: "cta_book_click", location: "navbar" });
    // The open dialog at 390 px as the visitor sees it: no axe violation, no conflicting utilities.
    expect(await axeViolations(page), "axe-core violations with the booking dialog open").toEqual([]);
    await expectNoClassConflicts(page);
    await page.keyboard.press("Escape");
    // A sheet's link goes to its page and the sheet is gone; so does a tab bar link.
    await opener.solutions(page).click();
    await sheet.solutions(page).getByRole("link", { name: "AI Guru" }).click();
    await expect(page).toHaveURL(/\/features\/ai-guru$/);
    await expect(sheet.solutions(page)).toBeHidden();
    await bar.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe("at desktop width", () => {
  test("the top bar's menus open and close without JavaScript, under their button", async ({ noScriptPage: page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, first] of [["Solutions", "Features"], ["Resources", resourceLinks[0]!.label]] as const) {
      const button = nav.getByRole("button", { name });
      await button.click();
      const item = page.getByRole("menu", { name }).getByRole("menuitem", { name: first });
      await expect(item).toBeVisible();
      const [under, over] = [await item.boundingBox(), await button.boundingBox()];
      expect(Math.abs(under!.x - over!.x), "the menu starts under its button").toBeLessThan(24);
      await page.keyboard.press("Escape");
      await expect(item).toBeHidden();
    }
  });
});
