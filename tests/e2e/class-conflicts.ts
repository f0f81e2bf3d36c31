import { expect, type Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/**
 * The site joins class names with plain `clsx` (app/lib/cn.ts): tailwind-merge cost about 40 ms
 * of main-thread time on every page start (docs/decisions/0303). That is only safe while no
 * element carries two utilities that set the same thing (`text-sm` and `text-base`, `p-6` and
 * `p-4`), because then the stylesheet's order, not the markup, decides which wins.
 * tailwind-merge still knows what conflicts, so it checks here every class list on the page.
 */
export async function expectNoClassConflicts(page: Page) {
  const lists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((el) => el.getAttribute("class") ?? "")),
  ]);
  const conflicts = lists.flatMap((list) => {
    const kept = new Set(twMerge(list).split(/\s+/));
    const lost = list.split(/\s+/).filter((cls) => cls && !kept.has(cls));
    return lost.length ? [`${lost.join(" ")} is overridden within "${list}"`] : [];
  });
  expect(conflicts, "conflicting Tailwind utilities on one element").toEqual([]);
}
