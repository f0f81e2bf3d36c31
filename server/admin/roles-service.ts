import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { AssignRoleResponse, RoleRecord, UserLookupResponse } from "@shared/api/admin-api";
import { leadDeskRoles, type AppRole } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { leads, userRoles, users } from "../db/schema";
import { writeAudit, type AuditActor } from "../platform/audit-log";
import { accessNoticeMail, canSendStaffMail, queueStaffMail } from "../platform/staff-mail";
import { revokeInvitationsSentBy, roleWords, type MailConfig } from "./invitations-service";
import { rerouteOpenLeads } from "../leads/lead-reassignment";
import { CLOSED_STATUSES } from "../leads/lead-routing";
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from "../db/pg-error";

export const ROLE_MESSAGES = {
  duplicate: "This user already has this role",
  missingUser: "User ID does not exist in the system",
  assignFailed: "Failed to assign role",
  notFound: "Role record not found",
  lastAdmin: "This is the last admin role: assign the admin role to another user before removing it, so staff keep access.",
} as const;

export async function listRoles(db: Db): Promise<RoleRecord[]> {
  const rows = await db
    .select({ id: userRoles.id, userId: userRoles.userId, role: userRoles.role, createdAt: userRoles.createdAt, email: users.email })
    .from(userRoles)
    .leftJoin(users, eq(users.id, userRoles.userId))
    .orderBy(desc(userRoles.createdAt), desc(userRoles.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export type AssignResult =
  | { ok: true; record: AssignRoleResponse["record"] }
  | { ok: false; status: 409 | 422; error: string; code: string };

/** What a role means, in the e-mail telling its holder (`user` opens nothing: docs/decisions/0204). */
const roleMeaning = (role: AppRole) => (role === "user" ? "a user (no access to the admin area)" : roleWords[role]);

/**
 * Tells the person whose role changed, in the same transaction (docs/decisions/0207): queued only
 * when given the mail settings and mail can be delivered at all. The caller wakes the outbox.
 */
async function mailRoleChange(tx: Db, mail: MailConfig | undefined, actor: AuditActor, userId: string, change: (who: string) => string) {
  if (!mail || !canSendStaffMail(mail)) return;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user) await queueStaffMail(tx, mail, accessNoticeMail(mail, user.email, change(actor.email ?? "An admin")));
}

export async function assignRole(db: Db, actor: AuditActor, input: { userId: string; role: AppRole }, mail?: MailConfig): Promise<AssignResult> {
  try {
    const record = await db.transaction(async (tx) => {
      const [row] = await tx.insert(userRoles).values(input).returning();
      await writeAudit(tx, actor, { action: "role.assign", target: input.userId, details: { role: input.role, roleId: row!.id } });
      await mailRoleChange(tx, mail, actor, input.userId, (who) => `${who} gave you the ${input.role} role: you are now ${roleMeaning(input.role)}.`);
      return row!;
    });
    return { ok: true, record: { id: record.id, userId: record.userId, role: record.role, createdAt: record.createdAt.toISOString() } };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) return { ok: false, status: 409, error: ROLE_MESSAGES.duplicate, code };
    if (code === FOREIGN_KEY_VIOLATION) return { ok: false, status: 422, error: ROLE_MESSAGES.missingUser, code };
    throw error;
  }
}

export type RemoveResult = { ok: true; role: AppRole } | { ok: false; status: 404 | 409; error: string };

/**
 * Deletes a role record, refusing to remove the last admin role. For an admin role, every admin
 * row is locked in id order before counting: two removals racing for the last two admins then
 * queue on the same first row instead of each holding one row and waiting for the other's, which
 * PostgreSQL ends as a deadlock (docs/decisions/0204). The loser counts again once the winner has
 * committed and is refused as the last admin.
 *
 * Losing a role takes away what it opened (docs/decisions/0206), as deactivation does: without
 * `admin`, the open invitations they sent are revoked; without any lead-desk role, their open
 * leads are routed again (`owner_role_removed`), the new owners paged when `mail` is given. The
 * account is locked FOR UPDATE first, then their open leads, then the admin rows, as deactivation
 * locks them: a desk change giving them a lead, or a lead being routed to them (which locks their
 * account FOR SHARE and the role row FOR KEY SHARE: lead-routing.ts), is waited for and then
 * routed again, or comes second and leaves them out.
 */
export async function removeRole(db: Db, actor: AuditActor, id: string, mail?: MailConfig): Promise<RemoveResult> {
  return db.transaction(async (tx): Promise<RemoveResult> => {
    // Unlocked: only to learn whose role it is and whether the admin rows must be locked.
    const [seen] = await tx.select({ role: userRoles.role, userId: userRoles.userId }).from(userRoles).where(eq(userRoles.id, id));
    if (!seen) return { ok: false, status: 404, error: ROLE_MESSAGES.notFound };
    await tx.select({ id: users.id }).from(users).where(eq(users.id, seen.userId)).for("update");
    await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.ownerUserId, seen.userId), notInArray(leads.status, [...CLOSED_STATUSES])))
      .for("update");
    if (seen.role === "admin") {
      const admins = await lockAdminRoles(tx);
      // Removed by someone else while we waited for the lock.
      const removing = admins.find((row) => row.id === id);
      if (!removing) return { ok: false, status: 404, error: ROLE_MESSAGES.notFound };
      // A deactivated admin keeps nobody's access: only active admins count (docs/decisions/0206).
      const active = admins.filter((row) => row.deactivatedAt === null);
      if (removing.deactivatedAt === null && active.length <= 1) return { ok: false, status: 409, error: ROLE_MESSAGES.lastAdmin };
    }
    // Roles are never updated, only inserted and deleted, so the row is still the one we read.
    const [target] = await tx.delete(userRoles).where(eq(userRoles.id, id)).returning();
    if (!target) return { ok: false, status: 404, error: ROLE_MESSAGES.notFound };
    // Who still works leads (an editor role alone owns none): their leads stay; else they move.
    const left = (await tx.select({ role: userRoles.role }).from(userRoles).where(and(eq(userRoles.userId, target.userId), inArray(userRoles.role, [...leadDeskRoles])))).map((r) => r.role);
    const actorRef = actor.userId ? { userId: actor.userId, email: actor.email ?? null } : null;
    const invitationsRevoked = left.includes("admin") ? 0 : await revokeInvitationsSentBy(tx, actor, target.userId, "inviter's admin role removed");
    const routed = left.length > 0 ? null : await rerouteOpenLeads(tx, { smtpUrl: mail?.notify.smtpUrl }, actorRef, target.userId, "owner_role_removed");
    await writeAudit(tx, actor, {
      action: "role.remove",
      target: target.userId,
      details: { role: target.role, roleId: id, invitationsRevoked, ...(routed ? { reroutedLeads: routed.rerouted, unassignedLeads: routed.unassigned } : {}) },
    });
    await mailRoleChange(tx, mail, actor, target.userId, (who) => `${who} removed your ${target.role} role.`);
    return { ok: true, role: target.role };
  });
}

/**
 * Takes every admin role row, then says whose account is active: the check behind "never the last
 * active admin", shared by removing an admin role and deactivating a person (staff-access-service.ts),
 * so the two queue on the same rows. NO KEY UPDATE: those changes queue here; a statement routing a
 * lead, which holds role rows FOR KEY SHARE (lead-routing.ts), is not waited for.
 *
 * Who is active is read in a statement of its own, after the lock. Read in the locking statement,
 * the accounts would come from the snapshot it started with: a colleague's deactivation that held
 * these rows and committed while we waited would be missed, and two admins deactivating each other
 * at once would both succeed (PostgreSQL; the embedded database runs one transaction at a time).
 */
export async function lockAdminRoles(tx: Db): Promise<{ id: string; userId: string; deactivatedAt: Date | null }[]> {
  await tx.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "admin")).orderBy(asc(userRoles.id)).for("no key update");
  return tx
    .select({ id: userRoles.id, userId: userRoles.userId, deactivatedAt: users.deactivatedAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(asc(userRoles.id));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserLookupResponse["user"] | null> {
  const [user] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}
