import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { settled } from "./pages-support";

/*
 * The browser side of the load-performance mechanisms in docs/performance.md: code that must not
 * load until the visitor asks for it.
 * Code is recognised by what it contains (strings only that library has), not by chunk names,
 * so a bundler upgrade that renames or merges chunks cannot make these pass by accident.
 * (The contact form on intent: leads-contact.spec.ts.)
 */

const RADIX_MENU = /data-radix-menu-content|DropdownMenuTrigger/;
const RADIX_DIALOG = /data-radix-focus-guard|DialogOverlay|DialogPortal/;
const FORM_CODE = /shouldUnregister|_zod\b|\$ZodType/;

/** Every script the page requests from now on, with its text once it has arrived. */
function recordScripts(page: Page) {
  const requested: Promise<{ url: string; body: string }>[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "script" || !request.url().includes("/assets/")) return;
    requested.push(
      request.response().then(
        async (response) => ({ url: request.url(), body: (await response?.text()) ?? "" }),
        () => ({ url: request.url(), body: "" }),
      ),
    );
  });
  return {
    /** Paths of the requested scripts whose text matches `marker`. */
    async matching(marker: RegExp) {
      const scripts = await Promise.all(requested);
      return scripts.filter((s) => marker.test(s.body)).map((s) => new URL(s.url).pathname);
    },
  };
}

test.describe("the header's menus are native popovers (app/components/ui/dropdown-menu.tsx)", () => {
  test("Solutions opens without loading any menu library, before or after the pointer reaches it", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/");
    await settled(page);
    const solutions = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Solutions" });
    await solutions.hover();
    await solutions.click();
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Features" })).toBeVisible();
    expect(await scripts.matching(RADIX_MENU), "Radix menu code loaded").toEqual([]);
  });
});

test.describe("dialogs mount on first use (app/lib/deferred-mount.ts); sheets are native", () => {
  test("the booking dialog's form code loads when Book demo is pressed, not with the page, even once idle; no Radix dialog code at all", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/");
    await settled(page);
    await settled(page);
    expect(await scripts.matching(RADIX_DIALOG), "Radix dialog code loaded before any dialog was opened").toEqual([]);
    expect(await scripts.matching(FORM_CODE), "form code loaded before any form was opened").toEqual([]);
    await page.locator("main").getByRole("button", { name: "Book demo" }).first().click();
    await expect(page.getByRole("dialog").getByLabel("Full name")).toBeFocused({ timeout: 15_000 });
    // The dialog is native (docs/decisions/0501): its form's code comes when the visitor turns to it.
    await expect.poll(async () => (await scripts.matching(FORM_CODE)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByRole("dialog").locator("[data-hydrated] form")).toHaveCount(1, { timeout: 15_000 });
    const formCode = await scripts.matching(FORM_CODE);
    expect(new Set(formCode).size, "a script of the form's code requested twice").toBe(formCode.length);
    expect(await scripts.matching(RADIX_DIALOG)).toEqual([]);
  });

  // The tab bar is shown on phones only.
  test("the tab bar's Solutions sheet opens without loading any dialog library", { tag: "@phone-width" }, async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/faq");
    await settled(page);
    await page.getByRole("navigation", { name: "Tab bar" }).getByRole("button", { name: "Solutions" }).click();
    await expect(page.getByRole("dialog", { name: "Solutions" })).toBeVisible();
    expect(await scripts.matching(RADIX_DIALOG), "Radix dialog code loaded for a native sheet").toEqual([]);
  });
});

test.describe("inline lead forms hydrate on intent (app/components/hydrate-on-intent.tsx)", () => {
  test("/enterprise: the request form's code loads when a field is focused, and the form then hydrates", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/enterprise");
    await settled(page);
    const form = page.getByRole("form", { name: "Enterprise consultation request" });
    expect(await scripts.matching(FORM_CODE), "form code loaded before the visitor turned to the form").toEqual([]);
    await expect(page.locator("div[data-hydrated]").filter({ has: form })).toHaveCount(0);
    await form.getByLabel("Full name").focus();
    await expect(page.locator("div[data-hydrated]").filter({ has: form })).toHaveCount(1, { timeout: 15_000 });
    expect((await scripts.matching(FORM_CODE)).length).toBeGreaterThan(0);
  });
});
