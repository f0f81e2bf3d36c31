import crypto from "node:crypto";
import type { AppConfig } from "../config";
import { adminLeadPath } from "@shared/site-routes";
import { fitLabels, fitSummary } from "@shared/schemas/lead-fit";
import {
  firstContactMissedEmail,
  followUpEmail,
  newLeadEmail,
  ownerAssignedEmail,
  prospectReminderEmail,
  reassignedAwayEmail,
  reassignedToYouEmail,
  reroutedToYouEmail,
  type EmailContent,
  type LeadPayload,
} from "./email-message";
import { leadReference } from "./lead-reference";
import type { NotificationChannel, NotificationTopic } from "./lead-service";
import { botCheckToken, slackMessage, type NotificationLead } from "./slack-message";
import { STAFF_MAIL_CHANNEL, deliverStaffMail } from "../platform/staff-mail";
import { createMailTransport } from "../platform/mail-transport";
import type { Db } from "../db/client";
import { DeliveryError, parseRetryAfter } from "../platform/delivery-error";
import { createHubSpotChannel, type HubSpotReceipt } from "./hubspot";

export { DeliveryError, parseRetryAfter, requestedRetryDelayMs } from "../platform/delivery-error";

export type { NotificationLead };

/** One outbox row to deliver. Its id is the delivery id: stable across retries and restarts. */
export type OutboxDelivery = {
  id: string;
  leadKind: string;
  leadId: string;
  channel: string;
  /** What it is about (lead_outbox.topic): a new lead, a follow-up, a booked meeting, a prospect reminder. */
  topic: NotificationTopic;
  topicRef: string;
  payload: unknown;
  attempts: number;
  /** This claim's fencing token: the outcome is recorded only while the row still carries it. */
  claimToken: string;
  /** The lead desk's row as the claim read it; null for a lead without one (none since decision 0701's migration). */
  lead: NotificationLead | null;
};

/** What a delivery adds to its timeline entry: codes only, never anything of the lead (docs/decisions/0704). */
export type DeliveryReceipt = HubSpotReceipt;

export type Notifier = {
  /** Channels this process can deliver; rows for other channels wait until configured. */
  channels: NotificationChannel[];
  /** Must stop and reject when `signal` aborts (the worker's deadline for one delivery). */
  deliver: (delivery: OutboxDelivery, signal?: AbortSignal) => Promise<DeliveryReceipt | void>;
  close: () => void;
};

/** What the notifier needs from the configuration: the channels, links to the lead and the scheduler. */
export type NotifierConfig = Pick<AppConfig, "notify" | "publicUrl" | "authSecret" | "leads" | "staffMail"> & Partial<Pick<AppConfig, "hubspot">> & {
  runtime: Pick<AppConfig["runtime"], "demoSchedulerUrl" | "enterpriseSchedulerUrl">;
};

/** The delivery ran past the worker's deadline (LEADS_OUTBOX_DELIVERY_TIMEOUT_MS). */
export class DeliveryTimeoutError extends DeliveryError {
  override name = "DeliveryTimeoutError";
  constructor(timeoutMs: number) {
    super("TIMEOUT", `timed out after ${timeoutMs} ms`);
  }
}

/**
 * A failed delivery as the log and staff see it: a code and a one-line summary built from error
 * codes and status numbers only. A mail or webhook server's own words are left out: they can
 * quote the recipient, the sender or the message itself (spam filters echo the subject).
 */
