import type { Db } from "../db/client";
import { DeliveryError } from "../platform/delivery-error";
import { createMailTransport } from "../platform/mail-transport";
import { createStaffMailChannel } from "../platform/outbox/staff-mail-channel";
import { createEmailChannel } from "./channels/email-channel";
import { createHubSpotLeadChannel } from "./channels/hubspot-channel";
import type { DeliveryReceipt, LeadChannel, NotifierConfig, OutboxDelivery } from "./channels/lead-delivery";
import { mailHost } from "./channels/lead-mail";
import { createOwnerEmailChannel } from "./channels/owner-email-channel";
import { createProspectEmailChannel } from "./channels/prospect-email-channel";
import { createSlackChannel } from "./channels/slack-channel";
import { createWebhookChannel } from "./channels/webhook-channel";
import type { NotificationChannel } from "./lead-service";

export type Notifier = {
  /** Channels this process can deliver; rows for other channels wait until configured. */
  channels: NotificationChannel[];
  /** Must stop and reject when `signal` aborts (the worker's deadline for one delivery). */
  deliver: (delivery: OutboxDelivery, signal?: AbortSignal) => Promise<DeliveryReceipt | void>;
  close: () => void;
};

/**
 * What the notifier may use besides its configuration: the database, for channels that keep state
 * on the lead (HubSpot stores its record ids: docs/decisions/0720). Without it they stay off.
 */
export type NotifierDeps = { db?: Db };

/**
 * The lead outbox's channels (server/leads/channels/, and staff mail from server/platform/outbox/),
 * each on where the configuration sets it up. The mail channels share one SMTP transport; staff
 * mail without one goes to the development mailbox (server/platform/staff-mail.ts).
 */
export function createNotifier(config: NotifierConfig, deps: NotifierDeps = {}): Notifier {
  const transport = createMailTransport(config.notify);
  const handlers: LeadChannel[] = [
    createHubSpotLeadChannel(config, deps.db),
    createEmailChannel(config, transport),
    createWebhookChannel(config),
    createSlackChannel(config),
    createProspectEmailChannel(config, transport),
    createOwnerEmailChannel(config, transport),
    createStaffMailChannel({ transport, from: config.staffMail.from, mailboxDir: config.staffMail.mailboxDir, host: mailHost(config.notify.from) }),
  ];
  const byChannel = new Map<string, LeadChannel>(handlers.map((handler) => [handler.channel, handler]));
  return {
    channels: handlers.filter((handler) => handler.configured).map((handler) => handler.channel),
    close: () => transport?.close(),
    async deliver(delivery, signal) {
      const handler = byChannel.get(delivery.channel);
      if (!handler) throw new DeliveryError("UNKNOWN_CHANNEL", `unknown channel ${delivery.channel}`);
      return handler.deliver(delivery, signal);
    },
  };
}
