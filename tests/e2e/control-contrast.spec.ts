import type { Locator } from "@playwright/test";
import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { hydrated, stubSchedulers } from "./pages-support";

/*
 * WCAG 1.4.11 non-text contrast: the edge that shows where a form control is (a text field's
 * border, a select's border, the switch's off track) stands at 3:1 or more against what is around
 * it. axe does not check this; before the design notes of docs/product.md#design the edges were #cbd5e1 on white, 1.5:1.
 * Native checkboxes and radios are drawn by the browser (#767676, 4.5:1) and are not measured.
 * Colour does not depend on the width, so one project runs it.
 */

type Measured = { control: string; edge: string; around: string };

/** Every visible text field, select and unchecked switch in `scope`: its edge colour and the colour around it. */
async function measureControls(scope: Locator): Promise<Measured[]> {
  return scope.evaluate((root) => {
    const opaque = (colour: string) => !/rgba\(.*,\s*0\)$/.test(colour) && colour !== "transparent";
    const around = (el: Element) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (opaque(bg)) return bg;
      }
      return "rgb(255, 255, 255)";
    };
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const name = (el: Element) => el.getAttribute("name") ?? el.id ?? el.tagName;
    const fields = [...root.querySelectorAll("input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select")]
      .filter(visible)
      .map((el) => ({ control: `${el.tagName.toLowerCase()} ${name(el)}`, edge: getComputedStyle(el).borderTopColor, around: around(el) }));
    const switches = [...root.querySelectorAll('[role="switch"]:not(:checked)')]
      .filter(visible)
      .map((el) => ({ control: `switch ${el.getAttribute("aria-label") ?? el.id}`, edge: getComputedStyle(el).backgroundColor, around: around(el) }));
    return [...fields, ...switches];
  }, undefined);
}

function luminance(colour: string) {
  const [r, g, b] = colour.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function expectAtLeast3to1(measured: Measured[], where: string) {
  expect(measured.length, `form controls found on ${where}`).toBeGreaterThan(0);
  const low = measured
    .map((m) => ({ ...m, ratio: Math.round(contrast(m.edge, m.around) * 100) / 100 }))
    .filter((m) => m.ratio < 3);
  expect(low, `controls on ${where} whose edge is below 3:1 against their background`).toEqual([]);
}

test("form controls' edges stand at 3:1 or more on every form", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 401/, "the sign-in page's session check answers 401 without a session");
  await stubSchedulers(page);
  for (const path of [paths.contact, paths.enterprise, paths.pricing, paths.compare, paths.adminLogin]) {
    await page.goto(path);
    expectAtLeast3to1(await measureControls(page.getByRole("main")), path);
  }

  await page.goto(paths.home);
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Book demo" }).first().click();
  const dialog = page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  // The form's code loads on the first press: measure once its fields are there.
  await expect(dialog.getByRole("textbox").first()).toBeVisible();
  expectAtLeast3to1(await measureControls(dialog), "the booking dialog");
});
