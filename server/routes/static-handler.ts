import type { Context } from "hono";
import type { StaticFile, StaticSite } from "../static-site";
import type { AppConfig } from "../config";
import type { SiteContentStore } from "../app-env";
import { createPageCache } from "../http/page-cache";
import { contentAnswers, matchContentPath, missingContentAddress } from "../content/content-paths";
import { notFoundPrerenderPath, publicPaths } from "@shared/site-routes";
import { pageCsp } from "../http/security-headers";

/** Whether an Accept-Encoding header accepts a coding (q=0 means refused). */
export function acceptsEncoding(header: string, coding: string): boolean {
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim() !== coding && name?.trim() !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q ? Number.parseFloat(q.slice(2)) > 0 : true;
  }
  return false;
}

/** Picks brotli, then gzip, then identity, by the request's Accept-Encoding. */
function negotiate(file: StaticFile, acceptEncoding: string): { body: Buffer; encoding?: "br" | "gzip" } {
  for (const coding of ["br", "gzip"] as const) {
    if (!acceptsEncoding(acceptEncoding, coding)) continue;
    const body = file.encoded(coding);
    if (body) return { body, encoding: coding };
  }
  return { body: file.body };
}

export function sendStaticFile(c: Context, file: StaticFile, status: 200 | 404 = 200, csp?: string): Response {
  const headers = new Headers({
    "content-type": file.contentType,
    "cache-control": status === 404 ? "no-cache" : file.cacheControl,
    etag: file.etag,
    vary: "Accept-Encoding",
  });
  if (csp) headers.set("content-security-policy", csp);
  if (status === 200 && c.req.header("if-none-match") === file.etag) {
    return new Response(null, { status: 304, headers });
  }
  const { body, encoding } = negotiate(file, c.req.header("accept-encoding") ?? "");
  if (encoding) headers.set("content-encoding", encoding);
  headers.set("content-length", String(body.length));
  const payload = c.req.method === "HEAD" ? null : new Uint8Array(body.buffer, body.byteOffset, body.length);
  return new Response(payload as BodyInit | null, { status, headers });
}

const publicSet = new Set<string>(publicPaths);

/**
 * The page a client navigation's data request is for: `/blog/x.data` for /blog/x, `/_.data` for
 * `/` (React Router's v8_trailingSlashAwareDataRequests, on in react-router.config.ts; it names
 * a slash-ended path's data `_.data`, where it used to ask `/_root.data` for `/`).
 */
function dataRequestPage(urlPath: string): string | null {
  if (urlPath.endsWith("/_.data")) return urlPath.slice(0, -"_.data".length);
  if (!urlPath.endsWith(".data")) return null;
  return urlPath.slice(0, -".data".length);
}

/**
 * Serves the site for GET and HEAD: files, pages, the SPA shell, then the 404 page. With the
 * published content (`content`, the running server's), every public page and the blog are
 * rendered once per change of it and served from memory (docs/decisions/0903); without it (API
 * tests of the plain site) the public pages are the build's prerendered ones.
 */
