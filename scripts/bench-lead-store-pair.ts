/**
 * Two builds' storeLead CPU per lead, measured side by side: scripts/bench-lead-store.ts runs in
 * each checkout (each on its own fresh database, BENCH_STEP=1), and their batches of leads
 * alternate, so that whatever else the shared machine runs weighs on both alike. Prints each
 * build's Node and backend CPU per lead over all batches, the ratio, and the load average.
 *
 *   DATABASE_URL=postgres://... tsx scripts/bench-lead-store-pair.ts <before checkout> <after checkout> [batches=40] [leads per batch=25] [warm-up=300]
 *
 * The before checkout needs its own copy of bench-lead-store.ts calling its store function.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";

const [beforeDir, afterDir] = process.argv.slice(2, 4);
if (!beforeDir || !afterDir) throw new Error("usage: bench-lead-store-pair.ts <before checkout> <after checkout> [batches] [leads per batch] [warm-up]");
const batches = Number(process.argv[4] ?? 40);
const perBatch = Number(process.argv[5] ?? 25);
const warmUp = process.argv[6] ?? "300";

type Batch = { leads: number; nodeMs: number; dbMs: number };

function start(dir: string) {
  const child = spawn("npx", ["tsx", "scripts/bench-lead-store.ts", "0", warmUp], { cwd: dir, env: { ...process.env, BENCH_STEP: "1" }, stdio: ["pipe", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`${dir}: the bench ended early`);
    return value;
  };
  return {
    ready: async () => {
      while ((await nextLine()) !== "ready");
    },
    batch: async (n: number): Promise<Batch> => {
      child.stdin.write(`${n}\n`);
      return JSON.parse(await nextLine());
    },
    stop: () => new Promise<void>((resolve) => child.once("exit", () => resolve()).stdin.end("done\n")),
  };
}

const loadAverage = () => Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
const runs = { before: start(beforeDir), after: start(afterDir) };
await Promise.all([runs.before.ready(), runs.after.ready()]);
const sums = { before: { leads: 0, nodeMs: 0, dbMs: 0 }, after: { leads: 0, nodeMs: 0, dbMs: 0 } };
const loads: number[] = [];
for (let i = 0; i < batches; i++) {
  // Which goes first alternates too.
  const order = i % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
  for (const name of order) {
    const b = await runs[name].batch(perBatch);
    sums[name].leads += b.leads;
    sums[name].nodeMs += b.nodeMs;
    sums[name].dbMs += b.dbMs;
  }
  loads.push(loadAverage());
}
await Promise.all([runs.before.stop(), runs.after.stop()]);
const per = (s: { leads: number; nodeMs: number; dbMs: number }) => ({
  nodeMs: +(s.nodeMs / s.leads).toFixed(2),
  dbMs: +(s.dbMs / s.leads).toFixed(2),
  cpuMs: +((s.nodeMs + s.dbMs) / s.leads).toFixed(2),
});
const before = per(sums.before);
const after = per(sums.after);
console.log(
  JSON.stringify({
    leads: sums.before.leads,
    load: `${Math.min(...loads)}-${Math.max(...loads)}`,
    before,
    after,
    ratio: +(after.cpuMs / before.cpuMs).toFixed(2),
  }),
);
