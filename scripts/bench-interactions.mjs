// Interactions on a slow phone: how soon the lead control of a page is painted, how soon the page
// hydrates, whether a tap made the moment the control is painted does anything, and how long a
// tap after hydration takes to show a form the visitor can fill in.
//
//   npm run build && npm run bench:interactions
//   BUILD_DIR=build-bench npm run build && BUILD_DIR=build-bench npm run bench:interactions
//
// Environment:
//   BI_RUNS=5                 runs per route and per run set (two sets, below)
//   BI_ROUTES=/,/contact      only these routes (default /,/pricing,/compare,/enterprise,/contact)
//   BUILD_DIR=build           the build to serve (its compiled server, <BUILD_DIR>/server/index.js,
//                             on a free port with an embedded database in a temporary folder)
//   BI_NETWORK=raw            150 ms, 1.6 Mbps down, 750 Kbps up as given to Chrome unadjusted (what
//                             scripts/bench-page-start.ts applies), instead of Lighthouse's numbers
//   BI_BUDGET=1               exit 1 when a tap at paint is lost or a tap→usable form median is over
//                             300 ms (dialog routes); without it the exit code is 0 unless the
//                             script itself fails
//   BI_JSON=file              also write every sample there
//   CHROME_PATH               the browser (default /usr/bin/chromium when present)
//
// Profile: Lighthouse's mobile profile, applied through the DevTools protocol (a CDP session per
// page), the numbers read from the installed Lighthouse (12.8.2: config/constants.js, whose
// throttling.mobileSlow4G comes from its Lantern constants):
//   Network.emulateNetworkConditions  latency 562.5 ms, download 1474.56 Kbps, upload 675 Kbps.
//     mobileSlow4G is a 150 ms round trip and 1.6 Mbps (1638.4 Kbps) down; Chrome's request-level
//     throttling does not model connection set-up or TCP slow start, so for its "devtools"
//     throttling method Lighthouse sends requestLatencyMs = 150 x 3.75 and
//     downloadThroughputKbps = 1638.4 x 0.9, uploadThroughputKbps = 750 x 0.9
//     (DEVTOOLS_RTT_ADJUSTMENT_FACTOR, DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR), converted to bytes
//     per second as Lighthouse's lib/emulation.js does (floor(Kbps x 1024 / 8): 188743 and
//     86400 B/s). That is what `lighthouse --throttling-method=devtools` applies.
//     BI_NETWORK=raw uses 150 ms / 1.6 Mbps / 750 Kbps instead (lighter: each request waits 150 ms
//     rather than 562.5 ms).
//   Emulation.setCPUThrottlingRate    rate 4 (cpuSlowdownMultiplier).
//   Viewport 412x823, deviceScaleFactor 1.75, isMobile, hasTouch (screenEmulationMetrics.mobile),
//   Lighthouse's Moto G Power user agent (userAgents.mobile).
// Each load gets a fresh browser context (empty cache, no cookies or storage); each round (one run
// of every route in both sets) a fresh browser. Third-party hosts fail at once
// (noThirdPartyHostsArg), as in the end-to-end tests.
//
// What is measured, per route (times from navigation start, in the page's clock):
//   control     the page's primary lead control, found by role and accessible name: the first
//               visible button named "Book demo" in <main> on / and /pricing (opens the booking
//               dialog), "Book a demo" on /compare and "Book a consultation" on /enterprise (both
//               open the enterprise consultation dialog), and the contact form's "Send message"
//               submit button on /contact. The script checks that Playwright's getByRole finds the
//               same element.
//   paint       the first frame in which the control is laid out and visible: a requestAnimationFrame
//               loop started by an init script records the frame's time when it first finds it, and
//               the figure is max(that frame time, first-contentful-paint), since the first frame's
//               rAF time precedes its paint. (Whether the control is inside the first viewport is
//               printed below the table; "visible" is Playwright's sense, not "on screen".)
//   hydrate     <html> gets data-hydrated (set by app/root.tsx once React has hydrated): a
//               MutationObserver installed by the init script records performance.now().
//   Set A ("after hydration"): the page loads, hydrates, then 2 s pass (page.waitForTimeout), the
//               control is scrolled to the middle of the screen if it is not fully on screen, and
//               it is tapped at its centre (touchStart + touchEnd through the DevTools protocol,
//               page.touchscreen.tap: a real tap, no actionability wait). From the tap (the
//               touchstart event's timeStamp):
//     tap→dialog       to the first frame with a visible role=dialog;
//     tap→usable form  to the first frame in which the dialog's "Full name" text box (the first
//                      field of both lead dialogs) is visible and enabled. Should the tap navigate
//                      instead (a control that is a link to a page with the form), tap→dialog is
//                      "-" and tap→usable form is wall-clock time from the tap to that page's
//                      "Full name" box being visible and enabled (noted below the table).
//     /contact has no dialog: its tap goes to the inline form's Name field, and tap→usable form is
//     the time to its HydrateOnIntent wrapper getting data-hydrated (the form's own code running;
//     typing works in the plain HTML meanwhile). Marked "*" in the table, outside the budget.
//   Set B ("tap at paint"): a fresh load in which the init script's loop, once the frame it found
//     the control in is on screen (the first-contentful-paint entry when that is the first frame,
//     else the next frame), scrolls the control to the middle of the screen if it is not fully on
//     it (the visitor would have to scroll to it) and asks the script (a Playwright binding) to
//     tap its centre at once: the tap lands some 10-40 ms after the paint. Then up to 10 s from
//     the tap:
//       opened     a visible role=dialog appeared (the tap was handled, perhaps late);
//       navigated  the page went to another URL that has a form (a fallback link did the job);
//       hydrated   /contact only: the tap on the Name field led to the form's wrapper getting
//                  data-hydrated within 10 s (the tap reached HydrateOnIntent's intent listener, or
//                  the focus it left was seen when that listener was installed);
//       lost       none of these: nothing happened, the visitor has to tap again.
//     Each tap's time, when React started listening (hydrateRoot adds its click listener to the
//     document: recorded by wrapping addEventListener in the init script) and when the page had
//     hydrated are printed below the table: a click before React listens reaches no handler and
//     is not replayed; after it, React can hydrate the clicked part at once and handle it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import * as lighthouseConstants from "lighthouse/core/config/constants.js";
import { register } from "tsx/esm/api";
import { cleanup, cleanups, startBuiltSite } from "./bench-site.mjs";

