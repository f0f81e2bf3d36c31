import { spawn } from "node:child_process";
import path from "node:path";
import { compiledEntry } from "./spawn-server";

const root = path.resolve(import.meta.dirname, "../..");

export type CliRun = { code: number | null; output: string };

function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ADMIN_PASSWORD: undefined, ...env };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
}

/**
 * Runs the real `admin:create` command (server/cli/admin-create.ts, compiled) with the given env.
 * The password goes where a deployment's script puts it: `env.ADMIN_PASSWORD`, or `stdin` (piped,
 * then closed). Without `stdin`, standard input is empty (/dev/null), as under cron or CI.
 * ADMIN_PASSWORD from the test's own environment is never passed on.
 */
export function runAdminCreate(args: string[], env: Record<string, string | undefined>, options: { stdin?: string } = {}) {
  return new Promise<CliRun>((resolve) => {
    const child = spawn(process.execPath, [compiledEntry("admin-create"), ...args], {
      cwd: root,
      env: childEnv(env),
      stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    // "close", not "exit": the output may still be in the pipes when the process has exited.
    child.once("close", (code) => resolve({ code, output }));
    if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  });
}

const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the command on a pseudo-terminal (util-linux `script`), answering each prompt, in order,
 * once it has appeared: `output` is what the terminal showed (the prompts, and any echo).
 */
export function runAdminCreateOnTerminal(args: string[], env: Record<string, string | undefined>, answers: string[]) {
  const command = [process.execPath, compiledEntry("admin-create"), ...args].map(shellQuote).join(" ");
  return new Promise<CliRun & { prompts: number }>((resolve) => {
    const child = spawn("script", ["--quiet", "--flush", "--return", "--command", command, "/dev/null"], {
      cwd: root,
      env: childEnv(env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let prompts = 0;
    const onOutput = (data: Buffer) => {
      output += data;
      // Each prompt ends with ": " and is answered once; echo is off by then (read-password.ts).
      const shown = output.match(/(Password for the new account [^\n]*?|The same password again): /g)?.length ?? 0;
      while (prompts < shown && prompts < answers.length) child.stdin.write(`${answers[prompts++]}\r`);
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    child.once("close", (code) => resolve({ code, output, prompts }));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", () => clearTimeout(timer));
  });
}
