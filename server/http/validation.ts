import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { PublicApiError } from "@shared/api/lead-api";
import { fieldMessages } from "@shared/field-messages";

/**
 * Request input, one way for every API handler: `jsonBody()` admits a JSON body, `zValidator(target,
 * schema, invalidInput(errorBody))` parses it (or the query, or the params), and the handler reads
 * the result only through `c.req.valid(target)`. `errorBody` is the caller's envelope: the admin
 * API's `{ error, code?, fieldErrors? }` or the lead endpoints' `{ success: false, error, fieldErrors? }`.
 */

/** What was wrong with the input, in the words the forms show. */
export type InputProblem = { error: string; fieldErrors?: Record<string, string> };

/** Turns an input problem into a response body, in the envelope of one API. */
export type ErrorBody = (problem: InputProblem) => object;

/**
 * The public API's envelope: the lead endpoints (as docs/product.md#booking-submit fixes it),
 * health, unknown paths.
 */
export const publicErrorBody = ({ error, fieldErrors }: InputProblem): PublicApiError =>
  fieldErrors ? { success: false, error, fieldErrors } : { success: false, error };

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string; readonly code?: string };

export const NOT_A_JSON_OBJECT = "Request body must be a JSON object";

/**
 * A failed zod parse as the forms show it: the first message overall, and the first message per
 * field keyed like the form's fields (top-level key). A JSON body that is not an object at all gets
 * one message of its own and no field errors.
 */
export function describeInvalidInput(issues: readonly Issue[], target?: keyof ValidationTargets): InputProblem {
  const fieldErrors = fieldMessages(issues);
  const root = issues.find((issue) => issue.path.length === 0);
  if (root && target === "json" && root.code === "invalid_type") return { error: NOT_A_JSON_OBJECT };
  const error = root?.message ?? Object.values(fieldErrors)[0] ?? "Invalid request";
  return Object.keys(fieldErrors).length > 0 ? { error, fieldErrors } : { error };
}

type ParseResult = ({ success: true } | { success: false; error: { issues: readonly Issue[] } }) & {
  target: keyof ValidationTargets;
};

/** The hook for `zValidator`: a failed parse answers 400 in the given envelope. */
export function invalidInput(errorBody: ErrorBody) {
  return (result: ParseResult, c: Context): Response | undefined => {
    if (result.success) return undefined;
    return c.json(errorBody(describeInvalidInput(result.error.issues, result.target)), 400);
  };
}

const MALFORMED_JSON = "Malformed JSON body";
export const JSON_ONLY = "Content-Type must be application/json";
export const JSON_OR_TEXT = "Content-Type must be application/json or text/plain";

/** A request's media type: its Content-Type without parameters, in lower case ("" when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * JSON request bodies: 415 for any other content type (Hono's json validator would read such a
 * body as `{}`), 413 past the size limit (checked while streaming, so a lying or absent
 * Content-Length does not help), 400 for malformed JSON, never an empty object in its place.
 * The parsed text stays in Hono's body cache for `zValidator("json", …)`. With `plainText`, a
 * body sent as text/plain (navigator.sendBeacon sends its string so) is read as the JSON it holds.
 */
export function jsonBody(options: { maxBytes: number; errorBody: ErrorBody; plainText?: boolean }): MiddlewareHandler {
  const { maxBytes, errorBody, plainText = false } = options;
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(errorBody({ error: `Request body too large (limit ${Math.round(maxBytes / 1024)} KB)` }), 413),
  });
  return async (c, next) => {
    const type = mediaType(c.req.header("content-type"));
    if (plainText && type === "text/plain") {
      // The validator reads a body as JSON only when its type says so.
      const headers = new Headers(c.req.raw.headers);
      headers.set("content-type", "application/json");
      c.req.raw = new Request(c.req.raw, { headers });
    } else if (type !== "application/json") {
      return c.json(errorBody({ error: plainText ? JSON_OR_TEXT : JSON_ONLY }), 415);
    }
    return limit(c, async () => {
      try {
        await c.req.json();
      } catch {
        c.res = c.json(errorBody({ error: MALFORMED_JSON }), 400);
        return;
      }
      await next();
    });
  };
}