export function describeDeliveryFailure(error: unknown): { code: string; summary: string } {
  if (error instanceof DeliveryError) return { code: error.code, summary: error.message };
  if (!(error instanceof Error)) return { code: "UNKNOWN", summary: "unknown error" };
  const e = error as Error & { code?: unknown; responseCode?: unknown; response?: unknown; command?: unknown; cause?: unknown };
  const isCode = (value: unknown): value is string => typeof value === "string" && /^[A-Z][A-Z0-9_]{0,39}$/.test(value);
  // fetch wraps the network error: "fetch failed", with the system code (if any) on its cause.
  if (e.name === "TypeError" && e.message === "fetch failed") {
    const cause = (e.cause as { code?: unknown } | undefined)?.code;
    return isCode(cause) ? { code: cause, summary: `fetch failed: ${cause}` } : { code: "FETCH_FAILED", summary: "fetch failed" };
  }
  const code = isCode(e.code) ? e.code : e.name;
  const parts = [code];
  if (typeof e.responseCode === "number") parts.push(String(e.responseCode));
  // The enhanced status code (RFC 3463, "5.1.1") says which kind of refusal it was; nothing after it is kept.
  const enhanced = typeof e.response === "string" ? /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(e.response)?.[1] : undefined;
  if (enhanced) parts.push(enhanced);
  // The SMTP command that failed ("RCPT TO", "DATA", "AUTH PLAIN"), without its arguments.
  const command = typeof e.command === "string" ? /^[A-Z]+(?: [A-Z]+)?/.exec(e.command)?.[0] : undefined;
  if (command) parts.push(`after ${command}`);
  return { code: code.slice(0, 40), summary: parts.join(" ").slice(0, 200) };
}

export const DELIVERY_ID_HEADER = "x-lead-delivery-id";
export const SIGNATURE_HEADER = "x-lead-signature";
export const TIMESTAMP_HEADER = "x-lead-timestamp";
/** An HTTP channel's own limit (webhook, Slack); the worker's deadline (LEADS_OUTBOX_DELIVERY_TIMEOUT_MS) may cut it shorter. */
const HTTP_TIMEOUT_MS = 10_000;

/**
 * HMAC-SHA256 over "<timestamp>.<body>", hex, prefixed "sha256=". Signing the timestamp lets a
 * receiver refuse old replays; the delivery id header lets it drop repeats after a crash.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return "sha256=" + crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The abort signal of a request: the worker's deadline, and the request's own limit. */
const requestSignal = (signal: AbortSignal | undefined) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) : AbortSignal.timeout(HTTP_TIMEOUT_MS);

/** Slack's error answers are short snake_case codes (invalid_payload, no_service, channel_is_archived). */
const SLACK_ERROR_CODE = /^[a-z][a-z0-9_]{0,35}$/;

/**
 * Posts to a Slack incoming webhook. Slack answers 200 "ok"; an error is a 4xx with a short code
 * as its body, which becomes the failure's code (nothing else of the body is kept: a proxy in
 * between may answer with a page of its own). 429 carries Retry-After, which the worker honours.
 * The URL is the webhook's secret: it goes into no error, log line or last_error.
 */
async function postToSlack(url: string, message: unknown, signal: AbortSignal | undefined): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(message),
    // A redirect would carry the message somewhere the configuration never named.
    redirect: "error",
    signal: requestSignal(signal),
  });
  const body = (await response.text().catch(() => "")).trim();
  if (response.ok) return;
  const slackCode = SLACK_ERROR_CODE.test(body) ? body : null;
  if (response.status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    const wait = retryAfterMs !== undefined ? ` (retry after ${Math.ceil(retryAfterMs / 1000)} s)` : "";
    throw new DeliveryError("SLACK_RATE_LIMITED", `slack answered 429${wait}`, retryAfterMs);
  }
  throw new DeliveryError(
    slackCode ? `SLACK_${slackCode.toUpperCase()}` : `HTTP_${response.status}`,
    `slack answered ${response.status}${slackCode ? ` ${slackCode}` : ""}`,
  );
}

