import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { parseFileName, readFile, readFileInfo } from "../platform/file-storage";

/**
 * GET and HEAD /media/<id>.webp: a stored file (server/platform/file-storage.ts) from the
 * database. A file never changes under its id, so it is cached for a year without revalidation
 * (docs/decisions/0902); its ETag is its SHA-256 for a client that asks anyway. A name that is no
 * file's (malformed, another extension, deleted) answers 404 without touching the database when
 * it cannot be an id. Mounted at /media by server/app.ts.
 */
export function mediaRoutes() {
  // Hono answers HEAD through the GET route and drops the body; the method tells it to skip the bytes.
  return new Hono<AppEnv>().get("/:name", async (c) => {
    const named = parseFileName(c.req.param("name"));
    if (!named) return notFound(c);
    const { db } = c.get("deps").database;
    const withBytes = c.req.method === "HEAD" ? null : await readFile(db, named.id);
    const file = withBytes ?? (c.req.method === "HEAD" ? await readFileInfo(db, named.id) : null);
    if (!file || file.contentType !== named.contentType) return notFound(c);

    const etag = `"${file.sha256}"`;
    c.header("cache-control", "public, max-age=31536000, immutable");
    c.header("etag", etag);
    c.header("x-content-type-options", "nosniff");
    if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304);
    c.header("content-type", file.contentType);
    c.header("content-length", String(file.byteSize));
    if (!withBytes) return c.body(null, 200);
    return c.body(arrayBacked(withBytes.data), 200);
  });
}

function notFound(c: Context<AppEnv>) {
  c.header("cache-control", "no-store");
  return c.text("Not found", 404);
}

/** If-None-Match holds this ETag (weakly compared, as RFC 9110 asks for GET) or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/** The same bytes as a view Response accepts (over an ArrayBuffer, not a shared one), without a copy. */
function arrayBacked(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
}
