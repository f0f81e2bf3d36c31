import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { leads } from "../db/schema";

/**
 * The lock order of a lead and what hangs off it (docs/decisions/0103, "Lock order"): every
 * transaction that touches a lead's `leads` row and its `lead_outbox` rows (or timeline) locks the
 * lead's row first, then its outbox rows, then writes its timeline. Two transactions on one lead
 * then queue on the lead's row instead of each holding what the other waits for.
 *
 * Modes: `update` where the transaction changes the lead or must see it unchanged until it commits
 * (booking reports, staff edits, the first-contact check, erasure); `key share` where it only needs
 * the lead to stay (the outbox worker recording an outcome: the lock its timeline entry's foreign
 * key would take anyway, only taken first). Several leads: oldest first (created_at, id), the order
 * lead-reassignment.ts's rerouting locks an owner's leads in.
 */
export type LeadLockMode = "update" | "key share";

/** Locks one lead's row; false when there is no such lead. */
export async function lockLead(tx: Db, leadId: string, mode: LeadLockMode): Promise<boolean> {
  const rows = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for(mode);
  return rows.length > 0;
}

/** Locks several leads' rows for update, oldest first; answers the ids of those that exist. */
export async function lockLeads(tx: Db, leadIds: string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = await tx.select({ id: leads.id }).from(leads).where(inArray(leads.id, leadIds)).orderBy(asc(leads.createdAt), asc(leads.id)).for("update");
  return rows.map((r) => r.id);
}
