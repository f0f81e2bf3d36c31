import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { isSingleLineText, stripHiddenCharacters } from "@shared/schemas/lead-fields";
import type { AppEnv } from "../app-env";
import { JSON_ONLY, describeInvalidInput, mediaType, publicErrorBody } from "../http/validation";
import { recordBookingOutcome, type BookingReport, type LeadMatch } from "../leads/booking-outcome";
import { CALENDLY_SIGNATURE_HEADER, SIGNATURE_MESSAGES, verifyCalendlySignature } from "../leads/calendly-signature";

/** Calendly's invitee payloads are a few KB; nothing legitimate comes near this. */
export const CALENDLY_BODY_LIMIT_BYTES = 64 * 1024;

const MALFORMED_JSON = "Malformed JSON body";
const UNAVAILABLE = "Could not record this delivery right now";

/**
 * Calendly's addresses (invitees, events, no-shows): printable ASCII, bounded. They go into the
 * timeline as they are, where a NUL or a lone surrogate would fail the write.
 */
const calendlyUri = z
  .string()
  .min(1)
  .max(500)
  .regex(/^https:\/\/[\x21-\x7e]+$/, "Expected a Calendly URI");
const optionalText = (max: number) => z.string().max(max).nullish();

/** The delivery's envelope: which event, and its payload (read once the event is one we handle). */
const deliverySchema = z.object({ event: z.string().max(100), payload: z.unknown() });

/**
 * The invitee, as Calendly sends it with every event we handle (created, canceled, no-show created
 * and deleted); only the fields we use, the rest ignored.
 */
const inviteeSchema = z.object({
  uri: calendlyUri,
  email: optionalText(320),
  tracking: z.object({ utm_content: optionalText(200) }).nullish(),
  scheduled_event: z.object({ uri: calendlyUri.nullish(), start_time: optionalText(64) }).nullish(),
  rescheduled: z.boolean().nullish(),
  old_invitee: calendlyUri.nullish(),
  new_invitee: calendlyUri.nullish(),
  cancellation: z.object({ reason: optionalText(10_000) }).nullish(),
  no_show: z.object({ uri: calendlyUri.nullish() }).nullish(),
});
type Invitee = z.infer<typeof inviteeSchema>;

const HANDLED = ["invitee.created", "invitee.canceled", "invitee_no_show.created", "invitee_no_show.deleted"] as const;
type HandledEvent = (typeof HANDLED)[number];
const isHandled = (event: string): event is HandledEvent => (HANDLED as readonly string[]).includes(event);

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The canceller's words, as staff will read them on the timeline: one line, bounded. */
function reasonOf(invitee: Invitee): string | null {
  const reason = invitee.cancellation?.reason;
  if (!reason) return null;
  return stripHiddenCharacters(reason.replace(/\s+/g, " ")).trim().slice(0, 500) || null;
}

function reportOf(event: HandledEvent, invitee: Invitee): BookingReport {
  switch (event) {
    case "invitee.created":
      return {
        type: "booked",
        source: "calendly",
        inviteeUri: invitee.uri,
        eventUri: invitee.scheduled_event?.uri ?? null,
        startsAt: dateOrNull(invitee.scheduled_event?.start_time),
        oldInviteeUri: invitee.old_invitee ?? null,
      };
    case "invitee.canceled":
      return {
        type: "cancelled",
        inviteeUri: invitee.uri,
        rescheduled: invitee.rescheduled === true,
        newInviteeUri: invitee.new_invitee ?? null,
        reason: reasonOf(invitee),
      };
    case "invitee_no_show.created":
    case "invitee_no_show.deleted":
      return {
        type: event === "invitee_no_show.created" ? "no_show" : "no_show_cleared",
        inviteeUri: invitee.uri,
        // Each marking has its own URI: marked, taken back and marked again are three facts.
        noShowRef: invitee.no_show?.uri ?? invitee.uri,
      };
  }
}

