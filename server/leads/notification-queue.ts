import { and, eq, sql } from "drizzle-orm";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { leadOutbox, leads } from "../db/schema";
import type { LeadKind, NotificationChannel, NotificationTopic } from "./lead-service";

/**
 * What the Slack message of a `meeting_booked` notification reads from its payload: the meeting's
 * start (ISO 8601; when null or missing, the lead's current meeting, leads.meeting_starts_at) and
 * whether it replaced an earlier one. Name, company and source come from the lead desk's row when
 * it is delivered; other fields are ignored.
 */
export type MeetingBookedPayload = { meetingStartsAt: string | null; rescheduled?: boolean };

/**
 * Queues a notification about a lead after it was stored (a booked meeting: decisions 0701, 0704)
 * on the channels given, once per (lead, channel, topic, topicRef): queuing it again changes
 * nothing. New leads queue theirs in the statement that stores them (lead-service.ts).
 * Pass the transaction's handle when it belongs to a change made in one; the worker is woken
 * after the caller's commit by `wakeOutbox()`.
 */
export async function queueLeadNotification(
  db: Db,
  notification: {
    leadId: string;
    leadKind: LeadKind;
    channels: NotificationChannel[];
    topic: NotificationTopic;
    topicRef?: string;
    payload: Record<string, unknown>;
    dueAt?: Date;
    /** Due this many seconds after the database's now() (instead of dueAt): one clock for every instance. */
    dueInSeconds?: number;
  },
): Promise<number> {
  if (notification.channels.length === 0) return 0;
  const rows = await db
    .insert(leadOutbox)
    .values(
      notification.channels.map((channel) => ({
        leadKind: notification.leadKind,
        leadId: notification.leadId,
        channel,
        topic: notification.topic,
        topicRef: notification.topicRef ?? "",
        payload: notification.payload,
        nextAttemptAt:
          notification.dueInSeconds !== undefined
            ? sql`now() + make_interval(secs => ${notification.dueInSeconds}::float8)`
            : (notification.dueAt ?? sql`now()`),
      })),
    )
    .onConflictDoNothing({ target: [leadOutbox.leadId, leadOutbox.channel, leadOutbox.topic, leadOutbox.topicRef] })
    .returning({ id: leadOutbox.id });
  return rows.length;
}

/**
 * The channels a booked meeting is announced on: Slack, where configured (decision 0704), except
 * for a lead sent without JavaScript while the bot check is on (`no_script`): Slack is held for it
 * as for its new-lead notice (docs/decisions/0501); the inbox shows the meeting.
 */
export function meetingChannels(notify: AppConfig["notify"], botCheck: BotCheckOutcome | null): NotificationChannel[] {
  return notify.slackWebhookUrl && botCheck !== "no_script" ? ["slack"] : [];
}

/** A booking lead's bot check; null when recorded before it was, and for any other lead. */
export async function bookingBotCheck(db: Db, leadId: string): Promise<BotCheckOutcome | null> {
  const [row] = await db.select({ botCheck: leads.botCheck }).from(leads).where(and(eq(leads.id, leadId), eq(leads.kind, "booking_inquiry")));
  return row?.botCheck ?? null;
}
