// The server's build: server/index.ts (the HTTP server) and server/cli/admin-create.ts (the staff
// account command) bundled with esbuild into <BUILD_DIR>/server/*.js, so `npm start`, the
// production image and the tests' spawned servers run plain JavaScript instead of transpiling
// TypeScript with tsx at every start. Packages stay external (node_modules is read at run time),
// but for two data-only ones (below).
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** esbuild's `packages: "external"`, but with these packages bundled. */
function externalPackagesExcept(bundled) {
  return {
    name: "external-packages-except",
    setup(b) {
      // A bare specifier (not relative or absolute, not one of tsconfig's aliases) names a package.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("~/") || args.path.startsWith("@shared/")) return undefined;
        const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}
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
  // Packages are external, except the two e-mail domain lists (server/leads/lead-fit.ts): 3 MB of
  // CommonJS that Node would parse to detect its module format, then again to compile it, then a
  // third time for its named exports, at every start (~0.4 s of CPU); bundled, they are parsed once.
  plugins: [externalPackagesExcept(["mailchecker", "free-email-domains-list"])],
  // The @shared alias comes from tsconfig.json's paths.
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
  // No code splitting: each entry is one file directly under <BUILD_DIR>/server/, which keeps
  // server/db's path to the migrations (two folders up, then drizzle/) the same as in the sources.
});
console.log(`server bundled into ${path.relative(root, outdir)}/ in ${Date.now() - started} ms`);
