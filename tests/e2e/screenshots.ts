import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * The whole page in screen-high parts, at CSS pixels, each part readable at its real size:
 * `${name}-1.png`, `${name}-2.png`… in `dir`. Nothing when `dir` is unset (the specs' screenshot
 * variables, for reviewing a screen by eye).
 */
export async function screenshotInParts(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!;
  for (let y = 0, part = 1; y < height; y += viewport.height, part++) {
    const clip = { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) };
    await page.screenshot({ path: path.join(dir, `${name}-${part}.png`), fullPage: true, clip, scale: "css" });
  }
}
