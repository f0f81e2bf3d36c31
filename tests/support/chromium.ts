import fs from "node:fs";

/**
 * Debian's Chromium, the full browser visitors run, for the benchmarks, Lighthouse and the
 * screenshots (Playwright cannot download its own browsers on this machine); undefined where it
 * is absent, so callers fall back to their own.
 */
export const systemChromium: string | undefined = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

/**
 * The browser the end-to-end tests drive: Debian's build of Chromium's headless shell (package
 * chromium-headless-shell), the same Blink and V8 as /usr/bin/chromium without the desktop
 * browser around them, which is what Playwright itself runs headless tests in. It spends about
 * a third of the CPU the full browser spends per test (docs/decisions/0401). Where it is absent,
 * the full browser.
 */
export const testChromium: string | undefined = fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : systemChromium;

/**
 * Flags every Chromium run here needs: no sandbox (it runs as root), and none of its own
 * background traffic, which would flood this closed network with refused connections.
 */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

/**
 * Third-party hosts are out of reach here (and in CI, where a lookup can hang until a test times
 * out): with this flag every name but localhost and 127.0.0.1 fails at once, as an unreachable
 * host would. Tests that need a third party answer it with page.route, which runs before any lookup.
 */
export const noThirdPartyHostsArg = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1";

/**
 * For the end-to-end tests only, never the benchmarks: V8 without its optimising compilers
 * (TurboFan and Maglev), so scripts run in its interpreter and baseline compiler. The same
 * language, a slower engine: a test page lives a few seconds, too short for optimised code to
 * repay compiling it on a background thread. The phone project's renderers: 40.8 -> 32.1 CPU-s
 * (docs/decisions/0401). Performance is measured by the benchmarks, with V8 as shipped.
 */
export const testOnlyJsFlagsArg = "--js-flags=--no-opt --no-maglev";
