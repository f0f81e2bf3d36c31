import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { LeadIntake } from "@shared/lead-intake";
import type { SiteContent } from "@shared/content/site-content";
import { NATIVE_FORM_ERROR_CLASS } from "@shared/native-form-answer";
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  runtimeConfigPlaceholders,
  type PlaceholderKey,
  type RuntimeConfig,
} from "@shared/runtime-config";
import { isAdminPath } from "@shared/admin-paths";
import { notFoundPrerenderPath, publicPaths, unindexedPaths } from "@shared/site-routes";
import type { RenderedAnswer } from "./http/page-cache";

export type Coding = "br" | "gzip";

export type { RenderedAnswer };

/** One file ready to send: its bytes, compressed variants and validators. */
export type StaticFile = {
  body: Buffer;
  /** The body in this coding, or undefined when the file is not worth compressing. */
  encoded: (coding: Coding) => Buffer | undefined;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** sha256 hashes of inline scripts (HTML only), for the Content-Security-Policy. */
  scriptHashes?: string[];
};

/** A page rendered for one request, the deployment's values filled in. */
export type RenderedPage = {
  status: number;
  html: string;
  /** The nonce every inline script of the page carries, for the Content-Security-Policy. */
  nonce: string;
  /** The page's Retry-After, when its route action answered with one. */
  retryAfter: string | null;
};

export type StaticSite = {
  /** A file or prerendered page by URL path, or undefined. */
  lookup: (urlPath: string) => StaticFile | undefined;
  /** The SPA shell for client-only routes. */
  spaShell: StaticFile;
  notFound: StaticFile;
  fileCount: number;
  /**
   * The page answering a lead form sent to it without JavaScript (docs/decisions/0501): React
   * Router's server build runs the route action of `request`'s page, which sends the form to
   * `intake`, and renders the page with the state it returns.
   */
  renderFormPost: (request: Request, intake: LeadIntake) => Promise<RenderedPage>;
  /**
   * The page answering a lead form post refused before it was read (its type, its size, the
   * address's limit, the server being busy): the prerendered page of `urlPath` with `message` put
   * in above its form named `form`, and its scripts given this answer's nonce. Nothing is rendered:
   * such a refusal costs a copy of the page (docs/decisions/0501). `message` is the server's own
   * text, never the visitor's.
   */
  formRefusal: (urlPath: string, form: string, message: string, status: number) => RenderedPage;
  /** Loads what `renderFormPost` renders with (else its first call does). */
  loadFormAnswers: () => Promise<void>;
  /**
   * A public page (or a client navigation's data request, `*.data`) rendered from `content` by
   * React Router's server build as the build prerenders it (docs/decisions/0903): the deployment's
   * values filled in, no modulepreload links, its inline scripts' hashes for the CSP. The caller
   * caches it for as long as the content does not change (server/http/page-cache.ts).
   */
  renderPage: (url: URL, content: SiteContent) => Promise<RenderedAnswer<StaticFile>>;
};

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest", ".ico", ".data"]);

export class BuildMissingError extends Error {
  override name = "BuildMissingError";
}

/**
 * How the pages (whose HTML only exists once the deployment's values are written in) get their
 * brotli and gzip variants:
 * - "eager" (production): every file at the highest levels while the server starts (about
 *   0.4 s on a 2-core machine), so no request pays for compression;
 * - "lazy" (development and tests): each file at a fast level on its first request, so a start
 *   costs nothing and only the files a run asks for are compressed.
 * Scripts and styles come precompressed at the highest levels from scripts/postbuild.mjs either way.
 */
export type Compression = "eager" | "lazy";

/**
 * Loads the client build into memory once at start-up. HTML gets the deployment's runtime
 * configuration (placeholders replaced, config JSON embedded).
 */
