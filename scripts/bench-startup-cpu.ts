// Main-thread cost of two things the site avoids at start-up (docs/performance.md, (e) and (f)),
// measured in fresh Chromium tabs, unthrottled and with the CPU slowed as the benchmarks' phone's
// (4x, scripts/bench-phone.ts):
//   - building the three Intl.NumberFormat instances app/content/format.ts replaces;
//   - tailwind-merge's first call (it builds its class map then) and merging every class list of
//     the home page's prerendered HTML (what cn() would do while the page renders).
//
//   npx tsx scripts/bench-startup-cpu.ts [--runs 7]      # reads $BUILD_DIR (default build)
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumArgs, systemChromium } from "../tests/support/chromium";
import { phoneCpuSlowdown } from "./bench-phone";
import { median, range } from "./bench-stats";

const runsAt = process.argv.indexOf("--runs");
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 7;
const buildDir = process.env.BUILD_DIR ?? "build";
const homeHtml = path.join(buildDir, "client", "index.html");
if (!fs.existsSync(homeHtml)) {
  console.error(`No build in ${buildDir}: run "npm run build" first (or set BUILD_DIR).`);
  process.exit(2);
}
const classLists = [...fs.readFileSync(homeHtml, "utf8").matchAll(/class="([^"]*)"/g)].map((m) => m[1]);
const tailwindMerge = fs.readFileSync(path.resolve("node_modules/tailwind-merge/dist/bundle-mjs.mjs"), "utf8");

const samples = new Map<string, number[]>();
const add = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value]);

for (let run = 0; run < runs; run++) {
  for (const rate of [1, phoneCpuSlowdown]) {
    // A fresh browser each time: ICU data and compiled code are per process.
    const browser = await chromium.launch({ executablePath: systemChromium, args: [...chromiumArgs] });
    try {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      await page.route("http://bench.invalid/**", (route) =>
        route.request().url().endsWith(".js")
          ? route.fulfill({ contentType: "text/javascript", body: tailwindMerge })
          : route.fulfill({ contentType: "text/html", body: "<!doctype html><p>bench</p>" }),
      );
      await page.goto("http://bench.invalid/");
      const intl = await page.evaluate(() => {
        const start = performance.now();
        new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(8629);
        new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(1.5);
        new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(1200);
        return performance.now() - start;
      });
      const [first, all] = await page.evaluate(async (lists) => {
        const url = "http://bench.invalid/tailwind-merge.js"; // a variable: TypeScript does not resolve it
        const { twMerge } = (await import(url)) as { twMerge: (c: string) => string };
        const start = performance.now();
        twMerge("inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-medium px-3");
        const firstDone = performance.now();
        for (const list of lists) twMerge(list);
        return [firstDone - start, performance.now() - firstDone];
      }, classLists);
      add(`Intl.NumberFormat x3, CPU ${rate}x`, intl);
      add(`tailwind-merge first call, CPU ${rate}x`, first);
      add(`tailwind-merge ${classLists.length} class lists of /, CPU ${rate}x`, all);
    } finally {
      await browser.close();
    }
  }
}

console.log(`Main-thread ms, median of ${runs} fresh tabs [min-max]:`);
for (const [key, values] of [...samples].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${key.padEnd(48)} ${median(values).toFixed(1).padStart(6)}  [${range(values, 1)}]`);
}
