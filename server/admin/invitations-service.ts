import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { InvitationRecord } from "@shared/api/admin-api";
import type { StaffRole } from "@shared/schemas/admin";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { staffInvitations, userRoles, users } from "../db/schema";
import { accessNoticeMail, queueStaffMail } from "../platform/staff-mail";
import { writeAudit, type AuditActor } from "../platform/audit-log";
import { UNIQUE_VIOLATION, pgErrorCode } from "../db/pg-error";

/** Invitations to colleagues (docs/decisions/0205). A token is 32 random bytes; only its SHA-256 is stored. */
export const INVITATION_MESSAGES = {
  alreadyStaff: "This person already has this role.",
  pending: "An invitation to this address is already pending: resend or revoke it below.",
  notFound: "Invitation not found, or no longer pending",
  invalidLink: "This invitation link is not valid. Ask the colleague who invited you for a new one.",
  expired: "This invitation link has expired. Ask the colleague who invited you to send it again.",
  used: "This invitation link has already been used. Sign in with the password you set, or use Forgot password.",
  withdrawn: "This invitation was withdrawn: the colleague who sent it can no longer give this role. Ask an admin of your team to invite you again.",
} as const;

export type MailConfig = Pick<AppConfig, "notify" | "staffMail" | "publicUrl">;

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");

/** The acceptance link: the token in the fragment, which browsers never send to a server (no access log holds it). */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/admin/accept-invitation#token=${token}`;

export const roleWords: Record<StaffRole, string> = {
  admin: "an admin (everything in the admin area)",
  moderator: "a moderator (the lead desk: inbox, leads, notes)",
  editor: "an editor (the content studio: posts and the site's pages)",
};

function invitationMail(config: MailConfig, input: { email: string; role: StaffRole; token: string; expiresAt: Date; inviter: string | null }) {
  const link = invitationLink(config.publicUrl, input.token);
  return {
    to: input.email,
    subject: "You are invited to the admin area",
    text: [
      `${input.inviter ?? "An admin"} invited you to join the team's admin area as ${roleWords[input.role]}.`,
      "",
      "Choose your password here to accept (the link works once):",
      link,
      "",
      `The link expires on ${input.expiresAt.toUTCString()} (${config.staffMail.invitationHours} hours after it was sent).`,
      "If you did not expect this invitation, ignore this e-mail: nothing happens without it.",
    ].join("\n"),
  };
}

function toRecord(row: typeof staffInvitations.$inferSelect & { inviter: string | null }, now = new Date()): InvitationRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    invitedBy: row.inviter,
  };
}

const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/**
 * Whoever sent the invitation can still give its role: an active account holding `admin` (only
 * admins invite, either role). Taking that away revokes their open invitations
 * (`revokeInvitationsSentBy`); this check also refuses one revoked by nothing, for example one
 * sent before revocation existed (docs/decisions/0205, 0206).
 */
const inviterCanGrant = sql`exists (select 1 from auth_users u join user_roles r on r.user_id = u.id
  where u.id = ${staffInvitations.invitedBy} and u.deactivated_at is null and r.role = 'admin')`;

export async function listInvitations(db: Db): Promise<InvitationRecord[]> {
  const rows = await db
    .select({ invitation: staffInvitations, inviter: users.email })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(open)
    .orderBy(desc(staffInvitations.sentAt));
  return rows.map((r) => toRecord({ ...r.invitation, inviter: r.inviter }));
}

export type InviteResult =
  | { ok: true; outcome: "invited"; invitation: InvitationRecord }
  | { ok: true; outcome: "granted"; userId: string; role: StaffRole }
  | { ok: false; status: 409; error: string };

/**
 * Invites a colleague by e-mail, or, when the address already has an account, gives that account
 * the role at once and tells its owner. The mail is queued in the same transaction (the outbox).
 */
