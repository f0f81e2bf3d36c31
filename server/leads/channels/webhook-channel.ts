import crypto from "node:crypto";
import { fitLabels } from "@shared/schemas/lead-fit";
import { DeliveryError } from "../../platform/delivery-error";
import { requestSignal } from "../../platform/outbox/outbox-channel";
import { botCheckToken, type NotificationLead } from "../slack-message";
import { DELIVERY_ID_HEADER, payloadOf, unsupported, type LeadChannel, type NotifierConfig } from "./lead-delivery";

export const SIGNATURE_HEADER = "x-lead-signature";
export const TIMESTAMP_HEADER = "x-lead-timestamp";

/**
 * HMAC-SHA256 over "<timestamp>.<body>", hex, prefixed "sha256=". Signing the timestamp lets a
 * receiver refuse old replays; the delivery id header lets it drop repeats after a crash.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return "sha256=" + crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The webhook's `fit`: the stored values and the labels the inbox shows; null for a lead without a desk row. */
function webhookFit(lead: NotificationLead | null) {
  if (!lead?.fit) return null;
  const { tier, emailKind } = lead.fit;
  return { tier, email_kind: emailKind, labels: fitLabels({ tier, emailKind: emailKind ?? "work" }) };
}

/** The `webhook` channel: each new lead as signed JSON to LEADS_WEBHOOK_URL (docs/decisions/0103). */
export function createWebhookChannel(config: NotifierConfig): LeadChannel {
  const { webhookUrl, webhookSecret } = config.notify;
  return {
    channel: "webhook",
    configured: Boolean(webhookUrl && webhookSecret),
    async deliver(delivery, signal) {
      if (!webhookUrl || !webhookSecret) {
        throw new DeliveryError("NOT_CONFIGURED", "webhook channel is not configured (LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET)");
      }
      if (delivery.topic !== "lead_stored") throw unsupported(delivery);
      const payload = payloadOf(delivery);
      // bot_check: what the bot check said, in words a receiver can branch on (docs/decisions/0501).
      const body = JSON.stringify({
        delivery_id: delivery.id,
        kind: payload.kind,
        bot_check: botCheckToken(payload.lead?.botCheck),
        lead: payload.lead,
        fit: webhookFit(delivery.lead),
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [DELIVERY_ID_HEADER]: delivery.id,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signWebhook(webhookSecret, timestamp, body),
        },
        body,
        // A 307/308 would re-send the signed lead to wherever it points: never follow one.
        redirect: "error",
        signal: requestSignal(signal),
      });
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new DeliveryError(`HTTP_${response.status}`, `webhook answered ${response.status}`);
    },
  };
}
