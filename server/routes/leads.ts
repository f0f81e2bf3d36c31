import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { AppDeps, AppEnv } from "../app-env";
import { clientIp, rateLimitKeyOf } from "../http/client-ip";
import { jsonBody, publicErrorBody } from "../http/validation";
import { RefusalPacer, rateLimiterOf } from "../leads/rate-limiter";
import { countFunnelStep } from "../analytics/ingest";
import type { StoreLimit } from "../leads/lead-service";
import {
  bookingSubmissionSchema,
  contactSubmissionSchema,
  invalidSubmission,
  RATE_LIMITED,
  storeBooking,
  storeContact,
  type LeadAnswer,
  type RequestMeta,
} from "../leads/lead-requests";

export { RATE_LIMITED };

/** Lead forms send well under 4 KB; 32 KB leaves room for long notes and attribution. */
export const LEAD_BODY_LIMIT_BYTES = 32 * 1024;

export const UNAVAILABLE = "We could not save your request right now. Please try again in a moment.";

/** Answers a known refusal holds at most at once (RefusalPacer); past that, answered at once. */
const MAX_HELD_REFUSALS = 2000;

/** One pacer per app (one instance): what it holds is this instance's (rate-limiter.ts). */
const pacers = new WeakMap<AppDeps, RefusalPacer>();

function pacerOf(deps: AppDeps): RefusalPacer {
  let pacer = pacers.get(deps);
  if (!pacer) pacers.set(deps, (pacer = new RefusalPacer(deps.config.leads.refusalDelayMs, MAX_HELD_REFUSALS)));
  return pacer;
}

/**
 * The per-address limit shared by every lead form, JSON or native (server/routes/lead-pages.ts):
 * its key is the client's address, an IPv6 one by its /64 (docs/decisions/0102), and the
 * submission pipeline counts each submission against it once.
 */
export function leadLimit(c: Context<AppEnv>): StoreLimit {
  const deps = c.get("deps");
  const { max, windowSeconds } = deps.config.leads.rateLimit;
  return { limiter: rateLimiterOf(deps), spec: { key: `leads:${rateLimitKeyOf(clientIp(c, deps.config.trustProxyHeader))}`, max, windowSeconds } };
}

/**
 * A refusal this instance already knows for the client's address (the database refused it in the
 * current window): answered without a database write, and held for LEADS_REFUSAL_DELAY_MS first
 * (RefusalPacer, docs/decisions/0102). Null otherwise, at once: the pipeline counts the
 * submission. Sets Retry-After when it refuses.
 */
export async function knownLeadRefusal(c: Context<AppEnv>): Promise<{ status: 429; error: string } | null> {
  const { limiter, spec } = leadLimit(c);
  const known = limiter.known(spec.key);
  if (!known || known.allowed) return null;
  await pacerOf(c.get("deps")).pace();
  c.header("Retry-After", String(known.retryAfterSeconds));
  return { status: 429, error: RATE_LIMITED };
}

/**
 * Counts a post refused before its form was read (a native form post's type, size or encoding,
 * server/routes/lead-pages.ts) against the address's limit, as the pipeline counts a body its
 * schema refuses: a client sending nothing but such posts is soon refused from memory, and paced
 * (knownLeadRefusal), like any other. Null while the address is within its limit; sets
 * Retry-After when it refuses.
 */
export async function countedLeadRefusal(c: Context<AppEnv>): Promise<{ status: 429; error: string } | null> {
  const { limiter, spec } = leadLimit(c);
  const decision = await limiter.hit(spec);
  if (decision.allowed) return null;
  c.header("Retry-After", String(decision.retryAfterSeconds));
  return { status: 429, error: RATE_LIMITED };
}

/**
 * The smaller allowance of posts sent without JavaScript (LEADS_SCRIPTLESS_RATE_LIMIT_MAX per
 * client address per LEADS_RATE_LIMIT_WINDOW_SECONDS), in a bucket of their own, counted on top of
 * the shared one: a bot that skips the bot check by posting the form gets a few leads per window,
 * not the full allowance. Null when the bot check is off: then no lead is verified, and a
 * scriptless post is no less checked than a JSON one (docs/decisions/0501).
 */
