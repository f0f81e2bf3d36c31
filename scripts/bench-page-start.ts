// What a visitor on a slow phone waits for, measured in Chromium on builds of the site: Lighthouse's
// mobile profile applied through the DevTools protocol with its network unadjusted (150 ms round
// trip, 1.6 Mbps down, 750 Kbps up, CPU slowed 4x: "raw" in scripts/bench-phone.ts), a fresh
// browser context (empty cache) per load. For each load:
//   FCP        navigation to first contentful paint (paint timing)
//   hydrated   navigation to <html data-hydrated> (the root's effect after hydration)
//   blocking   sum over long tasks of (duration - 50 ms): total blocking time as the throttled
//              browser saw it (not Lighthouse's simulation)
//   scripts    scripts fetched before the page went quiet, without any interaction: count and
//              bytes on the wire (the server sends brotli)
// With --probes, on /contact and /enterprise the first field of the inline form is then
// focused and the time until the form has hydrated is measured ("form after focus"), and on
// every page the first Book demo button is pressed and the time until the booking form shows
// is measured ("book dialog"). With --fast-network only the CPU is slowed (a slow phone on fast
// Wi-Fi: scripts arrive while the page is still being painted).
//
//   npx tsx scripts/bench-page-start.ts [--runs 5] [--routes /,/contact] [--probes] [--fast-network] dir [dir...]
//
// Several build directories are measured in the same session, round-robin (run 1 of every route
// on every build, then run 2, ...), so a busy spell on the machine falls on all of them alike;
// the table gives medians and, per build after the first, the difference of medians.
// Each build is served by its own compiled server (<dir>/server/index.js) with a fresh data folder
// (scripts/bench-site.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { describePhone, phoneContextOptions, phoneNetworks, throttlePhone } from "./bench-phone";
import { inFreshBrowser, runBench, startBuiltSite } from "./bench-site";
import { median, range } from "./bench-stats";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const runs = Number(option("--runs") ?? 5);
const routes = (option("--routes") ?? "/,/pricing,/contact,/enterprise").split(",");
const probes = args.includes("--probes");
const fastNetwork = args.includes("--fast-network");
const dirs = args.filter((a) => !a.startsWith("--"));
if (dirs.length === 0) dirs.push(process.env.BUILD_DIR ?? "build");

type Sample = {
  fcp: number;
  lcp: number;
  hydrated: number;
  blocking: number;
  longTasks: number;
  scripts: number;
  scriptKB: number;
  formAfterFocus?: number;
  bookDialog?: number;
};

/** Runs in the page before its own scripts: records when it hydrates, long tasks and LCP. */
const recorder = () => {
  const w = window as unknown as { __bench: { hydrated: number; longTasks: { start: number; end: number }[]; lcp: number } };
  w.__bench = { hydrated: NaN, longTasks: [], lcp: NaN };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  // The <html> element does not exist yet when this runs: watch the whole document.
  new MutationObserver((_, observer) => {
    if (document.documentElement?.hasAttribute("data-hydrated")) {
      w.__bench.hydrated = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
};

async function measure(browser: Browser, url: string, route: string): Promise<Sample> {
  const context = await browser.newContext(phoneContextOptions);
  try {
    const page = await context.newPage();
    await page.addInitScript(recorder);
    const cdp = await context.newCDPSession(page);
    await throttlePhone(cdp, fastNetwork ? null : phoneNetworks.raw);
    const scripts = new Map<string, { bytes: number }>();
    const inflight = new Set<string>();
    let lastNetwork = Date.now();
    cdp.on("Network.requestWillBeSent", (e) => {
      inflight.add(e.requestId);
      lastNetwork = Date.now();
    });
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.set(e.requestId, { bytes: 0 });
    });
    const done = (e: { requestId: string; encodedDataLength?: number }) => {
      inflight.delete(e.requestId);
      lastNetwork = Date.now();
      const script = scripts.get(e.requestId);
      if (script && e.encodedDataLength) script.bytes = e.encodedDataLength;
    };
    cdp.on("Network.loadingFinished", done);
    cdp.on("Network.loadingFailed", done);

    await page.goto(url + route, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 120_000 });
    // Quiet: nothing in flight for 1.5 s (throttled requests take 150 ms before they even start).
    const deadline = Date.now() + 60_000;
    while ((inflight.size > 0 || Date.now() - lastNetwork < 1500) && Date.now() < deadline) await page.waitForTimeout(100);
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __bench: { hydrated: number; longTasks: { start: number; end: number }[]; lcp: number } };
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      const tasks = w.__bench.longTasks;
      return {
        fcp,
        lcp: w.__bench.lcp,
        hydrated: w.__bench.hydrated,
        blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.end - t.start - 50), 0),
        longTasks: tasks.length,
      };
    });
    const scriptList = [...scripts.values()];
    const sample: Sample = {
      ...timing,
      scripts: scriptList.length,
      scriptKB: scriptList.reduce((sum, s) => sum + s.bytes, 0) / 1024,
    };

    if (probes) {
      // The inline lead form: how long after the visitor focuses it does it work?
      const form = page.locator("main form").first();
      if ((route === "/contact" || route === "/enterprise") && (await form.count())) {
        const deferred = await form.evaluate((f) => f.parentElement?.tagName === "DIV" && f.parentElement.attributes.length === 0);
        const started = Date.now();
        await form.locator("input").first().focus();
        if (deferred) {
          await page.waitForFunction(() => document.querySelector("main form")?.closest("div[data-hydrated]"), undefined, { timeout: 60_000 });
        }
        sample.formAfterFocus = Date.now() - started;
      }
      // The booking dialog: how long from the press to a form the visitor can fill in?
      const book = page.locator("main").getByRole("button", { name: "Book demo" }).first();
      if (await book.count()) {
        await page.locator("main form input").first().blur().catch(() => {});
        const started = Date.now();
        await book.click();
        await page.getByRole("dialog").getByLabel("Full name").waitFor({ state: "visible", timeout: 60_000 });
        sample.bookDialog = Date.now() - started;
      }
    }
    return sample;
  } finally {
    await context.close();
  }
}

