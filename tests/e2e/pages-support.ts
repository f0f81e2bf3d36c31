import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { outcomes } from "../../app/content/outcomes";
import type { RuntimeConfig } from "../../shared/runtime-config";

/**
 * Waits until React has hydrated the prerendered page: the root marks `<html data-hydrated>`, and
 * from then on a press reaches React instead of plain HTML.
 */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 20_000 });
}

/**
 * Waits until the page has hydrated and then had an idle moment: whatever the page starts by
 * itself once it is up (deferred widgets, idle-time work) has started. For tests that check what a
 * page does NOT load on its own; a condition of the page, not of the network.
 */
export async function settled(page: Page) {
  await hydrated(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 }))),
      ),
  );
}

/**
 * Presses a control that opens a dialog, once the page has hydrated, and waits for the dialog.
 * One press only: a second press while the dialog's code is still loading would land on its
 * overlay when it appears and close it again.
 */
export async function openDialogWith(page: Page, control: Locator, dialog: Locator) {
  await hydrated(page);
  await control.click();
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** The deployment's runtime configuration, as the server embedded it in the page. */
export async function runtimeConfig(page: Page): Promise<RuntimeConfig> {
  const text = await page.locator("#runtime-config").textContent();
  return JSON.parse(text ?? "{}") as RuntimeConfig;
}

export async function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

/** Third-party scheduler pages are out of reach in tests: answer them with a stand-in page. */
export async function stubSchedulers(page: Page) {
  await page.route(/^https:\/\/(calendly\.com|[^/]*\.calendly\.com)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Scheduler</title><p>Scheduler stand-in</p>" }),
  );
}

/** The section whose heading (h2) has this exact text. */
export function sectionByHeading(page: Page, name: string) {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}

/** Nothing wider than the viewport: wide tables and code scroll inside their own containers. */
export async function expectNoHorizontalOverflow(page: Page) {
  // Measured against the viewport size the test set: on an emulated phone the layout viewport
  // (clientWidth, innerWidth) can grow with the content, which would hide the very overflow we look for.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "page width in px").toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * Nothing in `scope` scrolls sideways: a page can fit the screen while a list or a table inside it
 * scrolls within a box of its own, which on a phone hides its last columns. Each element that does
 * is named with its widths. For the staff screens, where nothing may (a public page may scroll a
 * wide table on purpose: docs/product.md#compare-page). Content cut off by a box that hides what
 * overflows is not looked for: visually hidden labels and truncated lines do that on purpose.
 */
export async function expectNothingScrollsSideways(scope: Locator) {
  const scrolling = await scope.evaluate((root) =>
    [root, ...root.querySelectorAll("*")]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(element).overflowX))
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">: ${element.scrollWidth} px in ${element.clientWidth} px`),
  );
  expect(scrolling, "elements that scroll sideways").toEqual([]);
}

/**
 * The vendor-reported outcomes (docs/product.md#vendor-reported-outcomes) in `list`, and its
 * section labelled so; the five figures in one row from 1024 px, in two columns (three rows) on
 * a phone (docs/product.md#design).
 */
export async function expectOutcomes(page: Page, list: Locator) {
  await expect(page.locator("section").filter({ has: list }).getByText(/vendor-reported/i).first()).toBeVisible();
  for (const [value, label] of [["8x", "faster resolutions"], ["7x", "higher retention"], ["+9.5%", "annual revenue"], ["+30%", "customer lifetime value"], ["5x", "engagement"]]) {
    await expect(list.getByRole("listitem").filter({ hasText: value }).filter({ hasText: label })).toHaveCount(1);
  }
  expect(outcomes).toHaveLength(5);
  const width = page.viewportSize()!.width;
  const boxes = await list.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  const rows = new Set(boxes.map((box) => Math.round(box.top))).size;
  if (width >= 1024) expect(rows, "the five figures in one row").toBe(1);
  else if (width < 640) expect(rows, "two columns on a phone: three rows").toBe(3);
  for (const box of boxes) expect(box.right, "inside the screen").toBeLessThanOrEqual(width);
}

/**
 * No layout shift since the page started loading, not counting shifts right after input: the
 * browser buffers every layout-shift entry of the document, so this can be read at any point
 * after the navigation. A failure lists each shift with when it happened and what moved (the
 * element, its box before and after), since a shift that shows one run in many is otherwise
 * only a number.
 */
export async function expectNoLayoutShift(page: Page) {
  const shifts = await page.evaluate(
    () =>
      new Promise<{ atMs: number; value: number; moved: string[] }[]>((resolve) => {
        const found: { atMs: number; value: number; moved: string[] }[] = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        const name = (node: Node | null) => {
          const element = node instanceof Element ? node : node?.parentElement;
          if (!element) return "?";
          const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
          return `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> "${text}"`;
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            found.push({
              atMs: Math.round(entry.startTime),
              value: entry.value,
              moved: (entry.sources ?? []).map((s) => `${name(s.node)}: ${box(s.previousRect)} -> ${box(s.currentRect)}`),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(found), 100);
      }),
  );
  expect(shifts, "layout shifts while the page loaded (none expected)").toEqual([]);
}

/**
 * What every page owes a visitor at this width, read on the page as it is now (hydrated): the
 * width's navigation (the tab bar on a phone, the main menu on a desktop), nothing wider than the
 * screen (on a phone at 360 px too), no axe-core violation and no Content-Security-Policy violation
 * (recorded by readingTest's init script, fixtures.ts, for the document loaded last). Leaves the
 * page at the project's viewport. pages-every-route.spec.ts reads it on every page; a page whose
 * own test already visits it at both widths reads it there (the home and industry pages in
 * expectAgentAtWork, on their first load; see pages-every-route.spec.ts for the others), in the
 * state that test leaves it in.
 */
export async function expectSoundPage(page: Page, info: TestInfo) {
  const phone = info.project.name === "phone";
  await expect(page.getByRole("navigation", { name: "Tab bar" })).toBeVisible({ visible: phone });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ visible: !phone });
  await hydrated(page);
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page), "axe-core violations").toEqual([]);
  if (phone) {
    // The narrowest phones in use: nothing may spill sideways there either.
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize(info.project.use.viewport!);
  }
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), "CSP violations").toEqual([]);
}

/** The height in CSS pixels that a `reservedHeroRow` class (app/components/layout/page-hero.tsx) reserves. */
export function reservedHeight(rowClass: string): number {
  const rem = /minmax\(([\d.]+)rem,/.exec(rowClass)?.[1];
  if (!rem) throw new Error(`no reserved height in ${rowClass}`);
  return Number(rem) * 16;
}
