import { and, asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { StaffMember as StaffListMember } from "@shared/api/admin-api";
import type { AppRole } from "@shared/schemas/admin";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { accounts, leads, passkeys, sessions, twoFactors, userRoles, users, verifications } from "../db/schema";
import { MAIL_UNAVAILABLE_MESSAGE, accessNoticeMail, canSendStaffMail, queueStaffMail } from "../platform/staff-mail";
import { writeAudit, type AuditActor } from "../platform/audit-log";
import { revokeInvitationsSentBy } from "./invitations-service";
import { lockAdminRoles } from "./roles-service";
import { rerouteOpenLeads } from "../leads/lead-reassignment";
import { CLOSED_STATUSES } from "../leads/lead-routing";

/** Taking a staff member's access away, and giving it back (docs/decisions/0206). */
export const STAFF_ACCESS_MESSAGES = {
  notFound: "Staff member not found",
  lastAdmin: "This is the last active admin: make someone else an admin before deactivating them, so staff keep access.",
  self: "You cannot deactivate your own account: ask another admin.",
  already: "Already deactivated",
  notDeactivated: "This account is active",
  selfSessions: "Your own sessions are on your account page: sign out the other devices there.",
  selfFactors: "You cannot reset your own sign-in methods: ask another admin.",
} as const;

/** Everyone holding any role, with their roles, whether deactivated, and how many leads they own. */
export async function listStaff(db: Db): Promise<StaffListMember[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, deactivatedAt: users.deactivatedAt, role: userRoles.role })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(asc(users.email));
  const owned = await db
    .select({ ownerId: leads.ownerUserId, n: count() })
    .from(leads)
    .where(inArray(leads.ownerUserId, rows.length > 0 ? [...new Set(rows.map((r) => r.id))] : ["00000000-0000-0000-0000-000000000000"]))
    .groupBy(leads.ownerUserId);
  const byId = new Map<string, StaffListMember>();
  for (const row of rows) {
    const member = byId.get(row.id) ?? {
      userId: row.id,
      email: row.email,
      name: row.name,
      roles: [] as AppRole[],
      deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
      ownedLeads: Number(owned.find((o) => o.ownerId === row.id)?.n ?? 0),
    };
    member.roles.push(row.role);
    byId.set(row.id, member);
  }
  return [...byId.values()];
}

export type AccessResult =
  | { ok: true; member: { userId: string; email: string; ownedLeads: number; reroutedLeads: number; unassignedLeads: number } }
  | { ok: false; status: 400 | 404 | 409; error: string }
  | { ok: false; status: 503; error: string; code: "MAIL_NOT_CONFIGURED" };

/**
 * Deactivates: stamps the account, deletes every session of it (the next request of any of its
 * browsers answers 401: sessions are read from the database on every request, with no cookie
 * cache), audits, and tells the person by e-mail. The last active admin is refused under the same
 * row locks as removing the last admin role (roles-service.ts). Their open leads are routed again
 * in the same transaction (docs/decisions/0711): each to the next person in its rotation, or left
 * Unassigned when nobody is in rotation; closed leads stay theirs. `ownedLeads` is what they still
 * own afterwards (closed leads), as the staff list shows it.
 *
 * Every way into the account goes with it (docs/decisions/0206), so that reactivating a
 * compromised account brings none back: its password (the credential account), its passkeys, its
 * linked Google or Microsoft identities, and its pending reset links and half-way sign-ins
 * (better-auth's verification rows holding its id). Its authenticator app stays: a second factor
 * opens nothing alone, and "Reset sign-in methods" removes it. Open invitations it sent are revoked.
 */
