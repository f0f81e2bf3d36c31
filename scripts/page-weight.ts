// What a prerendered page loads at start-up, read from a build directory: the scripts its HTML
// starts (the boot script, or React Router's inline module script where postbuild did not run),
// the entry they import, and every chunk those import statically, with raw, gzip and brotli
// sizes. Dynamic imports inside chunks (lazy components, dialogs, forms) are not counted: they
// load on first use. Used by scripts/bench-page-weight.ts and tests/unit/performance-*.test.ts.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { CHUNK_MODULES_FILE, type ChunkModules } from "./chunk-modules";

export type Chunk = { file: string; raw: number; gzip: number; brotli: number };

export type PageWeight = {
  /** URL path of the page ("/", "/pricing"). */
  route: string;
  /** The page's HTML, relative to the client directory. */
  htmlFile: string;
  /** Scripts the page starts, in discovery order, as paths under the client directory. */
  chunks: Chunk[];
  raw: number;
  gzip: number;
  brotli: number;
  /** The boot script postbuild wrote for this page, if any (for example "assets/boot-abc.js"). */
  bootFile: string | null;
  /** React Router's inline `<script type="module">` left in the page (postbuild did not run). */
  inlineModuleScripts: number;
  /** `<link rel="modulepreload">` left in the page. */
  modulepreloads: number;
};

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`$]+\.js)["'`]\s*\)/g;
const INLINE_MODULE = /<script type="module"[^>]*>([\s\S]*?)<\/script>/g;
const BOOT_REF = /["'](\/assets\/boot-[^"']+\.js)["']/;
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"/g;

/** The URL path a prerendered HTML file answers ("index.html" → "/", "pricing/index.html" → "/pricing"). */
export function routeOf(htmlFile: string): string {
  const dir = path.posix.dirname(htmlFile.split(path.sep).join("/"));
  return dir === "." ? "/" : `/${dir}`;
}

/** Every prerendered page of the build (not the SPA shell, not the not-found page). */
export function prerenderedPages(clientDir: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets" && !entry.name.startsWith("__")) walk(full);
      } else if (entry.name === "index.html") {
        pages.push(path.relative(clientDir, full));
      }
    }
  };
  walk(clientDir);
  return pages.sort();
}

const sizeCache = new Map<string, Chunk>();

function chunkSize(clientDir: string, file: string): Chunk {
  const full = path.join(clientDir, file);
  const cached = sizeCache.get(full);
  if (cached) return cached;
  const body = fs.readFileSync(full);
  const chunk: Chunk = {
    file,
    raw: body.length,
    // The same settings as scripts/postbuild.mjs, which writes the files the server sends.
    gzip: zlib.gzipSync(body, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizeCache.set(full, chunk);
  return chunk;
}

/** `spec` as imported from `fromFile` (both relative to the client directory), or null if not a local script. */
function resolveSpec(spec: string, fromFile: string | null): string | null {
  if (spec.startsWith("/")) return spec.slice(1);
  if (spec.startsWith("./") || spec.startsWith("../")) {
    return path.posix.normalize(path.posix.join(fromFile ? path.posix.dirname(fromFile) : "", spec));
  }
  return null;
}

function importsOf(source: string, fromFile: string | null, includeDynamic: boolean): string[] {
  const specs = [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]);
  if (includeDynamic) specs.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));
  return specs.map((s) => resolveSpec(s, fromFile)).filter((s): s is string => s !== null);
}

/** The start-up scripts of one prerendered page and their sizes. */
export function pageWeight(clientDir: string, htmlFile: string): PageWeight {
  const html = fs.readFileSync(path.join(clientDir, htmlFile), "utf8");
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    order.push(file);
    // Inside chunks only static imports run at start-up; dynamic ones wait for first use.
    for (const dep of importsOf(fs.readFileSync(path.join(clientDir, file), "utf8"), file, false)) visit(dep);
  };

  // The boot script and React Router's inline module script import the route modules statically
  // and the client entry dynamically; both run at start-up.
  const bootFile = BOOT_REF.exec(html)?.[1]?.slice(1) ?? null;
  if (bootFile) {
    seen.add(bootFile);
    order.push(bootFile);
    for (const dep of importsOf(fs.readFileSync(path.join(clientDir, bootFile), "utf8"), bootFile, true)) visit(dep);
  }
  const inline = [...html.matchAll(INLINE_MODULE)];
  for (const match of inline) for (const dep of importsOf(match[1], null, true)) visit(dep);
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  for (const href of preloads) {
    const file = resolveSpec(href, null);
    if (file) visit(file);
  }

  const chunks = order.map((file) => chunkSize(clientDir, file));
  const sum = (key: "raw" | "gzip" | "brotli") => chunks.reduce((total, c) => total + c[key], 0);
  return {
    route: routeOf(htmlFile),
    htmlFile,
    chunks,
    raw: sum("raw"),
    gzip: sum("gzip"),
    brotli: sum("brotli"),
    bootFile,
    inlineModuleScripts: inline.length,
    modulepreloads: preloads.length,
  };
}

/** Start-up weight of every prerendered page of the build in `buildDir`. */
export function pageWeights(buildDir: string): PageWeight[] {
  const clientDir = path.join(buildDir, "client");
  return prerenderedPages(clientDir).map((page) => pageWeight(clientDir, page));
}

/** The text of the page's start-up scripts, to look for code that should not be in them. */
export function startupSource(clientDir: string, weight: PageWeight): string {
  return weight.chunks.map((c) => fs.readFileSync(path.join(clientDir, c.file), "utf8")).join("\n");
}

/**
 * The staff area's own code, by where it lives: its routes, its features and the sign-in client
 * only its screens use.
 */
export const ADMIN_MODULE_PATHS = [/^app\/routes\/admin\//, /^app\/features\/admin\//, /^app\/lib\/auth-client\.ts$/];

/** The chunk → modules map the client build writes (scripts/chunk-modules.ts). */
export function readChunkModules(buildDir: string): ChunkModules {
  const file = path.join(buildDir, CHUNK_MODULES_FILE);
  if (!fs.existsSync(file)) throw new Error(`No ${CHUNK_MODULES_FILE} in ${buildDir}: rebuild with "npm run build".`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as ChunkModules;
}

/**
 * Modules only the staff area needs: those under ADMIN_MODULE_PATHS, and every module that only
 * such modules import (better-auth behind the sign-in client, an icon only an admin screen
 * draws), found by repeating until nothing is added. An entry (no importer) outside those paths
 * is never one.
 */
export function adminOnlyModules(importers: ChunkModules["importers"], adminPaths: RegExp[] = ADMIN_MODULE_PATHS): Set<string> {
  const admin = new Set(Object.keys(importers).filter((id) => adminPaths.some((p) => p.test(id))));
  for (let added = true; added; ) {
    added = false;
    for (const [id, by] of Object.entries(importers)) {
      if (admin.has(id) || by.length === 0 || !by.every((importer) => admin.has(importer))) continue;
      admin.add(id);
      added = true;
    }
  }
  return admin;
}
