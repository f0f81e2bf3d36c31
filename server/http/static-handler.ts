import type { Context } from "hono";
import type { StaticFile, StaticSite } from "../static-site";
import type { AppConfig } from "../config";
import { pageCsp } from "./security-headers";

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

/** Serves the site for GET and HEAD: files, prerendered pages, the SPA shell, then the 404 page. */
export function createStaticHandler(site: StaticSite, config: AppConfig) {
  // Each HTML file's policy allows exactly its own inline scripts, by hash; computed once.
  const policies = new Map<StaticFile, string>();
  const cspFor = (file: StaticFile) => {
    if (!file.scriptHashes) return undefined;
    let policy = policies.get(file);
    if (!policy) policies.set(file, (policy = pageCsp(config, file.scriptHashes)));
    return policy;
  };
  return (c: Context) => {
    const rawPath = c.req.path;
    // One URL per page: /about/ redirects to /about (keeps the query string). Only to a path this
    // site serves: the path arrives percent-decoded, so anything else could say "/\\other.example",
    // "/<TAB>/other.example" (both resolve off-site in browsers) or hold a CR/LF; those are 404s.
    if (rawPath.length > 1 && rawPath.endsWith("/")) {
      const target = rawPath.replace(/\/+$/, "");
      if (target !== "" && site.lookup(target)) return c.redirect(target + new URL(c.req.url).search, 301);
      return sendStaticFile(c, site.notFound, 404, cspFor(site.notFound));
    }
    const file = site.lookup(rawPath);
    if (file) return sendStaticFile(c, file, 200, cspFor(file));
    return sendStaticFile(c, site.notFound, 404, cspFor(site.notFound));
  };
}
