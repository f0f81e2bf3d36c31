import { eq, sql } from "drizzle-orm";
import { leadSourceLabels, type LeadSource, type LeadStatus } from "@shared/schemas/lead-desk";
import type { HubSpotContactOrigin, LeadHubSpotRecords } from "@shared/api/lead-desk-api";
import type { HubSpotConfig } from "../config";
import type { Db } from "../db/client";
import { leads } from "../db/schema";
import type { LeadPayload } from "./email-message";
import { DeliveryError, parseRetryAfter } from "../platform/delivery-error";
import { botCheckNote, isUnverified } from "./slack-message";
import type { NotificationTopic } from "./lead-service";

/** The part of an outbox delivery (channels/lead-delivery.ts OutboxDelivery) the hand-off reads. */
type HandOffDelivery = {
  leadId: string;
  topic: NotificationTopic;
  payload: unknown;
  /** The lead as the outbox claimed it; its bot check outcome (a lead sent without JavaScript is unverified). */
  lead: { botCheck?: string | null } | null;
};

/**
 * The HubSpot hand-off (docs/decisions/0720), delivered through the lead outbox on channel
 * `hubspot`: a new lead (`lead_stored`) looks its contact up by e-mail and creates it only when
 * there is none; a contact already there keeps what it has (a lead is anyone who typed the
 * address) and gets only its empty properties filled, and a note. Then a deal in the configured
 * pipeline and stage, associated with the contact. A desk status change (`status_changed`) sets the
 * lead status only of a contact this lead created. HubSpot has no idempotency key, so each id is
 * stored on the lead as soon as HubSpot answers with it and a retry carries on from the first step
 * not yet done.
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

/**
 * What the lead page shows: HubSpot's record pages for the contact and the deal (0-1, 0-3), and
 * whether the hand-off created the contact or found it there.
 */
export function hubspotRecords(
  config: Pick<HubSpotConfig, "appUrl" | "portalId">,
  ids: { contactId: string | null; dealId: string | null; contactCreated: boolean | null },
): LeadHubSpotRecords {
  const record = (type: string, id: string | null) =>
    id && RECORD_ID.test(id) ? `${config.appUrl}/contacts/${config.portalId}/record/${type}/${id}` : null;
  const contactUrl = record("0-1", ids.contactId);
  return { contactUrl, dealUrl: record("0-3", ids.dealId), contact: contactUrl ? contactOrigin(ids.contactCreated) : null };
}

const contactOrigin = (created: boolean | null): HubSpotContactOrigin | null => (created === null ? null : created ? "created" : "existing");

/**
 * What a HubSpot delivery adds to its timeline entry (codes only): whether the lead's contact was
 * created or found, and a status change not sent because the contact is not this lead's.
 */
export type HubSpotReceipt = { hubspotContact?: HubSpotContactOrigin; hubspotLeadStatus?: "not_sent" };

type Step = "contact lookup" | "contact create" | "contact update" | "deal create" | "deal association" | "note create" | "lead status update";

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
  createdAt: Date;
  contactId: string | null;
  dealId: string | null;
  contactCreated: boolean | null;
};

/** The contact properties the form can give; those of a contact already in HubSpot are read to see which are empty. */
const FORM_PROPERTIES = ["firstname", "lastname", "company", "jobtitle", "phone"] as const;
/** HubSpot's default note-to-contact and note-to-deal association types. */
const NOTE_TO_CONTACT = 202;
const NOTE_TO_DEAL = 214;

/** "Ada Lovelace" as HubSpot's first and last name; a single word is a first name. */
function nameParts(name: string): Record<string, string> {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  if (space < 0) return trimmed ? { firstname: trimmed } : {};
  return { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1).trim() };
}

/** Who they are as the form gave it (FORM_PROPERTIES). Blank values are left out so they clear nothing. */
function formProperties(lead: HandOffLead, payload: LeadPayload | null): Record<string, string> {
  const submitted = (payload?.lead ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const properties: Record<string, string> = nameParts(lead.name);
  const extra: Record<string, string | null> = {
    company: text(lead.company),
    jobtitle: text(submitted.jobTitle) ?? text(submitted.role),
    phone: text(submitted.phone),
  };
  for (const [key, value] of Object.entries(extra)) if (value) properties[key] = value;
  return properties;
}

const isEmpty = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

/** Of what the form gave, only what the contact in HubSpot has no value for: nothing it has is written over. */
function emptyOnly(existing: Record<string, string | null>, given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(given).filter(([key]) => isEmpty(existing[key])));
}