const metrics: { key: keyof Sample; label: string; digits: number }[] = [
  { key: "fcp", label: "FCP ms", digits: 0 },
  { key: "lcp", label: "LCP ms", digits: 0 },
  { key: "hydrated", label: "hydrated ms", digits: 0 },
  { key: "blocking", label: "blocking ms", digits: 0 },
  { key: "longTasks", label: "long tasks", digits: 0 },
  { key: "scripts", label: "scripts", digits: 0 },
  { key: "scriptKB", label: "script KB", digits: 1 },
  ...(probes
    ? ([
        { key: "formAfterFocus", label: "form after focus ms", digits: 0 },
        { key: "bookDialog", label: "book dialog ms", digits: 0 },
      ] as const)
    : []),
];

await runBench(async () => {
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`bench-page-start: ${runs} run(s), routes ${routes.join(" ")}, builds ${dirs.join(" ")}`);
  console.log(describePhone(fastNetwork ? null : phoneNetworks.raw));
  console.log(`load average at start: ${load()}`);
  const urls: string[] = [];
  for (const dir of dirs) {
    if (!fs.existsSync(path.join(dir, "server", "index.js"))) throw new Error(`No complete build in ${dir}: build it with "BUILD_DIR=${dir} npm run build" first.`);
    urls.push(await startBuiltSite({ buildDir: path.resolve(dir), env: process.env, host: "127.0.0.1", tmpPrefix: "agentdesk-bench-start-" }));
  }
  const samples = new Map<string, Sample[]>();
  const key = (dir: string, route: string) => `${dir} ${route}`;
  for (let run = 0; run < runs; run++) {
    await inFreshBrowser(async (browser) => {
      for (const route of routes) {
        for (const [i, dir] of dirs.entries()) {
          const sample = await measure(browser, urls[i]!, route);
          if (!samples.has(key(dir, route))) samples.set(key(dir, route), []);
          samples.get(key(dir, route))!.push(sample);
        }
      }
    });
    console.log(`  run ${run + 1} of ${runs} done (load ${load()})`);
  }

  const label = (dir: string) => path.basename(dir).replace(/^build-perf-/, "");
  const width = Math.max(...dirs.map((d) => label(d).length), 10);
  for (const route of routes) {
    console.log(`\n${route}: medians of ${runs} (after the first build: difference of medians)`);
    console.log(["build".padEnd(width), ...metrics.map((m) => m.label.padStart(Math.max(9, m.label.length)))].join(" "));
    const ref = samples.get(key(dirs[0], route))!;
    for (const dir of dirs) {
      const own = samples.get(key(dir, route))!;
      const cells = metrics.map((m) => {
        const value = median(own.map((s) => Number(s[m.key])));
        const base = median(ref.map((s) => Number(s[m.key])));
        const shown = dir === dirs[0] ? value : value - base;
        const text = Number.isFinite(shown) ? `${dir !== dirs[0] && shown > 0 ? "+" : ""}${shown.toFixed(m.digits)}` : "-";
        return text.padStart(Math.max(9, m.label.length));
      });
      console.log([label(dir).padEnd(width), ...cells].join(" "));
    }
    // Spread, to judge the noise: the range of the reference build's values.
    const spread = metrics
      .filter((m) => ["fcp", "hydrated", "blocking"].includes(m.key))
      .map((m) => `${m.label} ${range(ref.map((s) => Number(s[m.key])))}`);
    console.log(`  ${label(dirs[0])} range over runs: ${spread.join(", ")}`);
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(Object.fromEntries(samples), null, 1));
  console.log(`\nload average at end: ${load()}`);
  return 0;
});