export function createStaticHandler(site: StaticSite, config: AppConfig, content?: SiteContentStore) {
  // Each HTML file's policy allows exactly its own inline scripts, by hash; computed once.
  const policies = new WeakMap<StaticFile, string>();
  const pages = createPageCache<StaticFile>();
  /** Whether the site shows a page at `urlPath` now: a public page, or content that answers it. */
  const isPage = (urlPath: string) => {
    if (publicSet.has(urlPath)) return true;
    const match = matchContentPath(urlPath);
    return match !== null && content !== undefined && contentAnswers(match, content.current());
  };
  const rendered = async (c: Context, urlPath: string, cacheKey: string) => {
    const current = content!.current();
    const url = new URL(cacheKey, config.publicUrl);
    const answer = await pages.get(cacheKey, current.version, () => site.renderPage(url, current));
    switch (answer.kind) {
      case "page":
        return sendStaticFile(c, answer.file, 200, cspFor(answer.file));
      case "redirect":
        return c.redirect(answer.location, answer.status);
      case "busy":
        c.header("Retry-After", String(answer.retryAfterSeconds));
        return c.text("The site is busy. Please try again in a moment.", 503);
      case "not-found":
        return urlPath.endsWith(".data") ? c.text("Not found", 404) : notFound(c);
    }
  };
  /**
   * An address no page answers, for the route the browser matches there. A blog address no
   * content answers gets the 404 its route renders (the same for every made-up address of that
   * route, so rendered once per change), which hydrates as that route; any other address's data
   * request gets the not-found route's data with 200 (it is that route's page: a staff address's
   * loads the staff shell from there). `dataSearch`: a data request's query (the routes to load).
   */
  const missing = async (c: Context, canonical: string, dataSearch: string | null, status: 200 | 404 = 404) => {
    const current = content!.current();
    const key = dataSearch === null ? canonical : `${canonical}.data${dataSearch}`;
    const answer = await pages.get(`missing:${key}`, current.version, () => site.renderPage(new URL(key, config.publicUrl), current));
    const file = answer.kind === "page" || answer.kind === "not-found" ? answer.file : undefined;
    if (file) {
      const res = sendStaticFile(c, file, status, cspFor(file));
      // React Router's client reads a data request's 404 as the route's answer only with this
      // mark; without it, as a server that has no such page, and shows the root's error page.
      if (dataSearch !== null) res.headers.set("X-Remix-Response", "yes");
      return res;
    }
    if (answer.kind === "busy") {
      c.header("Retry-After", String(answer.retryAfterSeconds));
      return c.text("The site is busy. Please try again in a moment.", 503);
    }
    return dataSearch === null ? notFound(c) : c.text("Not found", 404);
  };
  /** The 404 page: rendered from the content too (its navigation shows the blog once there is one). */
  const notFound = async (c: Context) => {
    if (content) {
      const current = content.current();
      const answer = await pages.get(notFoundPrerenderPath, current.version, () => site.renderPage(new URL(notFoundPrerenderPath, config.publicUrl), current));
      if (answer.kind === "page") return sendStaticFile(c, answer.file, 404, cspFor(answer.file));
    }
    return sendStaticFile(c, site.notFound, 404, cspFor(site.notFound));
  };
  const cspFor = (file: StaticFile) => {
    if (!file.scriptHashes) return undefined;
    let policy = policies.get(file);
    if (!policy) policies.set(file, (policy = pageCsp(config, file.scriptHashes)));
    return policy;
  };
  return async (c: Context) => {
    const rawPath = c.req.path;
    // One URL per page: /about/ redirects to /about (keeps the query string). Only to a path this
    // site serves: the path arrives percent-decoded, so anything else could say "/\\other.example",
    // "/<TAB>/other.example" (both resolve off-site in browsers) or hold a CR/LF; those are 404s.
    if (rawPath.length > 1 && rawPath.endsWith("/")) {
      const target = rawPath.replace(/\/+$/, "");
      if (target !== "" && (site.lookup(target) || isPage(target))) return c.redirect(target + new URL(c.req.url).search, 301);
      return notFound(c);
    }
    if (content) {
      const dataFor = dataRequestPage(rawPath);
      if (dataFor !== null) {
        // Data requests name the routes to load in their query: a key of their own.
        const search = new URL(c.req.url).search;
        if (isPage(dataFor)) return rendered(c, rawPath, rawPath + search);
        // Any other address: the not-found route's data (the layout's), so a client-side
        // navigation to an unknown or a staff address shows that route (docs/decisions/0004).
        const blogRoute = missingContentAddress(dataFor);
        return blogRoute ? missing(c, blogRoute, search) : missing(c, notFoundPrerenderPath, search, 200);
      }
      if (isPage(rawPath)) return rendered(c, rawPath, rawPath);
      // A blog address nobody published: its route's 404, rendered once per change at most.
      const canonical = missingContentAddress(rawPath);
      if (canonical) return missing(c, canonical, null);
    }
    const file = site.lookup(rawPath);
    if (file) return sendStaticFile(c, file, 200, cspFor(file));
    return notFound(c);
  };
}