export async function deactivateStaff(db: Db, config: Pick<AppConfig, "notify" | "staffMail" | "publicUrl">, actor: AuditActor, userId: string): Promise<AccessResult> {
  if (actor.userId === userId) return { ok: false, status: 400, error: STAFF_ACCESS_MESSAGES.self };
  return db.transaction(async (tx): Promise<AccessResult> => {
    const [target] = await tx.select({ id: users.id, email: users.email, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (!target) return { ok: false, status: 404, error: STAFF_ACCESS_MESSAGES.notFound };
    if (target.deactivatedAt) return { ok: false, status: 409, error: STAFF_ACCESS_MESSAGES.already };
    // Their open leads before the admin role rows: a desk change takes a lead, then its new owner's
    // role; taken the other way round the two could deadlock (review finding).
    await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.ownerUserId, userId), notInArray(leads.status, [...CLOSED_STATUSES])))
      .for("update");
    const admins = await lockAdminRoles(tx);
    const activeAdmins = admins.filter((a) => a.deactivatedAt === null);
    if (activeAdmins.some((a) => a.userId === userId) && activeAdmins.length <= 1) return { ok: false, status: 409, error: STAFF_ACCESS_MESSAGES.lastAdmin };
    await tx.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    const ways = await tx.delete(accounts).where(eq(accounts.userId, userId)).returning({ providerId: accounts.providerId });
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    const pending = await tx.delete(verifications).where(eq(verifications.value, userId)).returning({ id: verifications.id });
    const signInMethodsRemoved = {
      password: ways.some((w) => w.providerId === "credential"),
      passkeys: keys.length,
      singleSignOn: ways.filter((w) => w.providerId !== "credential").map((w) => w.providerId),
      pendingLinks: pending.length,
    };
    const actorRef = actor.userId ? { userId: actor.userId, email: actor.email ?? null } : null;
    const invitationsRevoked = await revokeInvitationsSentBy(tx, actor, userId, "inviter deactivated");
    const { rerouted, unassigned } = await rerouteOpenLeads(tx, config.notify, actorRef, userId, "owner_deactivated");
    const [owned] = await tx.select({ n: count() }).from(leads).where(eq(leads.ownerUserId, userId));
    const ownedLeads = Number(owned?.n ?? 0);
    await writeAudit(tx, actor, {
      action: "staff.deactivate",
      target: userId,
      details: { email: target.email, sessionsEnded: ended.length, signInMethodsRemoved, invitationsRevoked, ownedLeads, reroutedLeads: rerouted, unassignedLeads: unassigned },
    });
    if (canSendStaffMail(config)) {
      await queueStaffMail(tx, config, accessNoticeMail(config, target.email, `${actor.email ?? "An admin"} deactivated your account: you can no longer sign in to the admin area.`));
    }
    return { ok: true, member: { userId, email: target.email, ownedLeads, reroutedLeads: rerouted, unassignedLeads: unassigned } };
  });
}

/**
 * Reactivates: clears the stamp, audits and tells the person, then mails them a link to set a new
 * password (`mailPasswordLink`: better-auth's own reset token and page, server/auth/auth.ts), their
 * only way back in, since deactivation removed the old ones (docs/decisions/0206). Where no mail
 * can be sent the account stays deactivated (503): it could not be signed in to anyway.
 */
export async function reactivateStaff(
  db: Db,
  config: Pick<AppConfig, "notify" | "staffMail" | "publicUrl">,
  actor: AuditActor,
  userId: string,
  mailPasswordLink: (email: string) => Promise<void>,
): Promise<AccessResult> {
  const result = await db.transaction(async (tx): Promise<AccessResult> => {
    const [target] = await tx.select({ email: users.email, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (!target) return { ok: false, status: 404, error: STAFF_ACCESS_MESSAGES.notFound };
    if (!target.deactivatedAt) return { ok: false, status: 409, error: STAFF_ACCESS_MESSAGES.notDeactivated };
    if (!canSendStaffMail(config)) return { ok: false, status: 503, error: MAIL_UNAVAILABLE_MESSAGE, code: "MAIL_NOT_CONFIGURED" };
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, userId));
    await writeAudit(tx, actor, { action: "staff.reactivate", target: userId, details: { email: target.email, passwordLinkMailed: true } });
    await queueStaffMail(
      tx,
      config,
      accessNoticeMail(
        config,
        target.email,
        `${actor.email ?? "An admin"} reactivated your account. Its old password, passkeys and single sign-on links were removed when it was deactivated: set a new password with the link in the separate e-mail "Set a password for your admin account".`,
      ),
    );
    return { ok: true, member: { userId, email: target.email, ownedLeads: 0, reroutedLeads: 0, unassignedLeads: 0 } };
  });
  // After the commit: better-auth writes its token through its own handle, and mails only an active account.
  if (result.ok) await mailPasswordLink(result.member.email);
  return result;
}

