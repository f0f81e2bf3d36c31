import { count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type {
  NotificationChannelName,
  NotificationLeadKind,
  NotificationTopicName,
  UndeliverableNotification,
  UndeliverableNotificationsResponse,
} from "@shared/api/admin-notifications-api";
import type { Db } from "../db/client";
import { leadOutbox } from "../db/schema";
import { signalNotificationsRequeued } from "../platform/outbox-signal";
import { writeAudit, type AuditActor } from "../platform/audit-log";

export const UNDELIVERABLE_LIST_LIMIT = 100;

/** Dead letters, the most recent first: ids, kinds, counts and codes only, never the payload. */
export async function listUndeliverable(db: Db): Promise<UndeliverableNotificationsResponse> {
  const rows = await db
    .select({
      id: leadOutbox.id,
      leadKind: leadOutbox.leadKind,
      leadId: leadOutbox.leadId,
      channel: leadOutbox.channel,
      topic: leadOutbox.topic,
      attempts: leadOutbox.attempts,
      lastError: leadOutbox.lastError,
      createdAt: leadOutbox.createdAt,
      deadAt: leadOutbox.deadAt,
    })
    .from(leadOutbox)
    .where(isNotNull(leadOutbox.deadAt))
    .orderBy(desc(leadOutbox.deadAt), desc(leadOutbox.id))
    .limit(UNDELIVERABLE_LIST_LIMIT);
  const [total] = await db.select({ n: count() }).from(leadOutbox).where(isNotNull(leadOutbox.deadAt));
  const items: UndeliverableNotification[] = rows.map((row) => ({
    id: row.id,
    leadKind: row.leadKind as NotificationLeadKind,
    leadId: row.leadId,
    channel: row.channel as NotificationChannelName,
    topic: row.topic as NotificationTopicName,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.deadAt!.toISOString(),
  }));
  return { items, total: Number(total?.n ?? 0) };
}

/**
 * Back in the queue as a new notification would be: due now, a full set of attempts. The last
 * error stays until a delivery succeeds, so a retry that fails again still shows why.
 */
const requeued = {
  deadAt: null,
  attempts: 0,
  nextAttemptAt: sql`now()`,
  lockedUntil: null,
  claimToken: null,
};

export type RetryResult = { ok: true } | { ok: false; status: 404 | 409; error: string };

export async function retryUndeliverable(db: Db, actor: AuditActor, id: string): Promise<RetryResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ channel: leadOutbox.channel, topic: leadOutbox.topic, leadKind: leadOutbox.leadKind, attempts: leadOutbox.attempts, lastError: leadOutbox.lastError, deadAt: leadOutbox.deadAt })
      .from(leadOutbox)
      .where(eq(leadOutbox.id, id))
      .for("update");
    if (!row) return { ok: false, status: 404, error: "No notification with this ID" } as const;
    if (!row.deadAt) return { ok: false, status: 409, error: "This notification is not undeliverable: it is queued or already delivered" } as const;
    await tx.update(leadOutbox).set(requeued).where(eq(leadOutbox.id, id));
    await writeAudit(tx, actor, {
      action: "notifications.retry",
      target: id,
      details: { channel: row.channel, topic: row.topic, leadKind: row.leadKind, attempts: row.attempts, lastError: row.lastError },
    });
    return { ok: true } as const;
  });
  if (result.ok) signalNotificationsRequeued();
  return result;
}

export async function retryAllUndeliverable(db: Db, actor: AuditActor): Promise<number> {
  const ids = await db.transaction(async (tx) => {
    const rows = await tx.update(leadOutbox).set(requeued).where(isNotNull(leadOutbox.deadAt)).returning({ id: leadOutbox.id });
    if (rows.length > 0) await writeAudit(tx, actor, { action: "notifications.retry", target: null, details: { all: true, count: rows.length } });
    return rows;
  });
  if (ids.length > 0) signalNotificationsRequeued();
  return ids.length;
}