/** The lead a message is about: the desk's row, or (for a lead without one) the outbox's copy. */
function leadOf(delivery: OutboxDelivery): NotificationLead {
  if (delivery.lead) return delivery.lead;
  const lead = (delivery.payload as LeadPayload | null)?.lead;
  if (!lead) throw new DeliveryError("NO_LEAD", "the lead of this notification is missing");
  const contact = delivery.leadKind === "contact_request";
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    id: delivery.leadId,
    kind: contact ? "contact_request" : "booking_inquiry",
    source: (contact ? "contact_form" : text(lead.sourceForm) || "booking_dialog") as NotificationLead["source"],
    name: text(lead.name),
    email: text(lead.workEmail ?? lead.email),
    company: text(lead.companyName ?? lead.company),
    status: "new",
    totalCalls: typeof lead.totalCalls === "number" ? lead.totalCalls : null,
    meetingStartsAt: null,
    botCheck: lead.botCheck === "passed" || lead.botCheck === "off" || lead.botCheck === "no_script" ? lead.botCheck : null,
  };
}

/** A booked meeting as its notification tells it (MeetingBookedPayload); its start else the desk's current meeting. */
function meetingOf(delivery: OutboxDelivery, lead: NotificationLead): { startsAt: Date | null; rescheduled: boolean } {
  const payload = (delivery.payload ?? {}) as { meetingStartsAt?: unknown; rescheduled?: unknown };
  const date = typeof payload.meetingStartsAt === "string" ? new Date(payload.meetingStartsAt) : null;
  return { startsAt: date && !Number.isNaN(date.getTime()) ? date : lead.meetingStartsAt, rescheduled: payload.rescheduled === true };
}

/**
 * The scheduler link of the prospect reminder, prefilled as the page prefills it after the form
 * (name, e-mail) with the lead's reference as utm_content, so a meeting booked from the e-mail is
 * matched to the lead like one booked from the page (docs/decisions/0701, 0704).
 */
export function reminderSchedulerUrl(config: NotifierConfig, lead: NotificationLead): string {
  const base = lead.source === "enterprise_dialog" || lead.source === "enterprise_inline" ? config.runtime.enterpriseSchedulerUrl : config.runtime.demoSchedulerUrl;
  const url = new URL(base);
  url.searchParams.set("name", lead.name);
  url.searchParams.set("email", lead.email);
  url.searchParams.set("utm_source", "website");
  url.searchParams.set("utm_content", leadReference(config.authSecret, lead.id));
  return url.toString();
}

/** The payload with the lead's fit in words (docs/decisions/0710), as the staff e-mail lists it. */
function withFit(payload: LeadPayload, lead: NotificationLead | null): LeadPayload {
  if (!lead?.fit || !payload.lead) return payload;
  return { ...payload, lead: { ...payload.lead, fit: fitSummary(lead.fit), owner: lead.ownerEmail ?? "Unassigned" } };
}

/** The webhook's `fit`: the stored values and the labels the inbox shows; null for a lead without a desk row. */
function webhookFit(lead: NotificationLead | null) {
  if (!lead?.fit) return null;
  const { tier, emailKind } = lead.fit;
  return { tier, email_kind: emailKind, labels: fitLabels({ tier, emailKind: emailKind ?? "work" }) };
}

/** Which (channel, topic) pairs exist: anything else is a fault to show, not to guess at. */
const unsupported = (delivery: OutboxDelivery) =>
  new DeliveryError("UNSUPPORTED_TOPIC", `${delivery.channel} does not deliver ${delivery.topic}`);

/**
 * What the notifier may use besides its configuration: the database, for channels that keep state
 * on the lead (HubSpot stores its record ids: docs/decisions/0720). Without it they stay off.
 */
export type NotifierDeps = { db?: Db };

