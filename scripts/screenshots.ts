// Screenshots of pages at desktop and phone widths, for looking at what we build:
//   npx tsx scripts/screenshots.ts [path ...]   (default: every public route; needs a build)
// Writes tmp/screenshots/<width>/<page>.png, or under SCREENSHOTS_DIR when it is set; the build
// is BUILD_DIR's when that is set.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { spawnServer } from "../tests/support/spawn-server";
import { publicPaths } from "../shared/site-routes";
import { chromiumArgs, noThirdPartyHostsArg, systemChromium } from "../tests/support/chromium";

const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...publicPaths];
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const server = await spawnServer({ env: { DATABASE_URL: undefined } });
const browser = await chromium.launch({
  executablePath: systemChromium,
  args: [...chromiumArgs, noThirdPartyHostsArg],
});
try {
  for (const viewport of widths) {
    // Reduced motion: the mock-ups show their finished picture at once instead of mid-reveal.
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1, reducedMotion: "reduce" });
    const dir = path.join(process.env.SCREENSHOTS_DIR ?? "tmp/screenshots", String(viewport.width));
    fs.mkdirSync(dir, { recursive: true });
    for (const route of routes) {
      await page.goto(server.url + route, { waitUntil: "networkidle" });
      const file = path.join(dir, `${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
