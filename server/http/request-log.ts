import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * One structured log line per request: request id, method, path, status, duration. The path is
 * logged without its query string (queries can carry e-mail addresses), and no bodies or headers
 * are logged. Hashed assets and the pages' analytics beacons (several per page view) log at debug
 * level, to keep the info log about pages and the API.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const started = performance.now();
    c.header("x-request-id", requestId);
    await next();
    const path = c.req.path;
    const entry = {
      requestId,
      method: c.req.method,
      path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (path.startsWith("/assets/") || (path === "/api/events" && c.res.status < 400)) logger.debug(entry, "request");
    else logger.info(entry, "request");
  };
}
