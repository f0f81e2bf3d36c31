import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import type { ErrorBody } from "./validation";

export type OriginGuardOptions = {
  /** The site's URL (PUBLIC_URL); read from the app's config on each request when not given. */
  publicUrl?: string;
  /** The refusal in the envelope of the API it guards, and its words. */
  errorBody: ErrorBody;
  message?: string;
  /**
   * Check only requests that change state (not GET, HEAD or OPTIONS), and refuse those also when
   * the browser marks them cross-site or same-site (Sec-Fetch-Site): cookies are SameSite=Lax
   * already, and this keeps a same-site neighbour or an old browser from forging one.
   */
  writesOnly?: boolean;
};

const READS = ["GET", "HEAD", "OPTIONS"];

/**
 * The one same-origin check. Only the site itself may call the API from a browser: a request
 * that carries an Origin other than PUBLIC_URL's (including "null") is refused with 403 before
 * any handler runs, and no CORS header is ever sent, so no other site can make credentialed calls
 * or read answers. Requests without an Origin (same-origin GETs, server-to-server calls) pass.
 */
export function originGuard({ publicUrl, errorBody, message = "Cross-origin requests are not allowed", writesOnly = false }: OriginGuardOptions): MiddlewareHandler<AppEnv> {
  const fixed = publicUrl === undefined ? null : new URL(publicUrl).origin;
  return async (c, next) => {
    if (writesOnly && READS.includes(c.req.method)) return next();
    const allowed = fixed ?? new URL(c.get("deps").config.publicUrl).origin;
    const origin = c.req.header("origin");
    const site = writesOnly ? c.req.header("sec-fetch-site") : undefined;
    if ((origin !== undefined && origin !== allowed) || site === "cross-site" || site === "same-site") {
      return c.json(errorBody({ error: message }), 403);
    }
    await next();
  };
}

/** A URL a request names (its Referer) when it is on this site (PUBLIC_URL's origin), else null. */
export function sameOriginUrl(value: string | undefined, publicUrl: string): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === new URL(publicUrl).origin ? url : null;
  } catch {
    return null;
  }
}
