import { expect, type Page, type TestInfo } from "@playwright/test";
import type { AgentDemo } from "../../app/content/agent-demo";
import { reservedHeroRow } from "../../app/components/layout/page-hero";
import { expectNoLayoutShift, expectSoundPage, hydrated, reservedHeight } from "./pages-support";

/*
 * What a visitor notices of a hero's "agent at work" mock-up (docs/product.md#design), checked the same way
 * on the home page and the three industry pages: where it sits at each width, that it shows the
 * page's own example call, that a screen reader hears one sentence instead of the drawing, that
 * nothing on the page moves, and that with reduced motion the picture is simply there; and, on the
 * same visit, the checks every page gets (expectSoundPage), which these pages are not read for in
 * pages-every-route.spec.ts.
 */

export async function expectAgentAtWork(page: Page, path: string, demo: AgentDemo, info: TestInfo) {
  const phone = info.project.name === "phone";
  const parts = demo.transcript.length + 5; // the call card, its lines, the "after the call" label, three outcomes
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto(path);
  const main = page.getByRole("main");
  const figure = main.getByRole("figure", { name: demo.summary });
  await expect(figure).toBeVisible();

  // The reveal runs when motion is welcome; finishing it at once moves nothing on the page.
  const revealing = await figure.evaluate((el) => {
    for (const animation of el.getAnimations({ subtree: true })) {
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    }
    return [...el.querySelectorAll(".mock-reveal")].filter((part) => getComputedStyle(part).animationName === "mock-reveal").length;
  });
  expect(revealing, "parts that fade up in order").toBe(parts);
  await hydrated(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expectNoLayoutShift(page);

  // The page's own example call is what the picture shows ...
  for (const text of [
    demo.business,
    demo.caller.name,
    demo.elapsed,
    ...demo.transcript.map((line) => line.text),
    ...Object.values(demo.outcomes).map((outcome) => outcome.title),
  ]) {
    await expect(figure.getByText(text, { exact: true }).first()).toBeVisible();
  }
  // ... while assistive technology gets the figure's one-sentence name, not the drawing's lines.
  await expect(main.getByRole("paragraph").filter({ hasText: demo.transcript[0].text })).toHaveCount(0);

  // Beside the copy at desktop width; under Book demo on a phone, which keeps the headline, the
  // value sentence and Book demo in its first screen.
  const heading = await main.getByRole("heading", { level: 1 }).boundingBox();
  const book = await main.getByRole(path === "/" ? "button" : "link", { name: "Book demo", exact: true }).first().boundingBox();
  const lead = await main.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p[1]").boundingBox();
  const box = await figure.boundingBox();
  const viewport = page.viewportSize()!;
  if (!heading || !book || !lead || !box) throw new Error("hero parts not laid out");
  expect(box.x + box.width, "the mock-up fits the viewport").toBeLessThanOrEqual(viewport.width);
  if (phone) {
    expect(box.y, "the mock-up starts under Book demo").toBeGreaterThanOrEqual(book.y + book.height);
    for (const [name, part] of [["headline", heading], ["value sentence", lead], ["Book demo", book]] as const) {
      expect(part.y + part.height, `${name} in the first screen`).toBeLessThanOrEqual(viewport.height);
    }
  } else {
    expect(box.x, "the mock-up sits right of the headline").toBeGreaterThanOrEqual(heading.x + heading.width);
    expect(box.y, "beside it, not under it").toBeLessThan(book.y + book.height);
    expect(box.height, "the mock-up fits the row reserved for it").toBeLessThanOrEqual(reservedHeight(reservedHeroRow.agentAtWork));
  }

  // The checks every page gets (pages-every-route.spec.ts), on this first load, before the reload below.
  await expectSoundPage(page, info);

  // With reduced motion the finished picture shows at once: no animation, every part opaque.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  await expect(figure).toBeVisible();
  const still = await figure.evaluate((el) => {
    const revealParts = [...el.querySelectorAll<HTMLElement>(".mock-reveal")];
    return {
      animations: el.getAnimations({ subtree: true }).length,
      opaque: revealParts.filter((part) => getComputedStyle(part).opacity === "1").length,
    };
  });
  expect(still).toEqual({ animations: 0, opaque: parts });
  // The reading tests share one page: the next test starts with the project's own media.
  await page.emulateMedia({ reducedMotion: null });
}