// The Chromium flags are TypeScript; tsx lets this plain Node script read them.
register();
const { chromiumArgs, noThirdPartyHostsArg, systemChromium } = await import("../tests/support/chromium.ts");

const started = Date.now();
const runs = Math.max(1, Number(process.env.BI_RUNS ?? 5) || 5);
const allRoutes = ["/", "/pricing", "/compare", "/enterprise", "/contact"];
const routes = process.env.BI_ROUTES ? process.env.BI_ROUTES.split(",").map((r) => r.trim()).filter(Boolean) : allRoutes;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const chromePath = process.env.CHROME_PATH ?? systemChromium;
const budgetOn = process.env.BI_BUDGET === "1";
const budget = { usableFormMs: 300 };
const tapWaitMs = 10_000;

/** Per route: the control (role, accessible name) and what a tap on it should lead to. */
const controls = {
  "/": { role: "button", name: "Book demo", kind: "dialog" },
  "/pricing": { role: "button", name: "Book demo", kind: "dialog" },
  "/compare": { role: "button", name: "Book a demo", kind: "dialog" },
  "/enterprise": { role: "button", name: "Book a consultation", kind: "dialog" },
  // The paint control is the submit button; the tap goes to the first field.
  "/contact": { role: "button", name: "Send message", kind: "inline-form", tapRole: "textbox", tapName: "Name" },
};
for (const route of routes) {
  if (!controls[route]) {
    console.error(`No lead control known for ${route}: pick from ${allRoutes.join(", ")}`);
    process.exit(2);
  }
}
if (!fs.existsSync(path.join(buildDir, "client", "index.html")) || !fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  console.error(`No complete build in ${buildDir}: run "npm run build" first (or set BUILD_DIR).`);
  process.exit(2);
}

// Lighthouse's mobile profile (see the header).
const { throttling, screenEmulationMetrics, userAgents } = lighthouseConstants;
const slow4G = throttling.mobileSlow4G;
const network =
  process.env.BI_NETWORK === "raw"
    ? { latency: slow4G.rttMs, downKbps: slow4G.throughputKbps, upKbps: 750, label: "raw" }
    : { latency: slow4G.requestLatencyMs, downKbps: slow4G.downloadThroughputKbps, upKbps: slow4G.uploadThroughputKbps, label: "Lighthouse devtools" };