type MailConfig = Pick<AppConfig, "notify" | "staffMail" | "publicUrl">;

export type SessionsEndedResult = { ok: true; email: string; sessionsEnded: number } | { ok: false; status: 400 | 404; error: string };

/**
 * An admin ends every session of a colleague (docs/decisions/0207): better-auth's own
 * `internalAdapter.deleteUserSessions`, the call its admin plugin's revokeUserSessions makes (that
 * plugin is not used: decision 0204). Audited and e-mailed to them.
 */
export async function endStaffSessions(
  db: Db,
  config: MailConfig,
  deleteSessions: (userId: string) => Promise<void>,
  actor: AuditActor,
  userId: string,
): Promise<SessionsEndedResult> {
  if (actor.userId === userId) return { ok: false, status: 400, error: STAFF_ACCESS_MESSAGES.selfSessions };
  const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!target) return { ok: false, status: 404, error: STAFF_ACCESS_MESSAGES.notFound };
  const [open] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  await deleteSessions(userId);
  const sessionsEnded = Number(open?.n ?? 0);
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, { action: "staff.sessions.revoke", target: userId, details: { email: target.email, sessionsEnded } });
    if (canSendStaffMail(config)) {
      await queueStaffMail(tx, config, accessNoticeMail(config, target.email, `${actor.email ?? "An admin"} signed you out of the admin area on every device. Sign in again to continue.`));
    }
  });
  return { ok: true, email: target.email, sessionsEnded };
}

export type FactorsResetResult =
  | { ok: true; email: string; twoFactorRemoved: boolean; passkeysRemoved: number; sessionsEnded: number }
  | { ok: false; status: 400 | 404; error: string };

/**
 * An admin resets a colleague's second factor and passkeys (they lost their phone or security
 * key; docs/decisions/0207): the TOTP secret and backup codes, every passkey, and every session
 * (the lost device may be signed in) go in one transaction, audited and e-mailed. Their password
 * stays: they sign in with it and set up a new factor (where one is required, the admin area
 * opens on the set-up page).
 */
export async function resetSignInFactors(db: Db, config: MailConfig, actor: AuditActor, userId: string): Promise<FactorsResetResult> {
  if (actor.userId === userId) return { ok: false, status: 400, error: STAFF_ACCESS_MESSAGES.selfFactors };
  return db.transaction(async (tx): Promise<FactorsResetResult> => {
    const [target] = await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId)).returning({ email: users.email });
    if (!target) return { ok: false, status: 404, error: STAFF_ACCESS_MESSAGES.notFound };
    const totp = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id });
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    const result = { twoFactorRemoved: totp.length > 0, passkeysRemoved: keys.length, sessionsEnded: ended.length };
    await writeAudit(tx, actor, { action: "staff.factors.reset", target: userId, details: { email: target.email, ...result } });
    if (canSendStaffMail(config)) {
      const change = `${actor.email ?? "An admin"} reset your sign-in methods: your authenticator app and your passkeys no longer work, and you were signed out everywhere. Sign in with your password and set up a new second factor.`;
      await queueStaffMail(tx, config, accessNoticeMail(config, target.email, change));
    }
    return { ok: true, email: target.email, ...result };
  });
}