export async function invite(db: Db, config: MailConfig, actor: AuditActor, input: { email: string; role: StaffRole }): Promise<InviteResult> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) {
    return db.transaction(async (tx): Promise<InviteResult> => {
      const granted = await tx.insert(userRoles).values({ userId: existing.id, role: input.role }).onConflictDoNothing().returning({ id: userRoles.id });
      if (granted.length === 0) return { ok: false, status: 409, error: INVITATION_MESSAGES.alreadyStaff };
      await writeAudit(tx, actor, { action: "role.assign", target: existing.id, details: { role: input.role, roleId: granted[0]!.id, email: input.email, via: "invite" } });
      await queueStaffMail(tx, config, accessNoticeMail(config, input.email, `${actor.email ?? "An admin"} gave you the ${input.role} role: you are now ${roleWords[input.role]}.`));
      return { ok: true, outcome: "granted", userId: existing.id, role: input.role };
    });
  }
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.staffMail.invitationHours * 3600_000);
  try {
    return await db.transaction(async (tx): Promise<InviteResult> => {
      const [row] = await tx
        .insert(staffInvitations)
        .values({ email: input.email, role: input.role, tokenHash: hashToken(token), expiresAt, invitedBy: actor.userId })
        .returning();
      await writeAudit(tx, actor, { action: "invitation.create", target: row!.id, details: { email: input.email, role: input.role } });
      await queueStaffMail(tx, config, invitationMail(config, { email: input.email, role: input.role, token, expiresAt, inviter: actor.email }));
      return { ok: true, outcome: "invited", invitation: toRecord({ ...row!, inviter: actor.email }) };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return { ok: false, status: 409, error: INVITATION_MESSAGES.pending };
    throw error;
  }
}

/** A new token and a new expiry for an open invitation (the old link stops working), and the mail again. */
export async function resendInvitation(db: Db, config: MailConfig, actor: AuditActor, id: string): Promise<InvitationRecord | null> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.staffMail.invitationHours * 3600_000);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      // The mail names whoever resends it as the inviter, and it is their access that it rests on now.
      .set({ tokenHash: hashToken(token), expiresAt, sentAt: sql`now()`, invitedBy: actor.userId })
      .where(and(eq(staffInvitations.id, id), open))
      .returning();
    if (!row) return null;
    await writeAudit(tx, actor, { action: "invitation.resend", target: id, details: { email: row.email, role: row.role } });
    await queueStaffMail(tx, config, invitationMail(config, { email: row.email, role: row.role as StaffRole, token, expiresAt, inviter: actor.email }));
    return toRecord({ ...row, inviter: actor.email });
  });
}

export async function revokeInvitation(db: Db, actor: AuditActor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(staffInvitations).set({ revokedAt: sql`now()` }).where(and(eq(staffInvitations.id, id), open)).returning();
    if (!row) return false;
    await writeAudit(tx, actor, { action: "invitation.revoke", target: id, details: { email: row.email, role: row.role } });
    return true;
  });
}

/**
 * Revokes every open invitation `inviterId` sent, one audit entry each, in the caller's transaction:
 * they were deactivated or lost the admin role, and an invitation must not outlive its inviter's
 * access (docs/decisions/0205). An acceptance already under way is refused by `completeAcceptance`.
 */
export async function revokeInvitationsSentBy(tx: Db, actor: AuditActor, inviterId: string, reason: "inviter deactivated" | "inviter's admin role removed"): Promise<number> {
  const rows = await tx
    .update(staffInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffInvitations.invitedBy, inviterId), open))
    .returning({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role });
  for (const row of rows) {
    await writeAudit(tx, actor, { action: "invitation.revoke", target: row.id, details: { email: row.email, role: row.role, reason, inviter: inviterId } });
  }
  return rows.length;
}

export type LinkProblem = { ok: false; status: 400 | 410; error: string; code: "INVALID_LINK" | "LINK_EXPIRED" | "LINK_USED" | "INVITATION_WITHDRAWN" };

const withdrawn: LinkProblem = { ok: false, status: 410, error: INVITATION_MESSAGES.withdrawn, code: "INVITATION_WITHDRAWN" };

/**
 * Why a token opens nothing: unknown (400), already accepted (410), its inviter no longer able to
 * give the role (410, revoked or not), revoked (400), or expired (410).
 */