function matchOf(event: HandledEvent, invitee: Invitee): LeadMatch {
  const email = invitee.email?.trim();
  return {
    reference: invitee.tracking?.utm_content ?? null,
    inviteeUris: event === "invitee.created" && invitee.old_invitee ? [invitee.uri, invitee.old_invitee] : [invitee.uri],
    // An address with a control character or a lone surrogate is no lead's (and would fail the query).
    email: email && isSingleLineText(email) ? email : null,
  };
}

const refuse = (c: Context<AppEnv>, status: 400 | 401 | 404 | 405 | 413 | 415 | 503, error: string) => c.json(publicErrorBody({ error }), status);

/**
 * POST /api/webhooks/calendly: Calendly's signed deliveries of invitee.created, invitee.canceled
 * and no-shows, matched to leads by their reference (docs/decisions/0702). Without a signing key
 * configured the endpoint does not exist (404). Order: the key, JSON only, 64 KB, the signature on
 * the raw bytes (401, nothing read), then the JSON and the invitee (400). An event we do not
 * handle, or an invitee that matches no lead, answers 200 and changes nothing, so that Calendly
 * does not retry it for a day; a failure of ours answers 503, so that it does.
 */
export function calendlyWebhookRoutes() {
  const routes = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: CALENDLY_BODY_LIMIT_BYTES,
    onError: (c) => refuse(c, 413, `Request body too large (limit ${CALENDLY_BODY_LIMIT_BYTES / 1024} KB)`),
  });

  routes.all("/", async (c) => {
    const deps = c.get("deps");
    const signingKey = deps.config.leads.calendlySigningKey;
    if (!signingKey) return refuse(c, 404, "Not found");
    if (c.req.method !== "POST") {
      c.header("Allow", "POST");
      return refuse(c, 405, "Method not allowed");
    }
    if (mediaType(c.req.header("content-type")) !== "application/json") return refuse(c, 415, JSON_ONLY);

    // The signature covers the exact bytes sent, so they are kept as bytes until it is checked.
    const read: { body?: Buffer } = {};
    const limited = await limit(c, async () => {
      read.body = Buffer.from(await c.req.arrayBuffer());
    });
    if (limited instanceof Response) return limited;
    const body = read.body ?? Buffer.alloc(0);

    const signature = verifyCalendlySignature(signingKey, c.req.header(CALENDLY_SIGNATURE_HEADER), body);
    if (!signature.ok) {
      deps.logger.warn({ reason: signature.reason }, "calendly delivery refused: signature");
      return refuse(c, 401, SIGNATURE_MESSAGES[signature.reason]);
    }

    let json: unknown;
    try {
      json = JSON.parse(body.toString("utf8"));
    } catch {
      return refuse(c, 400, MALFORMED_JSON);
    }
    const delivery = deliverySchema.safeParse(json);
    if (!delivery.success) return refuse(c, 400, describeInvalidInput(delivery.error.issues, "json").error);
    const { event } = delivery.data;
    if (!isHandled(event)) {
      deps.logger.info({ event: event.slice(0, 100) }, "calendly delivery ignored: event not handled");
      return c.json({ success: true }, 200);
    }
    const invitee = inviteeSchema.safeParse(delivery.data.payload);
    if (!invitee.success) {
      const issue = invitee.error.issues[0]!;
      const field = issue.path.length > 0 ? ` (payload.${issue.path.join(".")})` : "";
      return refuse(c, 400, `Invalid ${event} payload${field}: ${issue.message}`);
    }

    try {
      const outcome = await recordBookingOutcome(
        { db: deps.database.db, config: deps.config, logger: deps.logger },
        matchOf(event, invitee.data),
        reportOf(event, invitee.data),
      );
      deps.logger.info(
        { event, matched: outcome !== null, leadId: outcome?.leadId, entry: outcome?.entry ?? null, changed: outcome?.changed ?? false },
        outcome ? "calendly delivery recorded" : "calendly delivery matched no lead",
      );
    } catch (error) {
      deps.logger.error({ err: error, path: c.req.path }, "calendly delivery failed");
      return refuse(c, 503, UNAVAILABLE);
    }
    return c.json({ success: true }, 200);
  });
  return routes;
}
