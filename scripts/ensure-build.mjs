// Rebuilds what is missing or older than its sources before `npm start` and `npm run admin:create`
// run the compiled server: the whole build (client and server) for a start, only the server
// bundle (esbuild, a fraction of a second) for the command.
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const staleAgainst = (file, sources) => {
  const at = builtAt(file);
  return at === 0 || sources.some((s) => newestMtime(path.join(root, s)) > at);
};

// Both bundles hold the packages they import (the server's but a few, scripts/build-server.mjs), so
// what npm installed counts as a source: node_modules/.package-lock.json changes with every install
// that changes a package, a lockfile-only update included.
const installed = "node_modules/.package-lock.json";
const serverSources = ["server", "shared", "package.json", "tsconfig.json", installed];
const clientSources = ["app", "shared", "public", "vite.config.ts", "react-router.config.ts", "package.json", installed];

/** `what`: "all" (the site and the server) or "server" (the server bundle only). */
export function ensureBuild(what) {
  const clientStale = what === "all" && staleAgainst(path.join(buildDir, ".build-stamp"), clientSources);
  const serverStale = staleAgainst(path.join(buildDir, "server", "index.js"), serverSources);
  if (clientStale) {
    console.log(builtAt(path.join(buildDir, ".build-stamp")) === 0 ? "No build yet: building..." : "Sources changed since the last build: rebuilding...");
    execSync("npm run build", { cwd: root, stdio: "inherit" });
  } else if (serverStale) {
    execSync("node scripts/build-server.mjs", { cwd: root, stdio: "inherit" });
  }
  return buildDir;
}