const networkConditions = {
  offline: false,
  latency: network.latency,
  downloadThroughput: Math.floor((network.downKbps * 1024) / 8),
  uploadThroughput: Math.floor((network.upKbps * 1024) / 8),
};
const cpuRate = slow4G.cpuSlowdownMultiplier;
const phone = screenEmulationMetrics.mobile;
const contextOptions = {
  viewport: { width: phone.width, height: phone.height },
  deviceScaleFactor: phone.deviceScaleFactor,
  isMobile: phone.mobile,
  hasTouch: true,
  userAgent: userAgents.mobile,
};

function startSite() {
  const env = { ...process.env };
  // The embedded database, and no analytics tags or bot check: a consent banner or a third-party
  // script would change what is measured from one shell to the next.
  for (const name of ["DATABASE_URL", "GTM_ID", "GA4_ID", "META_PIXEL_ID", "RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET_KEY"]) delete env[name];
  return startBuiltSite({ buildDir, env, host: "127.0.0.1", tmpPrefix: "agentdesk-bi-" });
}

/**
 * Runs in the page before its own scripts (plain JavaScript: Playwright sends its source).
 * Records, on the page's clock: the frame the control is first painted in, hydration, the first
 * touch, and the first frames with a visible dialog and a usable dialog form; in "tap at paint"
 * mode it calls window.__biTap(x, y) in the frame it finds the control.
 */
function recorder({ control, tapAtPaint }) {
  const bi = {
    paintFrame: NaN,
    hydrated: NaN,
    reactListening: NaN,
    tapAt: NaN,
    tapTarget: null,
    clicked: false,
    dialogAt: NaN,
    formAt: NaN,
    inlineHydrated: NaN,
    controlInFirstViewport: null,
    scrolled: false,
  };
  window.__bi = bi;
  const text = (s) => (s ?? "").replace(/\s+/g, " ").trim();
  // The accessible name, as far as these controls need it: aria-label, aria-labelledby, the
  // label of a form field, else the text content.
  const nameOf = (el) => {
    if (el.hasAttribute("aria-label")) return text(el.getAttribute("aria-label"));
    const by = el.getAttribute("aria-labelledby");
    if (by) return text(by.split(/\s+/).map((id) => document.getElementById(id)?.textContent).join(" "));
    if (el.labels && el.labels.length) return text(el.labels[0].textContent);
    return text(el.textContent);
  };
  const selectors = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], textarea, [role="textbox"]',
  };
  const visible = (el) => {
    if (el.closest('[aria-hidden="true"]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const find = (root, role, name) => {
    if (!root) return null;
    for (const el of root.querySelectorAll(selectors[role])) if (nameOf(el) === name && visible(el)) return el;
    return null;
  };
  window.__biFind = (role, name) => find(document.querySelector("main"), role, name);
  const fullyOnScreen = (el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && (hit === el || el.contains(hit)));
  };
  /** Brings el to the middle of the screen if it is not fully on it; returns its centre. */
  window.__biAim = (el) => {
    if (!fullyOnScreen(el)) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      bi.scrolled = true;
    }
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };

  // When React starts listening: hydrateRoot(document, ...) adds its listeners for every event
  // to the document at once (before hydration itself); a click before then reaches nobody, a
  // click after it is replayed once the clicked part has hydrated.
  const addEventListener_ = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (this === document && type === "click" && Number.isNaN(bi.reactListening)) {
      bi.reactListening = performance.now();
      EventTarget.prototype.addEventListener = addEventListener_;
    }
    return addEventListener_.call(this, type, ...rest);
  };

  // Hydration: <html> does not exist yet when this runs, so watch the whole document; the same
  // observer sees the inline form's wrapper getting data-hydrated.
  new MutationObserver(() => {
    const now = performance.now();
    if (Number.isNaN(bi.hydrated) && document.documentElement?.hasAttribute("data-hydrated")) bi.hydrated = now;
    if (Number.isNaN(bi.inlineHydrated) && document.querySelector("main div[data-hydrated] form")) bi.inlineHydrated = now;
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });

  // The control's first painted frame (and, in tap-at-paint mode, the tap).
  const lookForControl = (frameTime) => {
    const el = find(document.querySelector("main"), control.role, control.name);
    if (!el) return requestAnimationFrame(lookForControl);
    bi.paintFrame = frameTime;
    bi.controlInFirstViewport = fullyOnScreen(el);
    if (!tapAtPaint) return;
    const tapNow = () => {
      const target = control.tapRole ? find(document.querySelector("main"), control.tapRole, control.tapName) : el;
      const at = window.__biAim(target ?? el);
      window.__biTap?.(at.x, at.y);
    };
    // Tap once the frame is on screen, not while it is still being drawn: on the first contentful
    // paint's entry when the control is in that frame, else in the next frame.
    if (performance.getEntriesByName("first-contentful-paint").length) requestAnimationFrame(tapNow);
    else {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        tapNow();
      }).observe({ type: "paint", buffered: true });
    }
  };
  requestAnimationFrame(lookForControl);

  // After a tap: the first frames with a visible dialog and with its first field usable.
  const watchDialog = () => {
    const now = performance.now();
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find(visible);
    if (dialog && Number.isNaN(bi.dialogAt)) bi.dialogAt = now;
    const field = dialog && find(dialog, "textbox", "Full name");
    if (field && !field.matches(":disabled") && !field.readOnly) bi.formAt = now;
    else requestAnimationFrame(watchDialog);
  };
  addEventListener(
    "touchstart",
    (event) => {
      if (!event.isTrusted || !Number.isNaN(bi.tapAt)) return;
      bi.tapAt = event.timeStamp;
      bi.tapTarget = event.target instanceof Element ? event.target.outerHTML.slice(0, 80) : String(event.target);
      requestAnimationFrame(watchDialog);
    },
    { capture: true, passive: true },
  );
  addEventListener("click", (event) => event.isTrusted && (bi.clicked = true), { capture: true, passive: true });
}