export function loadStaticSite(buildDir: string, runtime: RuntimeConfig, compression: Compression = "eager"): StaticSite {
  const shellPath = path.join(buildDir, "__spa-fallback.html");
  if (!fs.existsSync(shellPath)) {
    throw new BuildMissingError(`No client build in ${buildDir}: run "npm run build" first (npm start does it for you).`);
  }
  const serverBuildPath = path.join(buildDir, "..", "server", "react-router.js");
  if (!fs.existsSync(serverBuildPath)) {
    throw new BuildMissingError(`No React Router server build at ${serverBuildPath}: run "npm run build" first.`);
  }
  const files = new Map<string, StaticFile>();
  for (const full of walk(buildDir)) {
    // Precompressed variants written by scripts/postbuild.mjs are attached to their file below.
    if (full.endsWith(".br") || full.endsWith(".gz")) continue;
    const rel = "/" + path.relative(buildDir, full).split(path.sep).join("/");
    const ext = path.extname(full).toLowerCase();
    let body = fs.readFileSync(full);
    let scriptHashes: string[] | undefined;
    if (ext === ".html") {
      let html = renderHtml(body.toString("utf8"), runtime);
      // The SPA shell serves the staff pages only: keep them out of search engines.
      if (rel === "/__spa-fallback.html") html = html.replace("<head>", '<head><meta name="robots" content="noindex, nofollow"/>');
      body = Buffer.from(html);
      scriptHashes = inlineScriptHashes(html);
    }
    const precompressed =
      ext === ".html"
        ? undefined
        : { br: readIfExists(`${full}.br`), gzip: readIfExists(`${full}.gz`) };
    files.set(rel, makeFile(body, ext, cacheControlFor(rel, ext), compression, scriptHashes, precompressed));
  }

  files.set("/robots.txt", makeFile(Buffer.from(robotsTxt(runtime.publicUrl)), ".txt", "public, max-age=3600", compression));
  files.set("/sitemap.xml", makeFile(Buffer.from(sitemapXml(runtime.publicUrl)), ".xml", "public, max-age=3600", compression));

  const pageFile = (urlPath: string) => files.get(urlPath === "/" ? "/index.html" : `${urlPath}/index.html`);
  const notFound = pageFile(notFoundPrerenderPath);
  if (!notFound) throw new BuildMissingError(`The build lacks the prerendered not-found page: rebuild with "npm run build".`);
  const spaShell = files.get("/__spa-fallback.html")!;
  const publicSet = new Set<string>(publicPaths);

  const pages = pageRenderer(serverBuildPath, runtime);
  const refusals = new Map<string, string[]>();

  return {
    fileCount: files.size,
    spaShell,
    notFound,
    async loadFormAnswers() {
      await pages.load();
    },
    async renderPage(url, content) {
      const response = await pages.renderGet(url, content);
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get("location");
        if (!location) throw new Error(`render of ${url.pathname} answered ${response.status} without a Location`);
        return { kind: "redirect", location, status: response.status as 301 | 302 | 307 | 308 };
      }
      const isData = url.pathname.endsWith(".data");
      // A route's own 404 (a blog address its content does not answer), kept so that the address
      // is answered by the route the browser matches there (docs/decisions/0903).
      if (response.status === 404) {
        if (isData) return { kind: "not-found", file: makeFile(Buffer.from(await response.arrayBuffer()), ".data", "no-cache", compression, undefined, undefined, response.headers.get("content-type") ?? undefined) };
        const html = renderHtml(withoutModulePreloads(await response.text()), runtime);
        return { kind: "not-found", file: makeFile(Buffer.from(html), ".html", "no-cache", compression, inlineScriptHashes(html)) };
      }
      // A data request answers redirects inside its body, with 202 (React Router's single fetch).
      if (response.status !== 200 && !(isData && response.status === 202)) {
        throw new Error(`render of ${url.pathname} answered ${response.status}`);
      }
      if (isData) {
        const body = Buffer.from(await response.arrayBuffer());
        return { kind: "page", file: makeFile(body, ".data", "no-cache", compression, undefined, undefined, response.headers.get("content-type") ?? undefined) };
      }
      const html = renderHtml(withoutModulePreloads(await response.text()), runtime);
      return { kind: "page", file: makeFile(Buffer.from(html), ".html", "no-cache", compression, inlineScriptHashes(html)) };
    },
    async renderFormPost(request, intake) {
      const page = await pages.render(request, intake);
      return { ...page, html: renderHtml(page.html, runtime) };
    },
    formRefusal(urlPath, form, message, status) {
      const key = JSON.stringify([urlPath, form, message]);
      let parts = refusals.get(key);
      if (!parts) {
        const page = publicSet.has(urlPath) ? pageFile(urlPath) : undefined;
        if (!page) throw new Error(`no prerendered page at ${urlPath}`);
        parts = refusalTemplate(page.body.toString("utf8"), form, message);
        // Bounded: the server's messages for its lead pages' forms.
        refusals.set(key, parts);
      }
      const nonce = crypto.randomBytes(18).toString("base64");
      return { status, html: parts.join(`<script nonce="${nonce}"`), nonce, retryAfter: null };
    },
    lookup(urlPath) {
      if (publicSet.has(urlPath)) return pageFile(urlPath);
      if (isAdminPath(urlPath)) return spaShell;
      // Build internals are not addressable by URL.
      if (urlPath.endsWith(".html") || urlPath.startsWith("/__")) return undefined;
      return files.get(urlPath);
    },
  };
}

const escapeHtmlText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A prerendered page as the answer to a refused form post, split where each script's nonce goes:
 * the message in the markup the form's own error takes (app/features/lead-capture/native-form.tsx),
 * first in the form named `form`. Until that form hydrates, which happens only when the visitor
 * turns to it (JavaScript on, docs/decisions/0501), the page is as a render would have made it,
 * with the form empty; hydrated, the form is the fresh one of the page.
 */
