import type { MiddlewareHandler } from "hono";
import type { ErrorBody } from "./validation";

/**
 * Only the site itself may call the API from a browser. A request that carries an Origin other
 * than PUBLIC_URL's (including "null") is refused before any handler runs, whatever its method,
 * and no CORS header is ever sent, so no other site can make credentialed calls or read answers.
 * Requests without an Origin (same-origin GETs, server-to-server calls) pass. The refusal is
 * worded in the envelope of the API it guards.
 */
export function originGuard(publicUrl: string, errorBody: ErrorBody): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== allowed) {
      return c.json(errorBody({ error: "Cross-origin requests are not allowed" }), 403);
    }
    await next();
  };
}
