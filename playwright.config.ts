import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, noThirdPartyHostsArg, systemChromium } from "./tests/support/chromium";

/**
 * End-to-end tests run against the built site served by the real server, in Debian's Chromium
 * (Playwright cannot download its own browsers here). Where /usr/bin/chromium is absent, the
 * config falls back to Playwright's own Chromium.
 */
const args = [...chromiumArgs, noThirdPartyHostsArg];
const launchOptions = systemChromium ? { executablePath: systemChromium, args } : { args };

const port = Number(process.env.E2E_PORT ?? 3199);
export const e2eBaseUrl = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "agentdesk-e2e-"));

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: e2eBaseUrl,
    launchOptions,
    trace: "off",
    screenshot: "only-on-failure",
  },
  // Every test runs at both widths, except those tagged in their spec file (with the reason):
  // @any-width tests (pure API, admin CRUD, analytics, JSON-LD) run in the desktop project only;
  // @phone-width tests set their own phone viewport and run in the phone project only.
  projects: [
    {
      name: "desktop",
      grepInvert: /@phone-width/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "phone",
      grepInvert: /@any-width/,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: {
    command: `node ${process.env.BUILD_DIR ?? "build"}/server/index.js`,
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: e2eBaseUrl,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
