import { twMerge } from "tailwind-merge";

/**
 * The site joins class names with plain `clsx` (app/lib/cn.ts): tailwind-merge cost about 40 ms
 * of main-thread time on every page start (docs/decisions/0303). That is only safe while no
 * element carries two utilities that set the same thing (`text-sm` and `text-base`, `p-6` and
 * `p-4`), because then the stylesheet's order, not the markup, decides which wins.
 * tailwind-merge still knows what conflicts, so the tests run every class list through it: of the
 * hydrated page in the browser (tests/e2e/class-conflicts.ts), of the prerendered HTML through the
 * server (tests/api/site.test.ts).
 *
 * Returns one line per class list in which a utility is overridden by another; none is right.
 */
export function classConflicts(lists: Iterable<string>): string[] {
  return [...new Set(lists)].flatMap((list) => {
    const kept = new Set(twMerge(list).split(/\s+/));
    const lost = list.split(/\s+/).filter((cls) => cls && !kept.has(cls));
    return lost.length ? [`${lost.join(" ")} is overridden within "${list}"`] : [];
  });
}
