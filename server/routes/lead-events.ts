import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { LeadEventAnswer } from "@shared/api/lead-api";
import { LEAD_EVENTS_PATH, leadEventReportSchema, type LeadEventReport } from "@shared/schemas/lead-events";
import type { AppEnv } from "../app-env";
import { clientIp, rateLimitKeyOf } from "../http/client-ip";
import { invalidInput, jsonBody, publicErrorBody } from "../http/validation";
import { recordBookingOutcome, type BookingReport } from "../leads/booking-outcome";
import { rateLimiterOf, type LimitSpec, type RateLimiter } from "../platform/rate-limiter";
import { countFunnelStep } from "../analytics/ingest";

/** A report is a reference, an event name and two Calendly URIs: well under 1 KB. */
export const LEAD_EVENTS_BODY_LIMIT_BYTES = 4 * 1024;

/**
 * A visitor sends a few reports per booking (the scheduler shown, a meeting scheduled, a retry),
 * so the bucket holds three times the lead forms' limit over the same window. It is a bucket of
 * its own: reports never spend the budget a visitor needs to submit a form.
 */
const REPORTS_PER_LEAD = 3;

export const REPORTS_LIMITED = "Too many reports from your network. Please try again later.";
const UNAVAILABLE = "We could not record this right now.";

function reportLimit(c: Context<AppEnv>): { limiter: RateLimiter; spec: LimitSpec } {
  const deps = c.get("deps");
  const { max, windowSeconds } = deps.config.leads.rateLimit;
  return {
    limiter: rateLimiterOf(deps),
    spec: { key: `lead-events:${rateLimitKeyOf(clientIp(c, deps.config.trustProxyHeader))}`, max: max * REPORTS_PER_LEAD, windowSeconds },
  };
}

function reportOf(body: LeadEventReport): BookingReport {
  if (body.event === "scheduler_shown") return { type: "scheduler_shown" };
  return { type: "booked", source: "page", inviteeUri: body.inviteeUri ?? null, eventUri: body.eventUri ?? null, startsAt: null, oldInviteeUri: null };
}

/**
 * POST /api/lead-events: the visitor's page reports, with the lead's reference, that the scheduler
 * was shown and that a meeting was booked in it (docs/decisions/0702). Sent as a beacon while the
 * page navigates on, so nobody reads the answer; it is 202 whether or not the reference names a
 * lead, and it carries nothing of the lead: the reference can mark a booking, never read one.
 * Order: a refusal this instance already knows for the address, JSON within the size limit,
 * counted against the address's report bucket, the shared schema, then the booking outcome.
 */
export function leadEventRoutes() {
  const routes = new Hono<AppEnv>();
  const path = LEAD_EVENTS_PATH.replace(/^\/api/, "");

  routes.post(
    path,
    async (c, next) => {
      const { limiter, spec } = reportLimit(c);
      const known = limiter.known(spec.key);
      if (known && !known.allowed) {
        c.header("Retry-After", String(known.retryAfterSeconds));
        return c.json(publicErrorBody({ error: REPORTS_LIMITED }), 429);
      }
      await next();
    },
    jsonBody({ maxBytes: LEAD_EVENTS_BODY_LIMIT_BYTES, errorBody: publicErrorBody }),
    async (c, next) => {
      const { limiter, spec } = reportLimit(c);
      const decision = await limiter.hit(spec);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return c.json(publicErrorBody({ error: REPORTS_LIMITED }), 429);
      }
      await next();
    },
    zValidator("json", leadEventReportSchema, invalidInput(publicErrorBody)),
    async (c) => {
      const deps = c.get("deps");
      const body = c.req.valid("json");
      try {
        const outcome = await recordBookingOutcome({ db: deps.database.db, config: deps.config, logger: deps.logger }, { reference: body.reference }, reportOf(body));
        deps.logger.info(
          { event: body.event, matched: outcome !== null, leadId: outcome?.leadId, entry: outcome?.entry ?? null, changed: outcome?.changed ?? false },
          "lead event reported by the page",
        );
        if (outcome?.meetingBooked) countFunnelStep(c, "meeting_booked");
      } catch (error) {
        deps.logger.error({ err: error, path: c.req.path }, "lead event report failed");
        return c.json(publicErrorBody({ error: UNAVAILABLE }), 503);
      }
      return c.json({ success: true } satisfies LeadEventAnswer, 202);
    },
  );
  routes.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
    c.header("Allow", "POST");
    return c.json(publicErrorBody({ error: "Method not allowed" }), 405);
  });
  return routes;
}
