import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env";
import { clientIp } from "../http/client-ip";
import { jsonBody, readJsonBody } from "../leads/json-body";
import { hitRateLimit } from "../leads/rate-limiter";
import { submitBooking, submitContact, type LeadAnswer, type RequestMeta } from "../leads/lead-requests";

type Submit = (deps: AppEnv["Variables"]["deps"], body: unknown, meta: RequestMeta) => Promise<LeadAnswer>;

const UNAVAILABLE = "We could not save your request right now. Please try again in a moment.";

/**
 * Public lead endpoints: POST /api/submit-booking, POST /api/contact. Order of checks: per-IP rate
 * limit (before the body is read), JSON-only body within the size limit, then the submission
 * pipeline (honeypot, shared zod schema, idempotency, bot check, one transaction).
 */
export function leadRoutes() {
  const routes = new Hono<AppEnv>();

  const rateLimit = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const { config, database, logger } = c.get("deps");
    const ip = clientIp(c, config.trustProxyHeader);
    try {
      const decision = await hitRateLimit(database.db, `leads:${ip}`, config.leads.rateLimit.max, config.leads.rateLimit.windowSeconds);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return c.json({ success: false, error: "Too many submissions from your network. Please try again later." }, 429);
      }
    } catch (error) {
      logger.error({ err: error }, "rate limiter unavailable");
      return c.json({ success: false, error: UNAVAILABLE }, 503);
    }
    await next();
  };

  const handle = (submit: Submit) => async (c: Context<AppEnv>) => {
    const deps = c.get("deps");
    const meta: RequestMeta = {
      clientIp: clientIp(c, deps.config.trustProxyHeader),
      userAgent: c.req.header("user-agent") ?? null,
      idempotencyHeader: c.req.header("idempotency-key") ?? null,
    };
    try {
      const answer = await submit(deps, readJsonBody(c), meta);
      return c.json(answer.body, answer.status);
    } catch (error) {
      deps.logger.error({ err: error, path: c.req.path }, "lead submission failed");
      return c.json({ success: false, error: UNAVAILABLE }, 503);
    }
  };

  routes.post("/submit-booking", rateLimit, jsonBody(), handle(submitBooking));
  routes.post("/contact", rateLimit, jsonBody(), handle(submitContact));
  for (const path of ["/submit-booking", "/contact"]) {
    routes.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
      c.header("Allow", "POST");
      return c.json({ success: false, error: "Method not allowed" }, 405);
    });
  }
  return routes;
}
