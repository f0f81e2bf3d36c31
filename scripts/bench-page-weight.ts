// JavaScript each prerendered page loads at start-up, read from a build (no browser, no server):
// chunk count and raw / gzip -9 / brotli bytes per route (see scripts/page-weight.ts for what is
// counted). With several build directories, the first is the reference and the others are
// shown as differences from it (how docs/performance.md compares a mechanism switched off).
//
//   npx tsx scripts/bench-page-weight.ts                       # ./build (or $BUILD_DIR)
//   npx tsx scripts/bench-page-weight.ts build-perf build-perf-g
//   npx tsx scripts/bench-page-weight.ts --chunks build-perf   # also list each page's chunks
//   npx tsx scripts/bench-page-weight.ts --json build-perf     # machine-readable
import fs from "node:fs";
import path from "node:path";
import { publicPaths } from "../shared/site-routes";
import { pageWeights, type PageWeight } from "./page-weight";

const args = process.argv.slice(2);
const json = args.includes("--json");
const listChunks = args.includes("--chunks");
const dirs = args.filter((a) => !a.startsWith("--"));
if (dirs.length === 0) dirs.push(process.env.BUILD_DIR ?? "build");

const builds = dirs.map((dir) => {
  if (!fs.existsSync(path.join(dir, "client"))) {
    console.error(`No client build in ${dir}: build with "BUILD_DIR=${dir} npm run build" first.`);
    process.exit(2);
  }
  return { dir, pages: pageWeights(dir) };
});

if (json) {
  console.log(JSON.stringify(builds, null, 2));
  process.exit(0);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const signed = (value: number, digits = 1) => `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;
/** "build-perf-no-groups" → "no-groups": columns stay narrow. */
const label = (dir: string) => path.basename(dir).replace(/^build-perf-/, "");
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8,10}\.js$/, "");

const [reference, ...others] = builds;
const COL = Math.max(14, ...others.map((b) => label(b.dir).length + 18));
// In the route table's order; pages the table does not know come last.
const rank = (route: string) => {
  const i = (publicPaths as readonly string[]).indexOf(route);
  return i < 0 ? publicPaths.length : i;
};
const routes = reference.pages.map((p) => p.route).sort((a, b) => rank(a) - rank(b));
const byRoute = (pages: PageWeight[], route: string) => pages.find((p) => p.route === route);

console.log(`Start-up JavaScript per page (static import graph of the boot script; KB = 1024 bytes)`);
console.log(`reference: ${reference.dir}${others.length ? `; others as differences: ${others.map((b) => b.dir).join(", ")}` : ""}\n`);
const head = [
  "route".padEnd(28),
  "chunks".padStart(6),
  "raw KB".padStart(7),
  "gzip KB".padStart(8),
  "br KB".padStart(7),
  ...others.map((b) => `${label(b.dir)} (chunks, gzip KB)`.padStart(COL)),
].join(" ");
console.log(head);
console.log("-".repeat(head.length));
for (const route of routes) {
  const ref = byRoute(reference.pages, route)!;
  const cells = others.map((b) => {
    const other = byRoute(b.pages, route);
    if (!other) return "(missing)".padStart(COL);
    return `${signed(other.chunks.length - ref.chunks.length, 0)}, ${signed((other.gzip - ref.gzip) / 1024)}`.padStart(COL);
  });
  console.log(
    [
      route.padEnd(28),
      String(ref.chunks.length).padStart(6),
      kb(ref.raw).padStart(7),
      kb(ref.gzip).padStart(8),
      kb(ref.brotli).padStart(7),
      ...cells,
    ].join(" "),
  );
  if (listChunks) {
    for (const b of builds) {
      const page = byRoute(b.pages, route);
      if (!page) continue;
      const list = page.chunks.map((c) => `${chunkName(c.file)} ${kb(c.gzip)}`).join(", ");
      console.log(`    ${builds.length > 1 ? `${label(b.dir)}: ` : ""}${list}`);
    }
  }
}
for (const b of builds) {
  const inline = b.pages.filter((p) => p.inlineModuleScripts > 0).length;
  const preloads = b.pages.reduce((n, p) => n + p.modulepreloads, 0);
  if (inline || preloads) console.log(`\n${b.dir}: ${inline} page(s) with an inline module script, ${preloads} modulepreload link(s)`);
}
