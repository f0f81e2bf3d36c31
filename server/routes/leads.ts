import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../app-env";
import { clientIp, rateLimitKeyOf } from "../http/client-ip";
import { invalidInput, jsonBody, NOT_A_JSON_OBJECT, publicErrorBody } from "../http/validation";
import { hitRateLimit } from "../leads/rate-limiter";
import { submitBooking, submitContact, type LeadAnswer, type LeadBody, type RequestMeta } from "../leads/lead-requests";

/** Lead forms send well under 4 KB; 32 KB leaves room for long notes and attribution. */
export const LEAD_BODY_LIMIT_BYTES = 32 * 1024;

export const UNAVAILABLE = "We could not save your request right now. Please try again in a moment.";
export const RATE_LIMITED = "Too many submissions from your network. Please try again later.";

/**
 * Any JSON object, passed on as it arrived: the submission pipeline checks the honeypot before it
 * parses the form's own schema (and the booking endpoint picks that schema by the body's shape).
 */
const leadBodySchema = z.custom<LeadBody>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  NOT_A_JSON_OBJECT,
);

/**
 * Counts one lead submission against the per-address limit shared by every lead form, JSON or
 * native (server/routes/lead-pages.ts). Null when it may go on; otherwise why not, with
 * Retry-After set when the limit is reached. The limiter failing refuses (503), never admits.
 */
export async function leadRateLimit(c: Context<AppEnv>): Promise<{ status: 429 | 503; error: string } | null> {
  const { config, database, logger } = c.get("deps");
  // An IPv6 visitor counts by its /64 (docs/decisions/0603): one host can hold all of it.
  const key = `leads:${rateLimitKeyOf(clientIp(c, config.trustProxyHeader))}`;
  try {
    const decision = await hitRateLimit(database.db, key, config.leads.rateLimit.max, config.leads.rateLimit.windowSeconds);
    if (decision.allowed) return null;
    c.header("Retry-After", String(decision.retryAfterSeconds));
    return { status: 429, error: RATE_LIMITED };
  } catch (error) {
    logger.error({ err: error }, "rate limiter unavailable");
    return { status: 503, error: UNAVAILABLE };
  }
}

type Submit = (deps: AppDeps, body: LeadBody, meta: RequestMeta) => Promise<LeadAnswer>;

/**
 * Public lead endpoints: POST /api/submit-booking, POST /api/contact. Order of checks: per-IP rate
 * limit (before the body is read), JSON-only body within the size limit, a JSON object, then the
 * submission pipeline (honeypot, shared zod schema, idempotency, bot check, one transaction).
 * Errors answer in `{ success: false, error, fieldErrors? }` (success and error as
 * docs/product.md#booking-submit reads them).
 */
export function leadRoutes() {
  const routes = new Hono<AppEnv>();

  const rateLimit = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const refusal = await leadRateLimit(c);
    if (refusal) return c.json(publicErrorBody({ error: refusal.error }), refusal.status);
    await next();
  };
  const leadJson = jsonBody({ maxBytes: LEAD_BODY_LIMIT_BYTES, errorBody: publicErrorBody });
  const leadBody = zValidator("json", leadBodySchema, invalidInput(publicErrorBody));

  const answer = async (c: Context<AppEnv>, submit: Submit, body: LeadBody) => {
    const deps = c.get("deps");
    const meta: RequestMeta = {
      clientIp: clientIp(c, deps.config.trustProxyHeader),
      userAgent: c.req.header("user-agent") ?? null,
      idempotencyHeader: c.req.header("idempotency-key") ?? null,
    };
    try {
      const { status, body: answerBody } = await submit(deps, body, meta);
      return c.json(answerBody, status);
    } catch (error) {
      deps.logger.error({ err: error, path: c.req.path }, "lead submission failed");
      return c.json(publicErrorBody({ error: UNAVAILABLE }), 503);
    }
  };

  routes.post("/submit-booking", rateLimit, leadJson, leadBody, (c) => answer(c, submitBooking, c.req.valid("json")));
  routes.post("/contact", rateLimit, leadJson, leadBody, (c) => answer(c, submitContact, c.req.valid("json")));
  for (const path of ["/submit-booking", "/contact"]) {
    routes.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
      c.header("Allow", "POST");
      return c.json(publicErrorBody({ error: "Method not allowed" }), 405);
    });
  }
  return routes;
}
