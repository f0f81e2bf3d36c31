/**
 * Two builds' CPU per accepted lead at the lead endpoint, side by side: each checkout's compiled
 * server (<checkout>/build/server/index.js, so run `npm run build` in each first) on a fresh
 * PostgreSQL database of its own with two admins in the rotation (made by that build's
 * admin-create), answering the same valid booking leads posted to /api/submit-booking one after
 * another, each from its own address (x-forwarded-for, trusted for the run, as bench-leads.ts does)
 * and its own e-mail, the bot check off. Batches alternate between the builds (which goes first
 * alternates too), so that whatever else the shared machine runs weighs on both alike.
 *
 * Counted per batch: the server process's CPU (every thread's /proc/<pid>/task/<tid>/schedstat,
 * nanoseconds) and its database backends' (pg_stat_activity for that database, each backend's
 * /proc/<pid>/schedstat, so PostgreSQL must run on this machine). Not counted: this process, which
 * sends the requests. Prints each build's CPU per accepted lead, the ratio after / before and the
 * load average over the run.
 *
 *   DATABASE_URL=postgres://... tsx scripts/bench-lead-endpoint-cpu.ts <before checkout> <after checkout> [batches=10] [leads per batch=50] [warm-up=200]
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createPostgresDatabase } from "../tests/support/test-database";
import { freePort } from "../tests/support/spawn-server";

const [beforeDir, afterDir] = process.argv.slice(2, 4).map((dir) => dir && path.resolve(dir));
if (!beforeDir || !afterDir) throw new Error("usage: bench-lead-endpoint-cpu.ts <before checkout> <after checkout> [batches] [leads per batch] [warm-up]");
const batches = Number(process.argv[4] ?? 10);
const perBatch = Number(process.argv[5] ?? 50);
const warmUp = Number(process.argv[6] ?? 200);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error("DATABASE_URL: the backends' CPU is read from /proc, so this measures a local PostgreSQL only");

const ADMIN_PASSWORD = `bench-${crypto.randomUUID()}`;

/** A task's time on a CPU so far, ms; 0 once it has gone. */
function schedMs(file: string): number {
  try {
    return Number(fs.readFileSync(file, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return 0;
  }
}

/** Every thread of a process, ms. */
function processCpuMs(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + schedMs(`/proc/${pid}/task/${tid}/schedstat`), 0);
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.once("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(" ")}: exit ${code}\n${output}`))));
  });
}

type Build = { name: string; dir: string; url: string; pid: number; database: string; child: ChildProcess; stop: () => Promise<void>; next: number };

async function start(name: string, dir: string): Promise<Build> {
  const entry = path.join(dir, "build/server/index.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" in ${dir}`);
  const postgres = await createPostgresDatabase();
  if (!postgres) throw new Error("DATABASE_URL is not set");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentdesk-bench-${name}-`));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: postgres.url,
    TRUST_PROXY_HEADER: "x-forwarded-for",
    RECAPTCHA_SITE_KEY: "",
    RECAPTCHA_SECRET_KEY: "",
    ADMIN_PASSWORD,
  };
  // Two admins, so that every lead is routed to an owner (the first is made before the server
  // starts: it also runs that build's migrations).
  for (const i of [0, 1]) {
    await run(process.execPath, [path.join(dir, "build/server/admin-create.js"), "--email", `bench${i}@example.com`, "--role", "admin"], { cwd: dir, env });
  }
  const child = spawn(process.execPath, [entry], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${name}: the server exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (tries > 300) throw new Error(`${name}: the server did not answer /api/health`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    dir,
    url,
    pid: child.pid!,
    database: new URL(postgres.url).pathname.slice(1),
    child,
    next: 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("close", resolve));
      child.kill("SIGTERM");
      await exited;
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Posts one valid booking lead from its own address and e-mail; true when it was accepted. */
async function postLead(build: Build): Promise<boolean> {
  const i = build.next++;
  const response = await fetch(`${build.url}/api/submit-booking`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({
      name: "Ada Lovelace",
      job_title: "Head of Support",
      work_email: `lead${i}-${crypto.randomBytes(4).toString("hex")}@acme-${i % 97}.com`,
      company_name: "Acme Ltd",
      total_calls: i % 5 === 0 ? 200_000 : 5_000,
      tcpa_consent: true,
      attribution: { page_path: "/pricing", referrer: "https://www.google.com/", utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
    }),
  });
  await response.arrayBuffer();
  return response.ok;
}

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();

/** The backends of a build's database right now. */
async function backends(build: Build): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [build.database]);
  return rows.map((r) => Number(r.pid));
}

type Batch = { leads: number; accepted: number; serverMs: number; dbMs: number };

async function batch(build: Build, n: number): Promise<Batch> {
  const before = new Map((await backends(build)).map((pid) => [pid, schedMs(`/proc/${pid}/schedstat`)]));
  const server0 = processCpuMs(build.pid);
  let accepted = 0;
  for (let i = 0; i < n; i++) if (await postLead(build)) accepted++;
  const serverMs = processCpuMs(build.pid) - server0;
  // A backend that started during the batch counts from zero; one that ended is lost (pools keep
  // theirs for 10 s idle: none ends while leads arrive one after another).
  let dbMs = 0;
  for (const pid of new Set([...before.keys(), ...(await backends(build))])) dbMs += schedMs(`/proc/${pid}/schedstat`) - (before.get(pid) ?? 0);
  return { leads: n, accepted, serverMs, dbMs };
}

const loadAverage = () => Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
const builds = { before: await start("before", beforeDir), after: await start("after", afterDir) };
const sums = { before: { leads: 0, accepted: 0, serverMs: 0, dbMs: 0 }, after: { leads: 0, accepted: 0, serverMs: 0, dbMs: 0 } };
const loads: number[] = [];
try {
  for (const build of Object.values(builds)) for (let i = 0; i < warmUp; i++) await postLead(build);
  for (let i = 0; i < batches; i++) {
    const order = i % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
    for (const name of order) {
      const b = await batch(builds[name], perBatch);
      for (const key of ["leads", "accepted", "serverMs", "dbMs"] as const) sums[name][key] += b[key];
    }
    loads.push(loadAverage());
  }
} finally {
  await Promise.all(Object.values(builds).map((b) => b.stop()));
  await admin.end();
}
const per = (s: (typeof sums)["before"]) => ({
  accepted: `${s.accepted}/${s.leads}`,
  serverMs: +(s.serverMs / s.accepted).toFixed(2),
  dbMs: +(s.dbMs / s.accepted).toFixed(2),
  cpuMs: +((s.serverMs + s.dbMs) / s.accepted).toFixed(2),
});
const before = per(sums.before);
const after = per(sums.after);
console.log(JSON.stringify({ load: `${Math.min(...loads)}-${Math.max(...loads)}`, before, after, ratio: +(after.cpuMs / before.cpuMs).toFixed(2) }));
