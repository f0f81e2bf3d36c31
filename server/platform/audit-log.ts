import { and, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditLogResponse } from "@shared/api/admin-api";
import type { AuditAction as SharedAuditAction, AuditFilters } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { afterCursor, containsPattern, cursorTimestamp, dayEnd, dayStart, encodeCursor, newestFirst, type Cursor } from "./keyset-cursor";

export type AuditActor = { userId: string | null; email: string | null };

/** What happened: the list (and its comments) is shared with the users page (shared/schemas/admin.ts). */
export type AuditAction = SharedAuditAction;

export async function writeAudit(
  db: Db,
  actor: AuditActor,
  entry: { action: AuditAction; target?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
  });
}

function filterConditions(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(ilike(auditLog.actorEmail, containsPattern(filters.actor)));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) conditions.push(gte(auditLog.createdAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, dayEnd(filters.to)));
  return conditions;
}

/**
 * One page of the entries that match, newest first, and the cursor of the next page (null on the
 * last): keyset pages on (created_at, id) as the admin lists (docs/decisions/0203), on the
 * audit_log indexes of the same order.
 */
export async function listAudit(db: Db, filters: AuditFilters, cursor: Cursor | null, limit: number): Promise<AuditLogResponse> {
  const conditions = filterConditions(filters);
  if (cursor) conditions.push(afterCursor(auditLog.createdAt, auditLog.id, cursor));
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorTs: cursorTimestamp(auditLog.createdAt),
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorTs: _ts, ...row }) => toEntry(row)),
    nextCursor: rows.length > limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null,
  };
}

export function toEntry(row: Pick<typeof auditLog.$inferSelect, "id" | "createdAt" | "actorEmail" | "action" | "target" | "details">): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    target: row.target,
    details: isRecord(row.details) ? row.details : null,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Deletes the entries older than AUDIT_RETENTION_DAYS (the outbox worker's housekeeping, every
 * 10 minutes); answers how many went.
 */
export async function pruneAuditLog(db: Db, retentionDays: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(sql`${auditLog.createdAt} < now() - make_interval(days => ${retentionDays})`)
    .returning({ id: auditLog.id });
  return gone.length;
}