function refusalTemplate(html: string, form: string, message: string): string[] {
  const opening = new RegExp(`<form\\b[^>]*\\bdata-lead-form="${form}"[^>]*>`).exec(html);
  if (!opening) throw new Error(`the prerendered page has no form named ${form}`);
  const at = opening.index + opening[0].length;
  const alert = `<p role="alert" class="${NATIVE_FORM_ERROR_CLASS}">${escapeHtmlText(message)}</p>`;
  return (html.slice(0, at) + alert + html.slice(at)).split("<script");
}

/** React Router's server build, whose entry exports the keys its action and render read (app/entry.server.tsx). */
type PagesBuild = ServerBuild & {
  entry: {
    module: {
      leadIntakeContext: RouterContext<LeadIntake | null>;
      runtimeConfigContext: RouterContext<RuntimeConfig | null>;
      cspNonceContext: RouterContext<string | null>;
      siteContentContext: RouterContext<SiteContent>;
    };
  };
};

/** Renders a page with React Router's server build, loaded on first use or by `load`. */
function pageRenderer(serverBuildPath: string, runtime: RuntimeConfig) {
  let loaded: Promise<{ handle: ReturnType<typeof createRequestHandler>; keys: PagesBuild["entry"]["module"] }> | undefined;
  const load = () => {
    if (!loaded) {
      loaded = import(pathToFileURL(serverBuildPath).href).then((build: PagesBuild) => ({
        handle: createRequestHandler(build, "production"),
        keys: build.entry.module,
      }));
      // A failed load is tried again by the next post.
      loaded.catch(() => (loaded = undefined));
    }
    return loaded;
  };
  /** A page or data request as the build prerenders it: placeholders for the deployment's values. */
  const renderGet = async (url: URL, content: SiteContent) => {
    const { handle, keys } = await load();
    const context = new RouterContextProvider();
    context.set(keys.siteContentContext, content);
    return handle(new Request(url, { method: "GET" }), context);
  };
  const render = async (request: Request, intake: LeadIntake) => {
    const { handle, keys } = await load();
    const nonce = crypto.randomBytes(18).toString("base64");
    const context = new RouterContextProvider();
    context.set(keys.leadIntakeContext, intake);
    context.set(keys.runtimeConfigContext, runtime);
    context.set(keys.cspNonceContext, nonce);
    const response = await handle(request, context);
    return { status: response.status, html: await response.text(), nonce, retryAfter: response.headers.get("retry-after") };
  };
  return { load, render, renderGet };
}

/**
 * The page without its `<link rel="modulepreload">`s, as scripts/postbuild.mjs leaves the
 * prerendered ones (docs/decisions/0004).
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\/?>/g, "");
}

function readIfExists(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

const compressors: Record<Compression, Record<Coding, (body: Buffer) => Buffer>> = {
  eager: {
    br: (body) =>
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    gzip: (body) => zlib.gzipSync(body, { level: 9 }),
  },
  lazy: {
    br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzip: (body) => zlib.gzipSync(body, { level: 6 }),
  },
};

function makeFile(
  body: Buffer,
  ext: string,
  cacheControl: string,
  compression: Compression,
  scriptHashes?: string[],
  precompressed?: Partial<Record<Coding, Buffer>>,
  contentType?: string,
): StaticFile {
  const variants: Partial<Record<Coding, Buffer>> = { ...precompressed };
  const compressible = COMPRESSIBLE.has(ext) && body.length > 256 && !precompressed;
  const encoded = (coding: Coding) => {
    if (compressible) variants[coding] ??= compressors[compression][coding](body);
    return variants[coding];
  };
  if (compression === "eager") (["br", "gzip"] as const).forEach(encoded);
  return {
    body,
    encoded,
    contentType: contentType ?? CONTENT_TYPES[ext] ?? "application/octet-stream",
    etag: `"${crypto.createHash("sha1").update(body).digest("base64url")}"`,
    cacheControl,
    scriptHashes,
  };
}

function cacheControlFor(rel: string, ext: string): string {
  // Vite puts content-hashed files under /assets: they never change, so cache them for a year.
  if (rel.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (ext === ".html") return "no-cache";
  return "public, max-age=3600";
}

const escapeHtmlAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** JSON that is safe inside a <script> element. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

export function renderHtml(html: string, runtime: RuntimeConfig): string {
  let out = html;
  for (const key of Object.keys(runtimeConfigPlaceholders) as PlaceholderKey[]) {
    out = out.split(runtimeConfigPlaceholders[key]).join(escapeHtmlAttr(runtime[key]));
  }
  const block = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${scriptSafeJson(runtime)}</script>`;
  // A function replacer: a string one would read `$'`, `$&` or `$1` in an operator's value as patterns.
  return out.replace("</head>", () => `${block}</head>`);
}

/** sha256 of each executable inline script, in CSP source form. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? "";
    if (/\ssrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs)) continue;
    const body = match[2] ?? "";
    if (body.length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function robotsTxt(publicUrl: string): string {
  return ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}

export function sitemapXml(publicUrl: string): string {
  const urls = publicPaths
    .filter((p) => !unindexedPaths.includes(p))
    .map((p) => `  <url><loc>${publicUrl}${p === "/" ? "/" : p}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