const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

async function openPage(browser, tapAtPaint, control) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const tap = { requested: null, done: null };
  if (tapAtPaint) {
    await page.exposeBinding("__biTap", (_source, x, y) => {
      // Not awaited inside the binding: the page's call returns at once.
      tap.requested = { x, y };
      tap.done = page.touchscreen.tap(x, y).catch((error) => error);
    });
  }
  await page.addInitScript(recorder, { control, tapAtPaint });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", networkConditions);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
  return { context, page, tap };
}

const readBi = (page) => page.evaluate(() => ({ ...window.__bi, fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN }));

/** The control Playwright finds by role and name must be the one the page's loop timed. */
async function checkSameControl(page, control) {
  const locator = page.locator("main").getByRole(control.role, { name: control.name, exact: true }).filter({ visible: true }).first();
  const same = await locator.evaluate((el, c) => el === window.__biFind(c.role, c.name), control).catch(() => false);
  if (!same) throw new Error(`getByRole(${control.role}, "${control.name}") in <main> is not the element the page timed`);
}

/** Set A: load, hydrate, 2 s idle, tap, time the dialog and its form (or the inline form). */
async function measureAfterHydration(browser, base, route) {
  const control = controls[route];
  const { context, page } = await openPage(browser, false, control);
  try {
    await page.goto(base + route, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(() => window.__bi.hydrated >= 0 && window.__bi.paintFrame >= 0, undefined, { timeout: 120_000 });
    await checkSameControl(page, control);
    await page.waitForTimeout(2000);
    const role = control.tapRole ?? control.role;
    const name = control.tapName ?? control.name;
    const at = await page.evaluate(([r, n]) => window.__biAim(window.__biFind(r, n)), [role, name]);
    // A scroll needs a frame before the tap lands where the control now is.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const before = await readBi(page);
    const url = page.url();
    const tappedAt = Date.now();
    await page.touchscreen.tap(at.x, at.y);
    const sample = {
      paint: Math.max(before.paintFrame, Number.isFinite(before.fcp) ? before.fcp : -Infinity),
      hydrate: before.hydrated,
      reactListening: before.reactListening,
      fcp: before.fcp,
      inFirstViewport: before.controlInFirstViewport,
      tapToDialog: NaN,
      tapToForm: NaN,
      navigated: false,
    };
    // Until the form is usable here (times recorded by the page's own frame loop) or the page has
    // gone elsewhere.
    let navigated = false;
    for (;;) {
      if (page.url() !== url) {
        navigated = true;
        break;
      }
      const bi = await readBi(page).catch(() => undefined);
      if (bi && (control.kind === "dialog" ? bi.formAt >= 0 : bi.inlineHydrated >= 0)) break;
      if (Date.now() - tappedAt > 60_000) throw new Error(`${route}: no usable form 60 s after a tap on the hydrated page`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (navigated) {
      // A control that is a link (or a form) took the visitor to a page with the form: time to its
      // first field usable, on the wall clock (the new page has its own clock).
      const field = page.getByRole("textbox", { name: "Full name", exact: true }).first();
      await field.waitFor({ state: "visible", timeout: 60_000 });
      await page.waitForFunction((el) => el && !el.matches(":disabled") && !el.readOnly, await field.elementHandle(), { timeout: 60_000 });
      sample.tapToForm = Date.now() - tappedAt;
      sample.navigated = true;
      return sample;
    }
    const bi = await readBi(page);
    if (control.kind === "dialog") {
      sample.tapToDialog = bi.dialogAt - bi.tapAt;
      sample.tapToForm = bi.formAt - bi.tapAt;
    } else {
      sample.tapToForm = Math.max(0, bi.inlineHydrated - bi.tapAt);
    }
    return sample;
  } finally {
    await context.close();
  }
}

/** Set B: tap the control in the frame it is first painted; what came of it within 10 s? */
async function tapAtPaint(browser, base, route) {
  const control = controls[route];
  const { context, page, tap } = await openPage(browser, true, control);
  try {
    const url = base + route;
    // "commit": the page's own loop decides when to tap; do not wait for load here.
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    const deadline = Date.now() + 120_000;
    while (!tap.done) {
      if (Date.now() > deadline) throw new Error(`${route}: the control was never painted`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const tapError = await tap.done;
    if (tapError instanceof Error) throw tapError;
    // The touch has been dispatched; its timeStamp in the page marks the tap.
    await page.waitForFunction(() => window.__bi.tapAt >= 0, undefined, { timeout: 60_000, polling: 50 });
    const tappedAt = Date.now();
    let outcome = "lost";
    let bi;
    for (;;) {
      if (page.url() !== url) {
        await page.waitForLoadState("domcontentloaded").catch(() => {});
        const form = page.locator("main form").filter({ visible: true });
        outcome = (await form.count()) > 0 ? "navigated" : "lost";
        break;
      }
      bi = await readBi(page).catch(() => undefined);
      if (bi && control.kind === "dialog" && bi.dialogAt >= 0) {
        outcome = "opened";
        break;
      }
      if (bi && control.kind === "inline-form" && bi.inlineHydrated >= 0) {
        outcome = "hydrated";
        break;
      }
      if (Date.now() - tappedAt > tapWaitMs) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (outcome !== "navigated") {
      // Hydration may come after the 10 s (it does not on this site), so wait for it to report it.
      await page.waitForFunction(() => window.__bi.hydrated >= 0, undefined, { timeout: 60_000 }).catch(() => {});
      bi = await readBi(page);
    }
    return {
      outcome,
      paint: bi ? Math.max(bi.paintFrame, Number.isFinite(bi.fcp) ? bi.fcp : -Infinity) : NaN,
      tapAt: bi?.tapAt ?? NaN,
      hydrate: bi?.hydrated ?? NaN,
      reactListening: bi?.reactListening ?? NaN,
      clicked: bi?.clicked ?? null,
      tapTarget: bi?.tapTarget ?? null,
      fcp: bi?.fcp ?? NaN,
      paintFrame: bi?.paintFrame ?? NaN,
      scrolled: bi?.scrolled ?? null,
      after:
        bi && outcome === "opened"
          ? bi.dialogAt - bi.tapAt
          : bi && outcome === "hydrated"
            ? bi.inlineHydrated - bi.tapAt
            : NaN,
    };
  } finally {
    await context.close();
  }
}

const fmt = (v) => (Number.isFinite(v) ? String(Math.round(v)) : "-");

async function main() {
  const base = await startSite();
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(
    `bench-interactions: ${runs} run(s) per route and set, ${base} (${path.relative(process.cwd(), buildDir) || "."})\n` +
      `  network (${network.label}): latency ${network.latency} ms, down ${network.downKbps.toFixed(2)} Kbps (${networkConditions.downloadThroughput} B/s), ` +
      `up ${network.upKbps.toFixed(2)} Kbps (${networkConditions.uploadThroughput} B/s); CPU ${cpuRate}x; ` +
      `${phone.width}x${phone.height} @${phone.deviceScaleFactor}, touch\n  load average at start: ${load()}`,
  );
  const after = new Map(routes.map((r) => [r, []]));
  const atPaint = new Map(routes.map((r) => [r, []]));
  for (let run = 0; run < runs; run++) {
    // A fresh browser per round: one browser reused for many loads drifts.
    const browser = await chromium.launch({ executablePath: chromePath, args: [...chromiumArgs, noThirdPartyHostsArg] });
    const closeBrowser = () => browser.close();
    cleanups.push(closeBrowser);
    try {
      for (const route of routes) {
        after.get(route).push(await measureAfterHydration(browser, base, route));
        atPaint.get(route).push(await tapAtPaint(browser, base, route));
      }
    } finally {
      cleanups.splice(cleanups.indexOf(closeBrowser), 1);
      await closeBrowser();
    }
    console.log(`  run ${run + 1} of ${runs} done (load ${load()})`);
  }

  const header = `${"route".padEnd(12)} ${"paint ms".padStart(9)} ${"hydrate ms".padStart(11)} ${"tap→dialog ms".padStart(14)} ${"tap→usable form ms".padStart(19)} ${"taps at paint lost".padStart(19)}`;
  console.log(`\nMedians of ${runs} run(s) (paint, hydrate, taps after hydration: set A; taps at paint: set B):\n${header}\n${"-".repeat(header.length)}`);
  const misses = [];
  for (const route of routes) {
    const a = after.get(route);
    const b = atPaint.get(route);
    const lost = b.filter((s) => s.outcome === "lost").length;
    const inline = controls[route].kind === "inline-form";
    const usable = median(a.map((s) => s.tapToForm));
    console.log(
      `${route.padEnd(12)} ${fmt(median(a.map((s) => s.paint))).padStart(9)} ${fmt(median(a.map((s) => s.hydrate))).padStart(11)} ${fmt(median(a.map((s) => s.tapToDialog))).padStart(14)} ${(fmt(usable) + (inline ? "*" : "")).padStart(19)} ${`${lost}/${b.length}`.padStart(19)}`,
    );
    if (lost) misses.push(`${route}: ${lost} of ${b.length} taps at paint lost`);
    if (!inline && usable > budget.usableFormMs) misses.push(`${route}: tap→usable form ${fmt(usable)} ms > ${budget.usableFormMs} ms`);
  }
  console.log(
    `* /contact: tap on the inline form's Name field to its wrapper's data-hydrated (no dialog; typing works before).`,
  );

  console.log(
    `\nTaps at paint (set B), per run: outcome tap|React listening|hydrated, ms from navigation; +ms from the tap to the dialog or form:`,
  );
  for (const route of routes) {
    const cells = atPaint
      .get(route)
      .map((s) => `${s.outcome} ${fmt(s.tapAt)}|${fmt(s.reactListening)}|${fmt(s.hydrate)}${Number.isFinite(s.after) ? ` +${fmt(s.after)}` : ""}`);
    console.log(`  ${route.padEnd(12)} ${cells.join(", ")}`);
  }
  console.log(`\nSet A, min-max over runs: paint; React listening; hydrate; tap→usable form; control inside the first viewport:`);
  for (const route of routes) {
    const a = after.get(route);
    const range = (key) => {
      const v = a.map((s) => s[key]).filter(Number.isFinite);
      return v.length ? `${fmt(Math.min(...v))}-${fmt(Math.max(...v))}` : "-";
    };
    const inView = a.every((s) => s.inFirstViewport) ? "yes" : a.some((s) => s.inFirstViewport) ? "sometimes" : "no (scrolled to before the tap)";
    const away = a.filter((s) => s.navigated).length;
    console.log(
      `  ${route.padEnd(12)} ${range("paint")}; ${range("reactListening")}; ${range("hydrate")}; ${range("tapToForm")}; ${inView}` +
        (away ? `; the tap navigated in ${away} of ${a.length} (tap→usable form then on the wall clock, to the new page's field)` : ""),
    );
  }
  if (process.env.BI_JSON) {
    fs.writeFileSync(process.env.BI_JSON, JSON.stringify({ after: Object.fromEntries(after), atPaint: Object.fromEntries(atPaint) }, null, 1));
  }
  console.log(`\nload average at end: ${load()}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  if (misses.length) console.log(`${budgetOn ? "Over budget" : "Over budget (BI_BUDGET=1 to fail on it)"}:\n  ${misses.join("\n  ")}`);
  return budgetOn && misses.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
} finally {
  await cleanup();
}
process.exit(code);
