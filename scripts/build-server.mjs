// The server's build: server/index.ts (the HTTP server) and server/cli/admin-create.ts (the staff
// account command) bundled with esbuild into <BUILD_DIR>/server/*.js, so `npm start`, the
// production image and the tests' spawned servers run plain JavaScript instead of transpiling
// TypeScript with tsx at every start. Packages are bundled too, but for those in `external` below.
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
  // Bundled, the packages are read with our code: Node no longer resolves, reads and compiles a few
  // hundred modules of node_modules at every start (a start to /api/health: 3.8 -> 3.2 CPU-s,
  // docs/performance.md). These stay where npm put them, read at run time:
  // - PGlite loads its WebAssembly and data files from beside its own module;
  // - pg requires the optional pg-native only when asked, which a bundler would try to resolve;
  // - pino resolves a transport's worker by a file path in its own folder; pino-pretty goes with it;
  // - React and React Router are shared with the pages' server build (react-router.js, from
  //   `react-router build`), which imports them from node_modules: one copy of each, not two;
  // - sharp and @resvg/resvg-js load native binaries for this platform from their own packages,
  //   and satori its WebAssembly layout engine from beside its module.
  external: [
    "@electric-sql/pglite",
    "pg",
    "pino",
    "pino-pretty",
    "react",
    "react-dom",
    "react-router",
    "@react-router/node",
    "sharp",
    "@resvg/resvg-js",
    "satori",
  ],
  // The @shared alias comes from tsconfig.json's paths.
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
  // Code the two entries share, and what only a dynamic import() reaches, go into chunks of their
  // own: the database drivers (server/db/client.ts imports each when its kind is chosen) then load
  // only when used, with pg or PGlite, instead of both at every start as one file imported them.
  // The chunks sit beside the entries, directly under <BUILD_DIR>/server/, which keeps server/db's
  // path to the migrations (two folders up, then drizzle/) the same as in the sources. A chunk is
  // named by its content, and an earlier build's are left in place: a server still running from
  // that build may yet import one (better-auth loads some of its code on first use), and a build
  // that fails leaves the earlier one whole. `npm run build` starts from an empty folder.
  splitting: true,
  chunkNames: "chunk-[hash]",
});
console.log(`server bundled into ${path.relative(root, outdir)}/ in ${Date.now() - started} ms`);