const escapeHtml = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The note on a contact that was already in HubSpot: a lead came from its address, what the form
 * gave (kept here, not on the contact, so sales can compare), and whether anything verified it.
 */
function noteBody(lead: HandOffLead, payload: LeadPayload | null, botCheck: string | null): string {
  const form = leadSourceLabels[lead.source] ?? "website";
  const given = formProperties(lead, payload);
  const rows: [string, string | undefined][] = [
    ["Name", lead.name.trim() || undefined],
    ["Company", given.company],
    ["Job title", given.jobtitle],
    ["Phone", given.phone],
  ];
  const items = rows.filter((row): row is [string, string] => Boolean(row[1])).map(([label, value]) => `<li>${label}: ${escapeHtml(value)}</li>`);
  return [
    `<p>New website lead from this contact's e-mail address (${escapeHtml(form)}). The contact's own details were kept; the lead gave:</p>`,
    `<ul>${items.join("")}</ul>`,
    isUnverified(botCheck) ? `<p>${escapeHtml(botCheckNote(botCheck))}: anyone could have typed this address.</p>` : "",
  ].join("");
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

export type HubSpotChannel = { deliver: (delivery: HandOffDelivery, signal: AbortSignal | undefined) => Promise<HubSpotReceipt> };

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
        createdAt: leads.createdAt,
        contactId: leads.hubspotContactId,
        dealId: leads.hubspotDealId,
        contactCreated: leads.hubspotContactCreated,
      })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!row) throw new DeliveryError("NO_LEAD", "the lead of this notification is missing");
    if (!row.email) throw new DeliveryError("NO_ADDRESS", "the lead has no e-mail address");
    return row;
  }

  type FoundContact = { id: string; properties: Record<string, string | null> };

  /**
   * One contact by e-mail (HubSpot's unique key) or by record id, with the properties the form can
   * fill; null when there is none. A batch read, not a search: a search does not see a contact made
   * in the last seconds, so two leads from one address in a row would make two. The address goes
   * in the body, never the URL.
   */
  async function readContact(key: { email: string } | { id: string }, signal: AbortSignal | undefined): Promise<FoundContact | null> {
    const body = "email" in key ? { idProperty: "email", inputs: [{ id: key.email }] } : { inputs: [{ id: key.id }] };
    const response = await request("POST", "/crm/v3/objects/contacts/batch/read", { ...body, properties: [...FORM_PROPERTIES] }, signal);
    // A 207 is a batch with errors in it: for one input, OBJECT_NOT_FOUND means there is no such contact.
    if (!response.ok) throw await failure(response, "contact lookup");
    const answer = ((await response.json().catch(() => null)) ?? {}) as { results?: unknown; errors?: unknown };
    const errors = Array.isArray(answer.errors) ? (answer.errors as { category?: unknown }[]) : [];
    const other = errors.find((e) => e.category !== "OBJECT_NOT_FOUND");
    if (other) {
      const category = typeof other.category === "string" && CODE.test(other.category) ? ` ${other.category}` : "";
      throw new DeliveryError(`HUBSPOT_HTTP_${response.status}`, `hubspot answered ${response.status} to the contact lookup${category}`);
    }
    const results = Array.isArray(answer.results) ? (answer.results as { id?: unknown; properties?: unknown }[]) : [];
    const hit = results[0];
    if (!hit) return null;
    const properties = typeof hit.properties === "object" && hit.properties !== null ? (hit.properties as Record<string, string | null>) : {};
    return { id: recordId(hit.id, "contact lookup"), properties };
  }

  /**
   * The contact's id, found or made, stored on the lead with whether this lead made it. A contact
   * found keeps every value it has; a verified lead fills the ones it lacks (an unverified one only
   * writes its note). A contact made gets the e-mail and the lead status as well.
   */
  async function resolveContact(
    leadId: string,
    lead: HandOffLead,
    payload: LeadPayload | null,
    botCheck: string | null,
    signal: AbortSignal | undefined,
  ): Promise<{ id: string; origin: HubSpotContactOrigin }> {
    const given = formProperties(lead, payload);
    const adopt = async (found: FoundContact) => {
      const fill = isUnverified(botCheck) ? {} : emptyOnly(found.properties, given);
      if (Object.keys(fill).length > 0) await call("PATCH", `/crm/v3/objects/contacts/${found.id}`, { properties: fill }, "contact update", signal);
      await db.update(leads).set({ hubspotContactId: found.id, hubspotContactCreated: false }).where(eq(leads.id, leadId));
      return { id: found.id, origin: "existing" as const };
    };

    const found = await readContact({ email: lead.email }, signal);
    if (found) return adopt(found);
    const response = await request("POST", "/crm/v3/objects/contacts", { properties: { email: lead.email, ...given, hs_lead_status: hubspotLeadStatus[lead.status] } }, signal);
    if (response.status === 409) {
      // Made since the lookup (another lead from the address, a HubSpot form), or the address is
      // another contact's secondary one. HubSpot names the contact only in its message; just the
      // digits of its id are read from it.
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const existing = typeof body?.message === "string" ? /Existing ID: (\d{1,20})\b/.exec(body.message)?.[1] : undefined;
      const again = existing ? await readContact({ id: existing }, signal) : null;
      if (again) return adopt(again);
      throw new DeliveryError("HUBSPOT_HTTP_409", "hubspot answered 409 to the contact create CONFLICT");
    }
    if (!response.ok) throw await failure(response, "contact create");
    const answer = ((await response.json().catch(() => null)) ?? {}) as { id?: unknown };
    const id = recordId(answer.id, "contact create");
    await db.update(leads).set({ hubspotContactId: id, hubspotContactCreated: true }).where(eq(leads.id, leadId));
    return { id, origin: "created" };
  }

  async function handOff(delivery: HandOffDelivery, signal: AbortSignal | undefined): Promise<HubSpotReceipt> {
    const lead = await readLead(delivery.leadId);
    const payload = (delivery.payload ?? null) as LeadPayload | null;
    const botCheck = delivery.lead?.botCheck ?? null;
    const contact = lead.contactId
      ? { id: lead.contactId, origin: contactOrigin(lead.contactCreated) }
      : await resolveContact(delivery.leadId, lead, payload, botCheck, signal);
    let dealId = lead.dealId;
    if (!dealId) {
      const answer = await call(
        "POST",
        "/crm/v3/objects/deals",
        {
          properties: dealProperties(lead, botCheck, config),
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
    await call("PUT", `/crm/v4/objects/deals/${dealId}/associations/default/contacts/${contact.id}`, undefined, "deal association", signal);
    if (contact.origin === "existing") {
      // Last, so that only an answer lost on the way back can make a second note.
      await call(
        "POST",
        "/crm/v3/objects/notes",
        {
          properties: { hs_timestamp: lead.createdAt.toISOString(), hs_note_body: noteBody(lead, payload, botCheck) },
          associations: [
            { to: { id: contact.id }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO_CONTACT }] },
            { to: { id: dealId }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO_DEAL }] },
          ],
        },
        "note create",
        signal,
      );
    }
    return contact.origin ? { hubspotContact: contact.origin } : {};
  }

  /**
   * Sets the contact's lead status to what the lead's is now (not what it was when queued), so late
   * or repeated deliveries agree; only on a contact this lead created: one that was there before is
   * sales' to describe, and an unverified visitor's lead must not move it.
   */
  async function updateStatus(delivery: HandOffDelivery, signal: AbortSignal | undefined): Promise<HubSpotReceipt> {
    const lead = await readLead(delivery.leadId);
    if (!lead.contactId) throw new DeliveryError("HUBSPOT_NO_CONTACT", "the lead is not in HubSpot yet: its hand-off has not been delivered");
    // Null: handed over before the origin was recorded, when an existing contact was written over; not known to be ours.
    if (lead.contactCreated !== true) return { hubspotLeadStatus: "not_sent" };
    const response = await request("PATCH", `/crm/v3/objects/contacts/${lead.contactId}`, { properties: { hs_lead_status: hubspotLeadStatus[lead.status] } }, signal);
    if (response.ok) {
      await response.arrayBuffer().catch(() => undefined);
      return {};
    }
    // The contact was deleted or merged in HubSpot: find it again by e-mail (then it is not ours to
    // set), or make it again with the status.
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => undefined);
      const contact = await resolveContact(delivery.leadId, lead, null, delivery.lead?.botCheck ?? null, signal);
      return contact.origin === "created" ? { hubspotContact: "created" } : { hubspotContact: "existing", hubspotLeadStatus: "not_sent" };
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