export function createNotifier(config: NotifierConfig, deps: NotifierDeps = {}): Notifier {
  const { notify } = config;
  const channels: NotificationChannel[] = [];
  const hubspot = config.hubspot && deps.db ? createHubSpotChannel(config.hubspot, deps.db) : null;
  if (hubspot) channels.push("hubspot");
  const transport = createMailTransport(notify);
  if (transport) channels.push("email");
  if (notify.webhookUrl && notify.webhookSecret) channels.push("webhook");
  if (notify.slackWebhookUrl) channels.push("slack");
  // Off by default (docs/decisions/0704); rows queued while it was on wait, and go stale (outbox-worker.ts).
  if (transport && config.leads.prospectReminder) channels.push("prospect_email");
  if (transport) channels.push("owner_email");
  // Staff mail: by SMTP, else the development mailbox (server/platform/staff-mail.ts).
  if (transport || config.staffMail.mailboxDir) channels.push("staff_email");

  const leadUrl = (delivery: OutboxDelivery) => `${config.publicUrl}${adminLeadPath(delivery.leadId)}`;
  const host = notify.from.split("@")[1] ?? "localhost";

  async function sendMail(delivery: OutboxDelivery, to: string, content: EmailContent, signal: AbortSignal | undefined, staff: boolean) {
    if (!transport) throw new DeliveryError("NOT_CONFIGURED", "email channel is not configured (SMTP_URL, LEADS_NOTIFY_TO)");
    await transport.sendMail({
      from: notify.from,
      to,
      subject: content.subject,
      text: content.text,
      // The outbox id as Message-ID: a retried delivery after a crash is the same message.
      messageId: `<${delivery.id}@${host}>`,
      ...(staff ? { headers: { [DELIVERY_ID_HEADER]: delivery.id } } : {}),
      signal,
    });
  }

  return {
    channels,
    close: () => transport?.close(),
    async deliver(delivery, signal) {
      const payload = withFit((delivery.payload ?? {}) as LeadPayload, delivery.lead);
      if (delivery.channel === "email") {
        if (!transport || !notify.to) throw new DeliveryError("NOT_CONFIGURED", "email channel is not configured (SMTP_URL, LEADS_NOTIFY_TO)");
        if (delivery.topic === "lead_stored") return sendMail(delivery, notify.to, newLeadEmail(payload, leadUrl(delivery)), signal, true);
        if (delivery.topic === "follow_up") {
          return sendMail(delivery, notify.to, followUpEmail(payload, leadUrl(delivery), config.leads.followUpMinutes), signal, true);
        }
        if (delivery.topic === "first_contact_missed") {
          const lead = leadOf(delivery);
          const content = firstContactMissedEmail({ ...lead, ownerEmail: lead.ownerEmail ?? null }, leadUrl(delivery), config.leads.firstContactMinutes);
          return sendMail(delivery, notify.to, content, signal, true);
        }
        throw unsupported(delivery);
      }
      if (delivery.channel === "webhook") {
        if (!notify.webhookUrl || !notify.webhookSecret) {
          throw new DeliveryError("NOT_CONFIGURED", "webhook channel is not configured (LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET)");
        }
        if (delivery.topic !== "lead_stored") throw unsupported(delivery);
        // bot_check: what the bot check said, in words a receiver can branch on (docs/decisions/0501).
        const body = JSON.stringify({
          delivery_id: delivery.id,
          kind: payload.kind,
          bot_check: botCheckToken(payload.lead?.botCheck),
          lead: payload.lead,
          fit: webhookFit(delivery.lead),
        });
        const timestamp = String(Math.floor(Date.now() / 1000));
        const response = await fetch(notify.webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [DELIVERY_ID_HEADER]: delivery.id,
            [TIMESTAMP_HEADER]: timestamp,
            [SIGNATURE_HEADER]: signWebhook(notify.webhookSecret, timestamp, body),
          },
          body,
          // A 307/308 would re-send the signed lead to wherever it points: never follow one.
          redirect: "error",
          signal: requestSignal(signal),
        });
        // Drain the body so the connection can be reused.
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) throw new DeliveryError(`HTTP_${response.status}`, `webhook answered ${response.status}`);
        return;
      }
      if (delivery.channel === "slack") {
        if (!notify.slackWebhookUrl) throw new DeliveryError("NOT_CONFIGURED", "slack channel is not configured (SLACK_WEBHOOK_URL)");
        if (delivery.topic === "prospect_reminder") throw unsupported(delivery);
        const lead = leadOf(delivery);
        const message = slackMessage(delivery.topic, lead, {
          leadUrl: leadUrl(delivery),
          followUpMinutes: config.leads.followUpMinutes,
          firstContactMinutes: config.leads.firstContactMinutes,
          meeting: delivery.topic === "meeting_booked" ? meetingOf(delivery, lead) : null,
          // The new lead, its follow-up and the enterprise alert carry the stored lead; a booked
          // meeting and a first-contact alert do not, and name the one their claim read.
          botCheck: payload.lead?.botCheck ?? lead.botCheck ?? null,
        });
        return postToSlack(notify.slackWebhookUrl, message, signal);
      }
      if (delivery.channel === "owner_email") {
        if (!transport) throw new DeliveryError("NOT_CONFIGURED", "email channel is not configured (SMTP_URL)");
        const moved = (delivery.payload ?? {}) as {
          reassigned?: { minutes?: unknown; previousOwner?: unknown };
          rerouted?: { previousOwner?: unknown };
          previousOwner?: unknown;
          newOwner?: unknown;
          minutes?: unknown;
        };
        const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
        const minutes = (value: unknown) => (typeof value === "number" && value > 0 ? value : config.leads.firstContactMinutes);
        if (delivery.topic === "owner_reassigned") {
          // The owner a lead was taken from, for want of a first contact (docs/decisions/0711).
          if (typeof moved.previousOwner !== "string" || typeof moved.newOwner !== "string") throw new DeliveryError("NO_OWNER", "the previous owner is not known");
          return sendMail(delivery, moved.previousOwner, reassignedAwayEmail(leadOf(delivery), leadUrl(delivery), minutes(moved.minutes), moved.newOwner), signal, true);
        }
        if (delivery.topic !== "owner_assigned") throw unsupported(delivery);
        // The owner as the lead has one now: a lead reassigned before delivery pages its new owner.
        const owner = delivery.lead?.ownerEmail;
        if (!owner) throw new DeliveryError("NO_OWNER", "the lead has no owner to page");
        if (moved.reassigned) {
          return sendMail(delivery, owner, reassignedToYouEmail(leadOf(delivery), leadUrl(delivery), minutes(moved.reassigned.minutes), text(moved.reassigned.previousOwner)), signal, true);
        }
        if (moved.rerouted) return sendMail(delivery, owner, reroutedToYouEmail(leadOf(delivery), leadUrl(delivery), text(moved.rerouted.previousOwner)), signal, true);
        return sendMail(delivery, owner, ownerAssignedEmail(payload, leadUrl(delivery)), signal, true);
      }
      if (delivery.channel === "prospect_email") {
        if (!transport || !config.leads.prospectReminder) {
          throw new DeliveryError("NOT_CONFIGURED", "prospect reminder is not turned on (LEADS_PROSPECT_REMINDER, SMTP_URL)");
        }
        if (delivery.topic !== "prospect_reminder") throw unsupported(delivery);
        // Only a lead whose bot check passed is e-mailed (a reminder queued before that rule was not).
        if (payload.lead?.botCheck !== "passed") throw new DeliveryError("NOT_VERIFIED", "the lead's bot check did not pass: no reminder to an unverified address");
        const lead = leadOf(delivery);
        if (!lead.email) throw new DeliveryError("NO_ADDRESS", "the lead has no e-mail address");
        return sendMail(delivery, lead.email, prospectReminderEmail(lead.name, reminderSchedulerUrl(config, lead)), signal, false);
      }
      if (delivery.channel === "hubspot") {
        if (!hubspot) throw new DeliveryError("NOT_CONFIGURED", "hubspot channel is not configured (HUBSPOT_ACCESS_TOKEN)");
        return hubspot.deliver(delivery, signal);
      }
      if (delivery.channel === STAFF_MAIL_CHANNEL) {
        return deliverStaffMail({ transport, from: config.staffMail.from, mailboxDir: config.staffMail.mailboxDir, host }, delivery, signal);
      }
      throw new DeliveryError("UNKNOWN_CHANNEL", `unknown channel ${delivery.channel}`);
    },
  };
}
