import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, noThirdPartyHostsArg, testChromium, testOnlyJsFlagsArg } from "./tests/support/chromium";

/**
 * End-to-end tests run against the built site served by the real, compiled server, in Debian's
 * Chromium headless shell (tests/support/chromium.ts; Playwright cannot download its own browsers
 * here). Where neither it nor /usr/bin/chromium is present, the config falls back to Playwright's
 * own Chromium. The servers, one per configuration, are
 * started once for the run by tests/e2e/global-setup.ts; specs import `test` from
 * tests/e2e/fixtures.ts.
 */
const args = [...chromiumArgs, noThirdPartyHostsArg, testOnlyJsFlagsArg];
const launchOptions = testChromium ? { executablePath: testChromium, args } : { args };

export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Three workers on two cores: tests spend part of their time waiting (held requests, retry
  // back-offs, timers), which a third worker fills (126 s instead of 138 s; four: 142 s).
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    launchOptions,
    trace: "off",
    screenshot: "only-on-failure",
  },
  // A flow runs once, at desktop width, unless the width changes it: tests tagged @phone-width run
  // in the phone project only (the phone's own layout or flow), tests tagged @both-widths in both
  // (layout checks, and flows that differ by width). Each tag says why beside its test.
  projects: [
    {
      name: "desktop",
      grepInvert: /@phone-width/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "phone",
      grep: /@phone-width|@both-widths/,
      use: {
        ...devices["Pixel 7"],
        // A phone's width, touch and mobile viewport, drawn at one device pixel per CSS pixel:
        // the tests read layout, text and behaviour, none of which depends on pixel density
        // (no srcset, no resolution query; the screenshots scale to CSS pixels). Drawing
        // 2.625x the pixels cost this project 14 % more CPU (153 against 132 CPU-s).
        deviceScaleFactor: 1,
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
});