export function scriptlessLimit(c: Context<AppEnv>): StoreLimit | null {
  const deps = c.get("deps");
  if (!deps.config.recaptcha.secretKey) return null;
  const { limiter, spec } = leadLimit(c);
  return { limiter, spec: { ...spec, key: `scriptless:${spec.key}`, max: deps.config.leads.scriptlessRateLimitMax } };
}

/**
 * Counts a scriptless post against its own allowance (scriptlessLimit): a refusal this instance
 * already knows costs no database write and is paced as the shared one is. Sets Retry-After when
 * it refuses.
 */
export async function scriptlessRefusal(c: Context<AppEnv>): Promise<{ status: 429; error: string } | null> {
  const limit = scriptlessLimit(c);
  if (!limit) return null;
  const known = limit.limiter.known(limit.spec.key);
  if (known) await pacerOf(c.get("deps")).pace();
  const decision = known ?? (await limit.limiter.hit(limit.spec));
  if (decision.allowed) return null;
  c.header("Retry-After", String(decision.retryAfterSeconds));
  return { status: 429, error: RATE_LIMITED };
}


/**
 * Public lead endpoints: POST /api/submit-booking, POST /api/contact. Order of checks: a refusal
 * of the address this instance already knows (before the body is read), JSON-only body within the
 * size limit, the form's shared zod schema (a refused body is counted against the address's limit
 * as a valid one is), then the submission pipeline (idempotency key, honeypot, bot check, and one
 * statement that counts the submission, stores it and queues its notifications).
 * Errors answer in `{ success: false, error, fieldErrors? }` (success and error as
 * docs/product.md#booking-submit reads them).
 */
export function leadRoutes() {
  const routes = new Hono<AppEnv>();

  const rateLimit = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const refusal = await knownLeadRefusal(c);
    if (refusal) return c.json(publicErrorBody({ error: refusal.error }), refusal.status);
    await next();
  };
  const leadJson = jsonBody({ maxBytes: LEAD_BODY_LIMIT_BYTES, errorBody: publicErrorBody });
  const metaOf = (c: Context<AppEnv>): RequestMeta => {
    const deps = c.get("deps");
    return {
      clientIp: clientIp(c, deps.config.trustProxyHeader),
      userAgent: c.req.header("user-agent") ?? null,
      idempotencyHeader: c.req.header("idempotency-key") ?? null,
      limit: leadLimit(c),
    };
  };
  const respond = async (c: Context<AppEnv>, answering: () => Promise<LeadAnswer>, body?: Record<string, unknown>) => {
    try {
      const { status, body: answerBody, retryAfterSeconds } = await answering();
      if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
      if (answerBody.success) countFunnelStep(c, "submission", body);
      return c.json(answerBody, status);
    } catch (error) {
      c.get("deps").logger.error({ err: error, path: c.req.path }, "lead submission failed");
      return c.json(publicErrorBody({ error: UNAVAILABLE }), 503);
    }
  };
  // A body its form's schema refuses is answered 400, once counted against the address's limit.
  const invalid = (result: { success: true } | { success: false; error: Parameters<typeof invalidSubmission>[1] }, c: Context<AppEnv>) =>
    result.success ? undefined : respond(c, () => invalidSubmission(metaOf(c), result.error));
  // Typed for this app's context, which the hook reads (zValidator cannot infer it from the hook).
  const leadBody = <S extends typeof bookingSubmissionSchema | typeof contactSubmissionSchema>(schema: S) =>
    zValidator<S, "json", AppEnv, string, typeof invalid>("json", schema, invalid);

  routes.post("/submit-booking", rateLimit, leadJson, leadBody(bookingSubmissionSchema), (c) => {
    const submission = c.req.valid("json");
    return respond(c, () => storeBooking(c.get("deps"), submission, metaOf(c)), submission.body);
  });
  routes.post("/contact", rateLimit, leadJson, leadBody(contactSubmissionSchema), (c) => {
    const submission = c.req.valid("json");
    return respond(c, () => storeContact(c.get("deps"), submission, metaOf(c)), submission.body);
  });
  for (const path of ["/submit-booking", "/contact"]) {
    routes.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
      c.header("Allow", "POST");
      return c.json(publicErrorBody({ error: "Method not allowed" }), 405);
    });
  }
  return routes;
}
