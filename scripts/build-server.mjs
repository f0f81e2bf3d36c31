// The server's build: server/index.ts (the HTTP server) and server/cli/admin-create.ts (the staff
// account command) bundled with esbuild into <BUILD_DIR>/server/*.js, so `npm start`, the
// production image and the tests' spawned servers run plain JavaScript instead of transpiling
// TypeScript with tsx at every start. Packages stay external: node_modules is read at run time.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.resolve(root, process.env.BUILD_DIR ?? "build", "server");

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { index: "server/index.ts", "admin-create": "server/cli/admin-create.ts" },
  outdir,
  bundle: true,
  platform: "node",
  target: "node20.19",
  format: "esm",
  packages: "external",
  // The @shared alias comes from tsconfig.json's paths.
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
  // No code splitting: each entry is one file directly under <BUILD_DIR>/server/, which keeps
  // server/db's path to the migrations (two folders up, then drizzle/) the same as in the sources.
});
console.log(`server bundled into ${path.relative(root, outdir)}/ in ${Date.now() - started} ms`);
