import { spawn } from "node:child_process";
import path from "node:path";
import { compiledEntry } from "./spawn-server";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs the real `admin:create` command (server/cli/admin-create.ts, compiled) with the given env. */
export function runAdminCreate(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [compiledEntry("admin-create"), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.once("exit", (code) => resolve({ code, output }));
  });
}
