import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import { collectedEventSchema } from "@shared/schemas/analytics";
import type { AppEnv } from "../app-env";
import { analyticsFor, eventLimit, uncountedRequest } from "../analytics/ingest";
import { clientIp, rateLimitKeyOf } from "../http/client-ip";
import { JSON_OR_TEXT, invalidInput, jsonBody, mediaType, publicErrorBody } from "../http/validation";

/** One event is a name, a path, a referrer and three campaign values: well under 1 KB. */
export const EVENTS_BODY_LIMIT_BYTES = 2 * 1024;

/** navigator.sendBeacon sends a string as text/plain, and so does fetch without a type. */
const EVENT_TYPES = ["application/json", "text/plain"];

export const EVENTS_LIMITED = "Too many events from your network. Please try again later.";
export const CONTROL_CHARACTERS = "Text must not contain control characters";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether any string in the parsed event holds a control character (PostgreSQL refuses NUL in text). */
function hasControlCharacters(value: unknown): boolean {
  if (typeof value === "string") return CONTROL.test(value);
  if (value && typeof value === "object") return Object.values(value).some(hasControlCharacters);
  return false;
}

/** The collector's event, as the server takes it: no control character in any of its text. */
const eventSchema = collectedEventSchema.refine((event) => !hasControlCharacters(event), {
  message: CONTROL_CHARACTERS,
  // After the fields' own checks, whose messages (a campaign's hidden characters) say more.
  when: (payload) => payload.issues.length === 0,
});

/** 202 with no body: a beacon's answer is never read. */
const accepted = () => new Response(null, { status: 202 });

/**
 * POST /api/events: one event from the page's collector (docs/decisions/0801). Order: the
 * type (JSON or text/plain) before anything is read; bots and Global Privacy Control answered 202
 * and dropped without reading the body; the per-address limit (in memory); the body within 2 KB,
 * parsed as JSON (sent as JSON or as text) and by the shared schema; then the event joins the in-process buffer and the
 * answer is 202 at once. No database round trip on this path: the buffer writes in batches.
 */
export function eventRoutes() {
  const routes = new Hono<AppEnv>();
  const refuse = (c: Context, error: string, status: 400 | 404 | 415) => c.json(publicErrorBody({ error }), status);

  routes.post(
    "/events",
    async (c, next) => {
      const deps = c.get("deps");
      if (!deps.config.analytics.enabled) return refuse(c, "Not found", 404);
      if (!EVENT_TYPES.includes(mediaType(c.req.header("content-type")))) return refuse(c, JSON_OR_TEXT, 415);
      if (uncountedRequest(c)) return accepted();
      const ingest = analyticsFor(deps);
      const decision = ingest.limiter.hit(eventLimit(rateLimitKeyOf(clientIp(c, deps.config.trustProxyHeader))));
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return c.json(publicErrorBody({ error: EVENTS_LIMITED }), 429);
      }
      await next();
    },
    jsonBody({ maxBytes: EVENTS_BODY_LIMIT_BYTES, errorBody: publicErrorBody, plainText: true }),
    zValidator("json", eventSchema, invalidInput(publicErrorBody)),
    async (c) => {
      const deps = c.get("deps");
      const event = c.req.valid("json");
      const pageView = event.name === "page_view";
      analyticsFor(deps).push({
        ip: clientIp(c, deps.config.trustProxyHeader),
        userAgent: c.req.header("user-agent")!,
        name: event.name,
        path: event.path,
        detail: event.detail ?? null,
        referrer: pageView ? (event.referrer ?? null) : null,
        utm: pageView ? (event.utm ?? null) : null,
      });
      return accepted();
    },
  );

  routes.on(["GET", "PUT", "PATCH", "DELETE"], "/events", (c) => {
    c.header("Allow", "POST");
    return c.json(publicErrorBody({ error: "Method not allowed" }), 405);
  });
  return routes;
}
