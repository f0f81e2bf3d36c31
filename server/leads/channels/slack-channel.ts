import { DeliveryError, parseRetryAfter } from "../../platform/delivery-error";
import { requestSignal } from "../../platform/outbox/outbox-channel";
import { slackMessage, type NotificationLead } from "../slack-message";
import { leadOf, leadUrl, payloadOf, unsupported, type LeadChannel, type NotifierConfig, type OutboxDelivery } from "./lead-delivery";

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

/** A booked meeting as its notification tells it (MeetingBookedPayload); its start else the desk's current meeting. */
function meetingOf(delivery: OutboxDelivery, lead: NotificationLead): { startsAt: Date | null; rescheduled: boolean } {
  const payload = (delivery.payload ?? {}) as { meetingStartsAt?: unknown; rescheduled?: unknown };
  const date = typeof payload.meetingStartsAt === "string" ? new Date(payload.meetingStartsAt) : null;
  return { startsAt: date && !Number.isNaN(date.getTime()) ? date : lead.meetingStartsAt, rescheduled: payload.rescheduled === true };
}

/** The `slack` channel: staff's Slack channel (SLACK_WEBHOOK_URL) hears of every staff topic. */
export function createSlackChannel(config: NotifierConfig): LeadChannel {
  const url = config.notify.slackWebhookUrl;
  return {
    channel: "slack",
    configured: Boolean(url),
    async deliver(delivery, signal) {
      if (!url) throw new DeliveryError("NOT_CONFIGURED", "slack channel is not configured (SLACK_WEBHOOK_URL)");
      if (delivery.topic === "prospect_reminder") throw unsupported(delivery);
      const lead = leadOf(delivery);
      const message = slackMessage(delivery.topic, lead, {
        leadUrl: leadUrl(config, delivery),
        followUpMinutes: config.leads.followUpMinutes,
        firstContactMinutes: config.leads.firstContactMinutes,
        meeting: delivery.topic === "meeting_booked" ? meetingOf(delivery, lead) : null,
        // The new lead, its follow-up and the enterprise alert carry the stored lead; a booked
        // meeting and a first-contact alert do not, and name the one their claim read.
        botCheck: payloadOf(delivery).lead?.botCheck ?? lead.botCheck ?? null,
      });
      return postToSlack(url, message, signal);
    },
  };
}
