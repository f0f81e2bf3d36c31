import { sql } from "drizzle-orm";
import type { LeadTimelineType } from "@shared/api/lead-desk-api";
import type { Db } from "../db/client";
import { leadEvents } from "../db/schema";

/** Who did it: a staff member, or null for the visitor, the scheduler and the system. */
export type TimelineActor = { userId: string; email: string } | null;

/**
 * Appends one entry to a lead's timeline (docs/decisions/0701). With a `dedupeKey`, an entry that
 * was already written under that key (a repeated webhook, the page and the webhook reporting the
 * same booking, a repeated outbox delivery) is not written again: answers whether it was written.
 * Pass the transaction's handle when the entry belongs to a change made in one.
 */
export async function appendLeadEvent(
  db: Db,
  entry: { leadId: string; type: LeadTimelineType; actor?: TimelineActor; data?: Record<string, unknown>; dedupeKey?: string; at?: Date },
): Promise<boolean> {
  const rows = await db
    .insert(leadEvents)
    .values({
      leadId: entry.leadId,
      type: entry.type,
      actorUserId: entry.actor?.userId ?? null,
      actorEmail: entry.actor?.email ?? null,
      data: entry.data ?? {},
      dedupeKey: entry.dedupeKey ?? null,
      ...(entry.at ? { at: entry.at } : { at: sql`now()` }),
    })
    .onConflictDoNothing({ target: leadEvents.dedupeKey })
    .returning({ id: leadEvents.id });
  return rows.length > 0;
}