async function problemWith(db: Db, tokenHash: string): Promise<LinkProblem> {
  const [row] = await db
    .select({ acceptedAt: staffInvitations.acceptedAt, revokedAt: staffInvitations.revokedAt, inviterCanGrant: sql<boolean>`${inviterCanGrant}` })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash))
    .limit(1);
  if (!row) return { ok: false, status: 400, error: INVITATION_MESSAGES.invalidLink, code: "INVALID_LINK" };
  if (row.acceptedAt) return { ok: false, status: 410, error: INVITATION_MESSAGES.used, code: "LINK_USED" };
  if (!row.inviterCanGrant) return withdrawn;
  if (row.revokedAt) return { ok: false, status: 400, error: INVITATION_MESSAGES.invalidLink, code: "INVALID_LINK" };
  return { ok: false, status: 410, error: INVITATION_MESSAGES.expired, code: "LINK_EXPIRED" };
}

/** What an open, unexpired invitation is for (the acceptance page shows it), or why the link opens nothing. */
export async function checkInvitation(db: Db, token: string): Promise<{ ok: true; email: string; role: StaffRole } | LinkProblem> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, tokenHash), open, sql`${staffInvitations.expiresAt} > now()`, inviterCanGrant))
    .limit(1);
  if (row) return { ok: true, email: row.email, role: row.role as StaffRole };
  return problemWith(db, tokenHash);
}

/**
 * Takes the invitation for this token, once: one statement marks it accepted only while it is
 * open, unexpired and its inviter can still give the role, so two acceptances racing get one winner. The caller then makes the account
 * (outside this statement: better-auth writes through its own handle) and calls `completeAcceptance`,
 * or `releaseAcceptance` if that failed.
 */
export async function claimInvitation(db: Db, token: string): Promise<{ ok: true; id: string; email: string; role: StaffRole } | LinkProblem> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(staffInvitations.tokenHash, tokenHash), open, sql`${staffInvitations.expiresAt} > now()`, inviterCanGrant))
    .returning();
  if (row) return { ok: true, id: row.id, email: row.email, role: row.role as StaffRole };
  return problemWith(db, tokenHash);
}

export async function releaseAcceptance(db: Db, id: string): Promise<void> {
  await db.update(staffInvitations).set({ acceptedAt: null }).where(eq(staffInvitations.id, id));
}

/**
 * The role granted and the acceptance recorded, in one transaction, if the inviter can still give
 * the role: their account is locked FOR SHARE and their admin role row FOR KEY SHARE first, so a
 * deactivation (which locks the account FOR UPDATE) or the removal of that role (which deletes the
 * row) in flight is waited for and then refuses this, and one that comes second waits for this.
 * Refused, the invitation is revoked (audited) and nothing is granted: false.
 */
export async function completeAcceptance(db: Db, invitation: { id: string; email: string; role: StaffRole }, userId: string, createdUser: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      select u.id from ${staffInvitations} i
        join auth_users u on u.id = i.invited_by
        join user_roles r on r.user_id = u.id and r.role = 'admin'
       where i.id = ${invitation.id}::uuid and u.deactivated_at is null
         for share of u for key share of r`);
    if (rows.length === 0) {
      await tx.update(staffInvitations).set({ acceptedAt: null, revokedAt: sql`now()` }).where(eq(staffInvitations.id, invitation.id));
      await writeAudit(tx, { userId: null, email: null }, {
        action: "invitation.revoke",
        target: invitation.id,
        details: { email: invitation.email, role: invitation.role, reason: "inviter lost access during acceptance" },
      });
      return false;
    }
    await tx.update(staffInvitations).set({ acceptedUserId: userId }).where(eq(staffInvitations.id, invitation.id));
    await tx.insert(userRoles).values({ userId, role: invitation.role }).onConflictDoNothing();
    await writeAudit(tx, { userId, email: invitation.email }, {
      action: "invitation.accept",
      target: invitation.id,
      details: { email: invitation.email, role: invitation.role, createdUser },
    });
    return true;
  });
}

/** What an acceptance refused by `completeAcceptance` answers. */
export const WITHDRAWN_PROBLEM = withdrawn;
