import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/**
 * axe-core (WCAG 2.x A and AA plus best practices) on the page as it is now. It is evaluated
 * through the DevTools protocol, which the page's Content-Security-Policy does not govern, so the
 * policy stays on for the rest of the test.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Fades and slides in progress are first taken to their end (a toast fading in has partly
  // transparent text, which axe would measure as low contrast; a mock-up's parts fade up over two
  // seconds): axe checks the settled page, without waiting it out. Endless animations such as
  // spinners are left running.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) animation.finish();
    }
  });
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
    return result.violations;
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
