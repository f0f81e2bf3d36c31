import crypto from "node:crypto";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config";
import type { NotificationChannel, NotificationTopic } from "./lead-service";

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
};

export type Notifier = {
  /** Channels this process can deliver; rows for other channels wait until configured. */
  channels: NotificationChannel[];
  /** Must stop and reject when `signal` aborts (the worker's deadline for one delivery). */
  deliver: (delivery: OutboxDelivery, signal?: AbortSignal) => Promise<void>;
  close: () => void;
};

/**
 * A failure the notifier describes itself, in words of our own that carry no lead data, so the
 * message can go to the log and to staff as it is.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

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
/** The webhook's own limit; the worker's deadline (LEADS_OUTBOX_DELIVERY_TIMEOUT_MS) may cut it shorter. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * HMAC-SHA256 over "<timestamp>.<body>", hex, prefixed "sha256=". Signing the timestamp lets a
 * receiver refuse old replays; the delivery id header lets it drop repeats after a crash.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return "sha256=" + crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

type LeadPayload = { kind?: string; lead?: Record<string, unknown> };

const LABELS: Record<string, string> = {
  sourceForm: "Form",
  name: "Name",
  jobTitle: "Job title",
  workEmail: "Work email",
  email: "Email",
  companyName: "Company",
  company: "Company",
  role: "Role",
  phone: "Phone",
  industry: "Industry",
  companySize: "Company size",
  totalCalls: "Monthly calls",
  aiGoal: "AI goal",
  notes: "Notes",
  tcpaConsent: "Consent given",
  consentTextVersion: "Consent text version",
  pagePath: "Page",
  referrer: "Referrer",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
  userAgent: "User agent",
  createdAt: "Received",
  id: "Lead id",
};

function emailContent(payload: LeadPayload) {
  const lead = payload.lead ?? {};
  const oneLine = (v: unknown) => String(v ?? "").replace(/\s+/g, " ").trim();
  const kind = payload.kind === "contact_request" ? "contact request" : "booking inquiry";
  const company = lead.companyName ?? lead.company;
  const subject = `New ${kind}: ${oneLine(lead.name)}${company ? ` (${oneLine(company)})` : ""}`.slice(0, 200);
  const lines = Object.entries(LABELS)
    .filter(([key]) => lead[key] !== undefined && lead[key] !== null && lead[key] !== "")
    // A multi-line answer (AI goal, notes) keeps its lines, indented: none can pass for a field.
    .map(([key, label]) => `${label}: ${String(lead[key]).replace(/\r\n|\r|\n/g, "\n    ")}`);
  return { subject, text: `A new ${kind} arrived.\n\n${lines.join("\n")}\n` };
}

export function createNotifier(notify: AppConfig["notify"]): Notifier {
  const channels: NotificationChannel[] = [];
  const transport =
    notify.smtpUrl && notify.to
      ? nodemailer.createTransport({
          url: notify.smtpUrl,
          // Per step, and socketTimeout restarts with every command, so together they bound nothing:
          // the worker's deadline aborts the send (nodemailer closes the connection on the signal).
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : null;
  if (transport) channels.push("email");
  if (notify.webhookUrl && notify.webhookSecret) channels.push("webhook");

  return {
    channels,
    close: () => transport?.close(),
    async deliver(delivery, signal) {
      const payload = (delivery.payload ?? {}) as LeadPayload;
      if (delivery.channel === "email") {
        if (!transport || !notify.to) throw new DeliveryError("NOT_CONFIGURED", "email channel is not configured (SMTP_URL, LEADS_NOTIFY_TO)");
        const { subject, text } = emailContent(payload);
        const host = notify.from.split("@")[1] ?? "localhost";
        await transport.sendMail({
          from: notify.from,
          to: notify.to,
          subject,
          text,
          // The outbox id as Message-ID: a retried delivery after a crash is the same message.
          messageId: `<${delivery.id}@${host}>`,
          headers: { [DELIVERY_ID_HEADER]: delivery.id },
          signal,
        });
        return;
      }
      if (delivery.channel === "webhook") {
        if (!notify.webhookUrl || !notify.webhookSecret) {
          throw new DeliveryError("NOT_CONFIGURED", "webhook channel is not configured (LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET)");
        }
        const body = JSON.stringify({ delivery_id: delivery.id, kind: payload.kind, lead: payload.lead });
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
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]) : AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        // Drain the body so the connection can be reused.
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) throw new DeliveryError(`HTTP_${response.status}`, `webhook answered ${response.status}`);
        return;
      }
      throw new DeliveryError("UNKNOWN_CHANNEL", `unknown channel ${delivery.channel}`);
    },
  };
}
