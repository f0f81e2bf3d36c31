// What the benchmarks that serve a build (bench-lighthouse, bench-interactions, bench-page-start)
// share: a free port, a teardown list run on exit or Ctrl-C, the compiled server of a build
// started on an empty embedded database until it answers /api/health, a fresh browser per round,
// and a main that tears down whatever it started before it exits.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { chromiumArgs, noThirdPartyHostsArg, systemChromium } from "../tests/support/chromium";

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Teardown steps, run last-in first-out by `cleanup()`. */
export const cleanups: (() => unknown)[] = [];
export const cleanup = async () => {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch {
      // Best effort: keep tearing down the rest.
    }
  }
};
process.on("SIGINT", () => cleanup().then(() => process.exit(130)));
process.on("SIGTERM", () => cleanup().then(() => process.exit(143)));

/**
 * The compiled server of `buildDir` (as a deployment runs it) on a free port and a fresh data
 * folder (a copy of BENCH_DATA_DIR when set), with `env` as its environment plus the bench's own settings; its base URL on `host`.
 */
export async function startBuiltSite({ buildDir, env, host, tmpPrefix }: { buildDir: string; env: NodeJS.ProcessEnv; host: string; tmpPrefix: string }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // BENCH_DATA_DIR: start from a copy of that embedded-database data dir (one with published
  // posts from scripts/seed-content-posts.ts, to measure the blog) instead of an empty one.
  const seed = process.env.BENCH_DATA_DIR;
  if (seed) fs.cpSync(seed, dataDir, { recursive: true });
  const base = `http://${host}:${port}`;
  const child = spawn(process.execPath, [path.join(buildDir, "server", "index.js")], {
    env: {
      ...env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      BUILD_DIR: buildDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  );
  // A fresh data folder is migrated first: on a loaded shared machine that took over 60 s.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return base;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("The server did not become healthy within 180 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `round` in a fresh Chromium (third-party hosts unreachable), closed after it or on Ctrl-C: one
 * browser reused for hundreds of loads drifts.
 */
export async function inFreshBrowser<T>(round: (browser: Browser) => Promise<T>, executablePath = systemChromium): Promise<T> {
  const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, noThirdPartyHostsArg] });
  const close = () => browser.close();
  cleanups.push(close);
  try {
    return await round(browser);
  } finally {
    cleanups.splice(cleanups.indexOf(close), 1);
    await close();
  }
}

/** Runs a benchmark's `main` and exits with its code (1 when it throws), after `cleanup()`. */
export async function runBench(main: () => Promise<number>): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error);
  } finally {
    await cleanup();
  }
  process.exit(code);
}
