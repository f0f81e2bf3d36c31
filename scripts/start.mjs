// `npm start`: builds the site when the build is missing or older than the sources, then runs the
// server in this same process (so signals reach it directly).
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const stamp = path.join(root, "build/.build-stamp");
const sources = ["app", "shared", "public", "vite.config.ts", "react-router.config.ts", "package.json"];
const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newestMtime(path.join(root, s)) > builtAt)) {
  console.log(builtAt === 0 ? "No build yet: building the site..." : "Sources changed since the last build: rebuilding...");
  execSync("npm run build", { stdio: "inherit" });
}

const { register } = await import("tsx/esm/api");
register();
await import("../server/index.ts");
