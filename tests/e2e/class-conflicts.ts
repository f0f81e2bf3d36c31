import { expect, type Page } from "@playwright/test";
import { classConflicts } from "../support/class-conflicts";

/**
 * No element of the page as it is now carries two utilities that set the same thing (see
 * tests/support/class-conflicts.ts). For states a visitor opens (dialogs, switches, the admin
 * screens); every public page as prerendered is checked in tests/api/site.test.ts.
 */
export async function expectNoClassConflicts(page: Page) {
  const lists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((el) => el.getAttribute("class") ?? "")),
  ]);
  expect(classConflicts(lists), "conflicting Tailwind utilities on one element").toEqual([]);
}
