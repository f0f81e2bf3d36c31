import { desc } from "drizzle-orm";
import type { AuditEntry } from "@shared/api/admin-api";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

export type AuditActor = { userId: string | null; email: string | null };

export type AuditAction =
  | "role.assign"
  | "role.remove"
  | "bookings.export"
  | "admin.create"
  | "notifications.retry"
  // The lead desk (server/admin/lead-desk-service.ts, docs/decisions/0701): target is the lead's id.
  | "leads.export"
  | "lead.status"
  | "lead.owner"
  | "lead.note"
  // A person's data on request (server/admin/privacy-service.ts): counts only, never the address.
  | "privacy.export"
  | "privacy.erase"
  // A staff member's own lead-routing settings (docs/decisions/0711): target is their user id.
  | "lead.routing"
  // Staff sign-in (server/auth/auth-audit.ts, docs/decisions/0202).
  | "auth.sign-in"
  | "auth.sign-in.failed"
  | "auth.sign-in.locked"
  | "auth.sign-out"
  | "auth.two-factor.enabled"
  | "auth.two-factor.disabled"
  | "auth.two-factor.backup-codes"
  // Passkeys and sessions (docs/decisions/0207).
  | "auth.passkey.added"
  | "auth.passkey.removed"
  | "auth.sessions.revoke"
  | "staff.sessions.revoke"
  | "staff.factors.reset"
  // A Google or Microsoft account linked for single sign-on (server/auth/staff-sso.ts, docs/decisions/0215).
  | "auth.sign-in-method.linked"
  // Staff self-service (docs/decisions/0205, 0206): invitations, password resets, access taken away.
  | "invitation.create"
  | "invitation.resend"
  | "invitation.revoke"
  | "invitation.accept"
  | "auth.password.reset"
  | "staff.deactivate"
  | "staff.reactivate";

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

export const AUDIT_LIST_LIMIT = 100;

/** The most recent entries, newest first (read-only on the users page). */
export async function listAudit(db: Db): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(AUDIT_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    target: row.target,
    details: row.details as Record<string, unknown> | null,
  }));
}
