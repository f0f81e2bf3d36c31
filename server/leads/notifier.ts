import crypto from "node:crypto";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config";
import type { NotificationChannel } from "./lead-service";

/** One outbox row to deliver. Its id is the delivery id: stable across retries and restarts. */
export type OutboxDelivery = {
  id: string;
  leadKind: string;
  leadId: string;
  channel: string;
  payload: unknown;
  attempts: number;
};

export type Notifier = {
  /** Channels this process can deliver; rows for other channels wait until configured. */
  channels: NotificationChannel[];
  deliver: (delivery: OutboxDelivery) => Promise<void>;
  close: () => void;
};

export const DELIVERY_ID_HEADER = "x-lead-delivery-id";
export const SIGNATURE_HEADER = "x-lead-signature";
export const TIMESTAMP_HEADER = "x-lead-timestamp";
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
    .map(([key, label]) => `${label}: ${String(lead[key])}`);
  return { subject, text: `A new ${kind} arrived.\n\n${lines.join("\n")}\n` };
}

export function createNotifier(notify: AppConfig["notify"]): Notifier {
  const channels: NotificationChannel[] = [];
  const transport =
    notify.smtpUrl && notify.to
      ? nodemailer.createTransport({
          url: notify.smtpUrl,
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
    async deliver(delivery) {
      const payload = (delivery.payload ?? {}) as LeadPayload;
      if (delivery.channel === "email") {
        if (!transport || !notify.to) throw new Error("email channel is not configured (SMTP_URL, LEADS_NOTIFY_TO)");
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
        });
        return;
      }
      if (delivery.channel === "webhook") {
        if (!notify.webhookUrl || !notify.webhookSecret) throw new Error("webhook channel is not configured (LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET)");
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
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        // Drain the body so the connection can be reused.
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) throw new Error(`webhook answered ${response.status}`);
        return;
      }
      throw new Error(`unknown channel ${delivery.channel}`);
    },
  };
}
