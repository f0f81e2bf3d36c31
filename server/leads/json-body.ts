import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** Lead forms send well under 4 KB; 32 KB leaves room for long notes and attribution. */
export const LEAD_BODY_LIMIT_BYTES = 32 * 1024;

export type JsonBodyEnv = { Variables: { jsonBody: unknown } };

/**
 * JSON-only bodies for the lead endpoints: 415 for any other content type, 413 past the size
 * limit (checked while streaming, so a lying or absent Content-Length does not help), 400 for
 * malformed JSON. The parsed value is left in c.var.jsonBody.
 */
export function jsonBody(maxBytes = LEAD_BODY_LIMIT_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ success: false, error: `Request body too large (limit ${Math.round(maxBytes / 1024)} KB)` }, 413),
  });
  return async (c, next) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") {
      return c.json({ success: false, error: "Content-Type must be application/json" }, 415);
    }
    return limit(c, async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await c.req.text());
      } catch {
        c.res = c.json({ success: false, error: "Malformed JSON body" }, 400);
        return;
      }
      c.set("jsonBody" as never, parsed as never);
      await next();
    });
  };
}

export function readJsonBody(c: Context): unknown {
  return c.get("jsonBody" as never);
}
