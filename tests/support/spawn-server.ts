import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedDataDir, type TemplateVariant } from "./pglite-templates";

export type SpawnedServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM and wait for the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL and wait. */
  kill: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The compiled server's entry points (`npm run build` bundles them with esbuild): tests start the
 * JavaScript a deployment runs, without transpiling TypeScript at every start.
 */
export function compiledEntry(name: "index" | "admin-create"): string {
  const file = path.resolve(root, process.env.BUILD_DIR ?? "build", "server", `${name}.js`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first (npm test does).`);
  return file;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The folders tempDataDir() made in this process, deleted when it exits. */
const madeHere = new Set<string>();
process.once("exit", () => removeTempDirs());

/**
 * Deletes every folder tempDataDir() made so far. Vitest calls it after each test file
 * (tests/support/vitest-setup.ts): its worker processes are stopped without an "exit" event.
 */
export function removeTempDirs(): void {
  for (const dir of madeHere) removeTempDir(dir);
}

/**
 * A new empty folder for a server's data (tests reopen it after the server stops), deleted when
 * this process exits or, under Vitest, when its test file ends: a database copy is 40-60 MB, and
 * the thousands that past runs left behind once filled this machine's disk. npm test also runs
 * everything in a temporary folder of its own that it deletes at the end (scripts/test.sh), for
 * processes that end otherwise.
 */
export function tempDataDir(label = "server"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `agentdesk-${label}-`));
  madeHere.add(dir);
  return dir;
}

function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  madeHere.delete(dir);
}

/**
 * A new folder holding a copy of the migrated template database, or of a variant of it (see
 * pglite-templates.ts).
 */
export async function seededDataDir(label = "server", variant?: TemplateVariant): Promise<string> {
  const dataDir = tempDataDir(label);
  await seedDataDir(dataDir, variant);
  return dataDir;
}

/**
 * Starts the real server (the built site and the API) as a child process and waits until
 * /api/health answers. Uses the embedded database unless env says otherwise: in `dataDir` when
 * given, else in a new folder holding a copy of the migrated template (start-up 1-3 s instead
 * of 5-9 s of initdb and migrations), or an empty one with `fresh: true` (a first start).
 */
export async function spawnServer(
  options: { env?: Record<string, string | undefined>; dataDir?: string; fresh?: boolean } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const databaseUrl = options.env && "DATABASE_URL" in options.env ? options.env.DATABASE_URL : process.env.DATABASE_URL;
  const dataDir = options.dataDir ?? (options.fresh || databaseUrl ? tempDataDir() : await seededDataDir());
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  })) {
    if (value !== undefined) env[key] = value;
  }
  const child = spawn(process.execPath, [compiledEntry("index")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // "close", not "exit": what the server printed last (shutdown warnings, which a test
  // reads after stop()) may still be in the pipes when the process has exited.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 400_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Runs the server entry to completion (for start-up failures) and returns its exit code and output. */
export async function runServerToExit(env: Record<string, string | undefined>, timeoutMs = 30_000) {
  const child = spawn(process.execPath, [compiledEntry("index")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  // "close", not "exit": the output may still be in the pipes when the process has exited.
  const code = await new Promise<number | null>((resolve) => child.once("close", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}
