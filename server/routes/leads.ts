import crypto from "node:crypto";
import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../app-env";
import { clientIp, rateLimitKeyOf } from "../http/client-ip";
import { sameOriginUrl } from "../http/origin-guard";
import { jsonBody, publicErrorBody } from "../http/validation";
import { RefusalPacer, rateLimiterOf } from "../platform/rate-limiter";
import { countFunnelStep } from "../analytics/ingest";
import type { StoreLimit } from "../leads/lead-service";
import {
  bookingSubmissionSchema,
  contactSubmissionSchema,
  invalidSubmission,
  RATE_LIMITED,
  storeBooking,
  storeContact,
  type RequestMeta,
} from "../leads/lead-requests";
import type { LeadAnswer, LeadIntake } from "@shared/lead-intake";
import { ATTRIBUTION_KEYS } from "@shared/schemas/attribution-keys";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";
import { utcDay } from "@shared/utc-day";

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


type LeadBody = Record<string, unknown>;

const isRecord = (value: unknown): value is LeadBody => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Where a form sent without JavaScript was: the page that posted it (the Referer, on this site
 * only) and the campaign parameters in its address. Without JavaScript there is no record of the
 * landing visit.
 */
function attributionFromReferer(referer: string | undefined, publicUrl: string) {
  const url = sameOriginUrl(referer, publicUrl);
  if (!url) return {};
  const attribution: Record<string, string> = { page_path: url.pathname };
  for (const key of ATTRIBUTION_KEYS) {
    const value = url.searchParams.get(key);
    if (value) attribution[key] = value;
  }
  return attribution;
}

/**
 * The same form sent again without JavaScript (a reload of the answer, a double press) is the same
 * lead: its key is derived from the page, the address, the form's fields and the day, never from
 * anything the visitor could not repeat. The pipeline then answers success without a second row.
 */
function nativeIdempotencyKey(path: string, ip: string, fields: LeadBody): string {
  const day = utcDay(Date.now());
  const digest = crypto.createHash("sha256").update(JSON.stringify([path, ip, day, fields])).digest("hex");
  return `native-${digest.slice(0, 48)}`;
}

/**
 * The lead intake (shared/lead-intake.ts) for one request, as it arrived:
 * - "json": a hydrated form's body (POST /api/submit-booking, /api/contact), its idempotency key
 *   from the Idempotency-Key header or the body, its attribution from the body;
 * - "native": a form posted to its page without JavaScript (docs/decisions/0501), as the page's
 *   route action maps it: its idempotency key derived from the page, the address, the fields and
 *   the day; its attribution from the Referer (the body's is not read); flagged `withoutScript`
 *   (no token to verify). Its scriptless allowance is counted before (scriptlessRefusal).
 * Each submission is parsed by its form's schema (a refused body is counted against the address's
 * limit as a valid one is) and stored by the pipeline (server/leads/lead-requests.ts); a stored
 * lead counts as the funnel's submission step. An error of the pipeline is answered 503.
 */
export function leadIntakeFor(c: Context<AppEnv>, via: "json" | "native"): LeadIntake {
  const deps = c.get("deps");
  const arrived = (body: unknown): { submission: unknown; meta: RequestMeta } => {
    const ip = clientIp(c, deps.config.trustProxyHeader);
    const meta: RequestMeta = { clientIp: ip, userAgent: c.req.header("user-agent") ?? null, idempotencyHeader: null, limit: leadLimit(c) };
    if (via === "json") return { submission: body, meta: { ...meta, idempotencyHeader: c.req.header("idempotency-key") ?? null } };
    const { [HONEYPOT_FIELD]: honeypot, attribution: _unread, ...fields } = isRecord(body) ? body : {};
    return {
      submission: {
        ...fields,
        ...(typeof honeypot === "string" && honeypot !== "" ? { [HONEYPOT_FIELD]: honeypot } : {}),
        attribution: attributionFromReferer(c.req.header("referer"), deps.config.publicUrl),
      },
      meta: { ...meta, idempotencyHeader: nativeIdempotencyKey(c.req.path, ip, fields), withoutScript: true },
    };
  };
  const pipeline = (parseAndStore: (submission: unknown, meta: RequestMeta) => Promise<LeadAnswer>) => async (body: unknown): Promise<LeadAnswer> => {
    const { submission, meta } = arrived(body);
    try {
      const answer = await parseAndStore(submission, meta);
      if (answer.body.success && isRecord(submission)) countFunnelStep(c, "submission", submission);
      return answer;
    } catch (error) {
      deps.logger.error({ err: error, path: c.req.path }, "lead submission failed");
      return { status: 503, body: publicErrorBody({ error: UNAVAILABLE }) };
    }
  };
  return {
    submitBooking: pipeline((submission, meta) => {
      const parsed = bookingSubmissionSchema.safeParse(submission);
      return parsed.success ? storeBooking(deps, parsed.data, meta) : invalidSubmission(meta, parsed.error);
    }),
    submitContact: pipeline((submission, meta) => {
      const parsed = contactSubmissionSchema.safeParse(submission);
      return parsed.success ? storeContact(deps, parsed.data, meta) : invalidSubmission(meta, parsed.error);
    }),
  };
}

/**
 * Public lead endpoints: POST /api/submit-booking, POST /api/contact, thin adapters over the lead
 * intake (leadIntakeFor). Order of checks: a refusal of the address this instance already knows
 * (before the body is read), JSON-only body within the size limit, then the intake: the form's
 * shared zod schema (a refused body is counted against the address's limit as a valid one is),
 * then the submission pipeline (idempotency key, honeypot, bot check, and one statement that
 * counts the submission, stores it and queues its notifications).
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
  const answer = async (c: Context<AppEnv>, submit: keyof LeadIntake) => {
    const { status, body, retryAfterSeconds } = await leadIntakeFor(c, "json")[submit](await c.req.json<unknown>());
    if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
    return c.json(body, status);
  };

  routes.post("/submit-booking", rateLimit, leadJson, (c) => answer(c, "submitBooking"));
  routes.post("/contact", rateLimit, leadJson, (c) => answer(c, "submitContact"));
  for (const path of ["/submit-booking", "/contact"]) {
    routes.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
      c.header("Allow", "POST");
      return c.json(publicErrorBody({ error: "Method not allowed" }), 405);
    });
  }
  return routes;
}
