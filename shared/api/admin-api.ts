import type { z } from "zod";
import type {
  AppRole,
  StaffRole,
  assignRoleSchema,
  auditLogQuerySchema,
  auditLogSearchSchema,
  BookingSourceForm,
  bookingFiltersSchema,
  bookingsListQuerySchema,
  findUserSchema,
} from "../schemas/admin";
import type { LeadEvidence } from "./lead-desk-api";

/**
 * The contract of the staff API under /api/admin: what the server answers and what the admin
 * screens send. The server's answers `satisfies` these types; the client reads them.
 */

/**
 * Every error answer of /api/admin/*, whatever its status (400, 401, 403, 404, 409, 413, 415, 422,
 * 500): a message to show, a machine-readable code where the client branches on one, and for
 * invalid input the first message per field, keyed like the form's fields.
 */
export type AdminApiError = { error: string; code?: string; fieldErrors?: Record<string, string> };

// Requests ---------------------------------------------------------------------------------------

/** POST /api/admin/bookings/search, JSON body (empty values count as absent; never in a URL). */
export type BookingsListQuery = z.input<typeof bookingsListQuerySchema>;
/** POST /api/admin/bookings/export, JSON body. */
export type BookingsExportBody = z.input<typeof bookingFiltersSchema>;
/** POST /api/admin/roles, JSON body. */
export type AssignRoleBody = z.input<typeof assignRoleSchema>;
/** POST /api/admin/users/lookup, JSON body (an e-mail address never goes into a URL). */
export type UserLookupBody = z.input<typeof findUserSchema>;
/** POST /api/admin/audit-log/search, JSON body: filters (the actor is part of an address) and page. */
export type AuditLogSearchBody = z.input<typeof auditLogSearchSchema>;
/** GET /api/admin/audit-log's query string: the same without the actor. */
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

// Responses --------------------------------------------------------------------------------------

/**
 * The signed-in staff member. `twoFactorRequired`: the deployment requires two-factor sign-in of
 * every staff member (ADMIN_REQUIRE_TWO_FACTOR); without TOTP or a passkey, every admin call but
 * GET /me answers 403 TWO_FACTOR_REQUIRED (docs/decisions/0202, 0207).
 */
export type AdminUser = {
  userId: string;
  email: string;
  name: string;
  /**
   * The strongest staff role held: `admin` opens everything, `moderator` the lead desk only
   * (docs/decisions/0204), `editor` the content studio only (0903).
   */
  role: StaffRole;
  /** Every staff role held, strongest first: someone may both work leads and edit content. */
  roles: StaffRole[];
  twoFactorEnabled: boolean;
  /** Passkeys on the account: one satisfies the two-factor requirement (docs/decisions/0207). */
  passkeys: number;
  twoFactorRequired: boolean;
};
/** GET /api/admin/me */
export type AdminSessionResponse = { user: AdminUser };

/** One booking inquiry: every stored field except the internal idempotency key. */
export type Booking = {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  name: string;
  workEmail: string;
  companyName: string;
  jobTitle: string;
  aiGoal: string | null;
  totalCalls: number | null;
  tcpaConsent: boolean;
  sourceForm: BookingSourceForm;
  consentTextVersion: string;
} & LeadEvidence;
/** POST /api/admin/bookings/search: newest first; `nextCursor` is null on the last page. */
export type BookingsPage = { items: Booking[]; nextCursor: string | null };

/** A role held by a user; `email` is null when the user is gone. */
export type RoleRecord = { id: string; userId: string; role: AppRole; createdAt: string; email: string | null };
/** GET /api/admin/roles, newest first. */
export type RolesResponse = { items: RoleRecord[] };
/** POST /api/admin/roles (201). */
export type AssignRoleResponse = { record: Omit<RoleRecord, "email"> };
/** DELETE /api/admin/roles/:id */
export type RemoveRoleResponse = { removed: string; role: AppRole };

/** POST /api/admin/users/lookup */
export type UserLookupResponse = { user: { id: string; email: string; name: string } };

export type AuditEntry = {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
};
/**
 * GET /api/admin/audit-log and POST /api/admin/audit-log/search: one page of the entries that
 * match, newest first (at most `limit`, 100 unless asked); `nextCursor` is null on the last page.
 */
export type AuditLogResponse = { items: AuditEntry[]; nextCursor: string | null };

/** A pending (or expired) invitation, as /admin/users lists it (docs/decisions/0205). */
export type InvitationRecord = {
  id: string;
  email: string;
  role: StaffRole;
  /** ISO 8601. */
  sentAt: string;
  expiresAt: string;
  expired: boolean;
  invitedBy: string | null;
};
/** GET /api/admin/invitations: open invitations, newest first. */
export type InvitationsResponse = { items: InvitationRecord[] };
/**
 * POST /api/admin/invitations: `invited` (201, an e-mail with a link is on its way) or `granted`
 * (200, the address already had an account: it was given the role and told by e-mail).
 */
export type InviteResponse = { outcome: "invited"; invitation: InvitationRecord } | { outcome: "granted"; userId: string; role: StaffRole };
/** POST /api/staff/invitations/check: what the acceptance page shows before the password is typed. */
export type InvitationCheckResponse = { email: string; role: StaffRole };
/** POST /api/staff/invitations/accept: signed in (cookie set) and where to go. */
export type AcceptInvitationResponse = { email: string; role: StaffRole; signedIn: boolean };

/** GET /api/admin/staff: everyone holding a role (docs/decisions/0206). */
export type StaffMember = {
  userId: string;
  email: string;
  name: string;
  roles: AppRole[];
  /** ISO 8601 when deactivated, else null. */
  deactivatedAt: string | null;
  /** Leads this person owns: after deactivation, the ones to reassign. */
  ownedLeads: number;
};
export type StaffListResponse = { items: StaffMember[] };

/** One signed-in device of the signed-in staff member (GET /api/admin/me/sessions): never its token. */
export type OwnSession = {
  id: string;
  /** The browser's User-Agent as sent at sign-in, or null. */
  userAgent: string | null;
  ipAddress: string | null;
  /** ISO 8601: signed in. */
  createdAt: string;
  /** ISO 8601: last seen (renewed at most hourly while in use). */
  lastActiveAt: string;
  /** The session this request came with. */
  current: boolean;
};
export type OwnSessionsResponse = { items: OwnSession[] };
/** POST /api/admin/me/sessions/:id/revoke and /api/admin/me/sessions/revoke-others. */
export type OwnSessionsRevokedResponse = { revoked: number };
/** POST /api/admin/staff/:userId/sessions/revoke (admin). */
export type StaffSessionsEndedResponse = { userId: string; email: string; sessionsEnded: number };
/** POST /api/admin/staff/:userId/reset-factors (admin). */
export type StaffFactorsResetResponse = { userId: string; email: string; twoFactorRemoved: boolean; passkeysRemoved: number; sessionsEnded: number };
/** POST /api/admin/staff/:userId/deactivate and …/reactivate. */
export type StaffAccessResponse = {
  userId: string;
  email: string;
  deactivated: boolean;
  /** Leads they still own: after deactivation, their closed leads (the open ones were routed again). */
  ownedLeads: number;
  /** Deactivation (docs/decisions/0711): open leads given to the next person in rotation, and those left Unassigned for want of anyone. */
  reroutedLeads: number;
  unassignedLeads: number;
};
