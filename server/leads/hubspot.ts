import { eq, sql } from "drizzle-orm";
import { leadSourceLabels, type LeadSource, type LeadStatus } from "@shared/schemas/lead-desk";
import type { HubSpotConfig } from "../config";
import type { Db } from "../db/client";
import { leads } from "../db/schema";
import type { LeadPayload } from "./email-message";
import { DeliveryError, parseRetryAfter } from "./delivery-error";
import { botCheckNote, isUnverified } from "./slack-message";
import type { NotificationTopic } from "./lead-service";

/** The part of an outbox delivery (notifier.ts HandOffDelivery) the hand-off reads. */
type HandOffDelivery = {
  leadId: string;
  topic: NotificationTopic;
  payload: unknown;
  /** The lead as the outbox claimed it; its bot check outcome (a lead sent without JavaScript is unverified). */
  lead: { botCheck?: string | null } | null;
};

/**
 * The HubSpot hand-off (docs/decisions/0720), delivered through the lead outbox on channel
 * `hubspot`: a new lead (`lead_stored`) upserts its contact by e-mail, creates a deal in the
 * configured pipeline and stage, and associates the two; a desk status change (`status_changed`)
 * sets the contact's lead status. HubSpot has no idempotency key, so each id is stored on the lead
 * as soon as HubSpot answers with it and a retry carries on from the first step not yet done.
 *
 * Nothing HubSpot writes in an error is kept: its messages quote property values (the e-mail
 * address). Failures carry the status, the step and HubSpot's error category only. The token is
 * sent in the Authorization header and nowhere else.
 */

/**
 * Our statuses as HubSpot's default `hs_lead_status` options (internal values). HubSpot has no
 * "won" lead status: a won lead's contact stays OPEN_DEAL (the deal records the win).
 */
export const hubspotLeadStatus: Record<LeadStatus, string> = {
  new: "NEW",
  contacted: "CONNECTED",
  meeting_booked: "IN_PROGRESS",
  meeting_held: "OPEN_DEAL",
  no_show: "ATTEMPTED_TO_CONTACT",
  unqualified: "UNQUALIFIED",
  won: "OPEN_DEAL",
  lost: "BAD_TIMING",
};

/** HubSpot's record ids are numbers written as strings; anything else is not put in a path or a link. */
const RECORD_ID = /^\d{1,20}$/;
/** HubSpot's error categories and rate-limit policies (VALIDATION_ERROR, TEN_SECONDLY_ROLLING). */
const CODE = /^[A-Z][A-Z0-9_]{0,39}$/;
/** HubSpot's own limit on one request; the worker's deadline may cut it shorter. */
const HTTP_TIMEOUT_MS = 10_000;
/** Without Retry-After, a 429 waits out HubSpot's rolling ten-second window, or an hour for the daily limit. */
const SECONDLY_WAIT_MS = 10_000;
const DAILY_WAIT_MS = 3600_000;

/** The links the lead page shows: HubSpot's record pages for the contact and the deal (0-1, 0-3). */
export function hubspotRecordUrls(config: Pick<HubSpotConfig, "appUrl" | "portalId">, ids: { contactId: string | null; dealId: string | null }) {
  const record = (type: string, id: string | null) =>
    id && RECORD_ID.test(id) ? `${config.appUrl}/contacts/${config.portalId}/record/${type}/${id}` : null;
  return { contactUrl: record("0-1", ids.contactId), dealUrl: record("0-3", ids.dealId) };
}

type Step = "contact upsert" | "deal create" | "deal association" | "lead status update";

async function failure(response: Response, step: Step): Promise<DeliveryError> {
  // Only the codes are read: the message quotes the lead.
  const body = (await response.json().catch(() => null)) as { category?: unknown; policyName?: unknown } | null;
  const category = typeof body?.category === "string" && CODE.test(body.category) ? body.category : null;
  if (response.status === 429) {
    const policy = typeof body?.policyName === "string" && CODE.test(body.policyName) ? body.policyName : null;
    const asked = parseRetryAfter(response.headers.get("retry-after"));
    const retryAfterMs = asked ?? (policy === "DAILY" ? DAILY_WAIT_MS : SECONDLY_WAIT_MS);
    return new DeliveryError(
      "HUBSPOT_RATE_LIMITED",
      `hubspot answered 429 to the ${step}${policy ? ` (${policy})` : ""} (retry after ${Math.ceil(retryAfterMs / 1000)} s)`,
      retryAfterMs,
    );
  }
  return new DeliveryError(`HUBSPOT_HTTP_${response.status}`, `hubspot answered ${response.status} to the ${step}${category ? ` ${category}` : ""}`);
}

function recordId(value: unknown, step: Step): string {
  if (typeof value === "string" && RECORD_ID.test(value)) return value;
  throw new DeliveryError("HUBSPOT_BAD_ANSWER", `hubspot's answer to the ${step} carried no record id`);
}

/** The lead as the hand-off reads it: the desk's row and the HubSpot ids stored so far. */
type HandOffLead = {
  name: string;
  email: string;
  company: string;
  source: LeadSource;
  status: LeadStatus;
  contactId: string | null;
  dealId: string | null;
};

/** "Ada Lovelace" as HubSpot's first and last name; a single word is a first name. */
function nameParts(name: string): Record<string, string> {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  if (space < 0) return trimmed ? { firstname: trimmed } : {};
  return { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1).trim() };
}

/** The contact's properties: who they are as the form gave it, and their lead status now. Blank values are left out so they clear nothing. */
function contactProperties(lead: HandOffLead, payload: LeadPayload | null): Record<string, string> {
  const submitted = (payload?.lead ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const properties: Record<string, string> = { email: lead.email, ...nameParts(lead.name), hs_lead_status: hubspotLeadStatus[lead.status] };
  const extra: Record<string, string | null> = {
    company: text(lead.company),
    jobtitle: text(submitted.jobTitle) ?? text(submitted.role),
    phone: text(submitted.phone),
  };
  for (const [key, value] of Object.entries(extra)) if (value) properties[key] = value;
  return properties;
}

/**
 * The deal: named by company (or name) and form, in the configured pipeline and stage. A lead
 * nothing verified (sent without JavaScript while the bot check is on) says so in the deal's name
 * and description, as every staff notice about it does (docs/decisions/0501).
 */
function dealProperties(lead: HandOffLead, botCheck: string | null, config: HubSpotConfig): Record<string, string> {
  const form = leadSourceLabels[lead.source] ?? "website";
  const unverified = isUnverified(botCheck);
  return {
    dealname: `${lead.company || lead.name} (${unverified ? `${form}, unverified` : form})`,
    pipeline: config.dealPipeline,
    dealstage: config.dealStage,
    ...(unverified ? { description: botCheckNote(botCheck) } : {}),
  };
}

export type HubSpotChannel = { deliver: (delivery: HandOffDelivery, signal: AbortSignal | undefined) => Promise<void> };

export function createHubSpotChannel(config: HubSpotConfig, db: Db): HubSpotChannel {
  function request(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
    return fetch(`${config.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A redirect would carry the token and the lead somewhere the configuration never named.
      redirect: "error",
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  }

  async function call(method: string, path: string, body: unknown, step: Step, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    const response = await request(method, path, body, signal);
    // A 207 is a batch with errors in it: not done.
    if (!response.ok || response.status === 207) throw await failure(response, step);
    return ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  }

  async function readLead(leadId: string): Promise<HandOffLead> {
    const [row] = await db
      .select({
        name: leads.name,
        email: leads.email,
        company: leads.company,
        source: leads.source,
        status: leads.status,
        contactId: leads.hubspotContactId,
        dealId: leads.hubspotDealId,
      })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!row) throw new DeliveryError("NO_LEAD", "the lead of this notification is missing");
    if (!row.email) throw new DeliveryError("NO_ADDRESS", "the lead has no e-mail address");
    return row;
  }

  /** Upserts the contact by e-mail (HubSpot's own key: the same address is the same contact) and stores its id. */
  async function upsertContact(leadId: string, lead: HandOffLead, payload: LeadPayload | null, signal: AbortSignal | undefined): Promise<string> {
    const answer = await call(
      "POST",
      "/crm/v3/objects/contacts/batch/upsert",
      { inputs: [{ idProperty: "email", id: lead.email, properties: contactProperties(lead, payload) }] },
      "contact upsert",
      signal,
    );
    const results = Array.isArray(answer.results) ? (answer.results as { id?: unknown }[]) : [];
    const id = recordId(results[0]?.id, "contact upsert");
    await db.update(leads).set({ hubspotContactId: id }).where(eq(leads.id, leadId));
    return id;
  }

  async function handOff(delivery: HandOffDelivery, signal: AbortSignal | undefined) {
    const lead = await readLead(delivery.leadId);
    const payload = (delivery.payload ?? null) as LeadPayload | null;
    const contactId = lead.contactId ?? (await upsertContact(delivery.leadId, lead, payload, signal));
    let dealId = lead.dealId;
    if (!dealId) {
      const answer = await call(
        "POST",
        "/crm/v3/objects/deals",
        {
          properties: dealProperties(lead, delivery.lead?.botCheck ?? null, config),
        },
        "deal create",
        signal,
      );
      const created = recordId(answer.id, "deal create");
      // Stored before the association: a retry after that step failed reuses this deal.
      const [stored] = await db
        .update(leads)
        .set({ hubspotDealId: sql`coalesce(${leads.hubspotDealId}, ${created})` })
        .where(eq(leads.id, delivery.leadId))
        .returning({ dealId: leads.hubspotDealId });
      dealId = stored?.dealId ?? created;
    }
    // Creating the default association again changes nothing: safe to repeat on every retry.
    await call("PUT", `/crm/v4/objects/deals/${dealId}/associations/default/contacts/${contactId}`, undefined, "deal association", signal);
  }

  /** Sets the contact's lead status to what the lead's is now (not what it was when queued), so late or repeated deliveries agree. */
  async function updateStatus(delivery: HandOffDelivery, signal: AbortSignal | undefined) {
    const lead = await readLead(delivery.leadId);
    if (!lead.contactId) throw new DeliveryError("HUBSPOT_NO_CONTACT", "the lead is not in HubSpot yet: its hand-off has not been delivered");
    const response = await request("PATCH", `/crm/v3/objects/contacts/${lead.contactId}`, { properties: { hs_lead_status: hubspotLeadStatus[lead.status] } }, signal);
    if (response.ok) {
      await response.arrayBuffer().catch(() => undefined);
      return;
    }
    // The contact was deleted or merged in HubSpot: find (or make) it again by e-mail, with the status.
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => undefined);
      await upsertContact(delivery.leadId, lead, null, signal);
      return;
    }
    throw await failure(response, "lead status update");
  }

  return {
    async deliver(delivery, signal) {
      if (delivery.topic === "lead_stored") return handOff(delivery, signal);
      if (delivery.topic === "status_changed") return updateStatus(delivery, signal);
      throw new DeliveryError("UNSUPPORTED_TOPIC", `hubspot does not deliver ${delivery.topic}`);
    },
  };
}
