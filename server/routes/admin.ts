import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type {
  AdminSessionResponse,
  AssignRoleResponse,
  AuditLogResponse,
  BookingsPage,
  InvitationsResponse,
  InviteResponse,
  OwnSessionsResponse,
  OwnSessionsRevokedResponse,
  StaffFactorsResetResponse,
  StaffSessionsEndedResponse,
  StaffAccessResponse,
  StaffListResponse,
  RemoveRoleResponse,
  RolesResponse,
  UserLookupResponse,
} from "@shared/api/admin-api";
import {
  assignRoleSchema,
  auditLogQuerySchema,
  auditLogSearchSchema,
  bookingFiltersSchema,
  bookingsListQuerySchema,
  findUserSchema,
  inviteSchema,
  staffRoles,
} from "@shared/schemas/admin";
import { mailPasswordLink, type Auth } from "../auth/auth";
import { invalidInput, jsonBody } from "../http/validation";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, type AdminEnv } from "../admin/require-admin";
import { listBookings, startBookingsCsv } from "../admin/bookings-service";
import { withDecodedCursor } from "../platform/keyset-cursor";
import { utcDay } from "@shared/utc-day";
import { assignRole, findUserByEmail, listRoles, removeRole } from "../admin/roles-service";
import { listAudit, writeAudit } from "../platform/audit-log";
import { INVITATION_MESSAGES, invite, listInvitations, resendInvitation, revokeInvitation } from "../admin/invitations-service";
import { MAIL_UNAVAILABLE_MESSAGE, canSendStaffMail } from "../platform/staff-mail";
import { deactivateStaff, endStaffSessions, listStaff, reactivateStaff, resetSignInFactors } from "../admin/staff-access-service";
import { wakeOutbox } from "../platform/outbox-signal";

/** Admin bodies are a handful of fields. */
const ADMIN_BODY_LIMIT_BYTES = 16 * 1024;

/** Empty values count as absent, so `source: ""` means "any source". */
function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== "object" || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => !(typeof value === "string" && value.trim() === "")));
}

/**
 * The list's filters and page, as a JSON body (POST): a name or e-mail typed into the search never
 * goes into a URL or an access log. The page cursor is decoded (keyset-cursor.ts).
 */
const bookingsQuery = withDecodedCursor(z.preprocess(withoutEmptyValues, bookingsListQuerySchema));

/**
 * The audit log's page and filters: in the query string (GET, without the actor, whose address
 * must not go into a URL) or in a JSON body (POST /audit-log/search, the users page's way).
 */
const auditQuery = withDecodedCursor(z.preprocess(withoutEmptyValues, auditLogQuerySchema));
const auditSearch = withDecodedCursor(z.preprocess(withoutEmptyValues, auditLogSearchSchema));

const roleIdParam = z.object({ id: z.string().uuid("Invalid role record ID") });
const invitationIdParam = z.object({ id: z.string().uuid("Invalid invitation ID") });
const staffIdParam = z.object({ userId: z.string().uuid("Invalid user ID") });
const sessionIdParam = z.object({ id: z.string().uuid("Invalid session ID") });

export const OWN_SESSION_MESSAGES = {
  notFound: "Session not found: it may have ended already.",
  current: "This is the session of this browser: use Logout to end it.",
} as const;
const actorOf = (c: Context<AdminEnv>) => ({ userId: c.get("admin").userId, email: c.get("admin").email });

/**
 * The staff area's own endpoints under /api/admin (the session, bookings, roles, invitations,
 * staff access, the audit log), inside adminApi (admin-api.ts): each reads its input only
 * through a validator and states who may call it with allow().
 */
export function adminRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);
  const json = jsonBody({ maxBytes: ADMIN_BODY_LIMIT_BYTES, errorBody: adminErrorBody });


  routes.get("/me", allow(...staffRoles), (c) => c.json({ user: c.get("admin") } satisfies AdminSessionResponse));

  // The signed-in staff member's own devices (docs/decisions/0207), read and ended through
  // better-auth's internal adapter (as its admin plugin's revokeUserSessions does), so session
  // tokens never reach the page. Not its listSessions/revokeOtherSessions endpoints: those demand a
  // session under a day old, and a desk left open renews its session past that (a 500 then).
  const ownSessions = async (c: Context<AdminEnv>) => {
    const [{ internalAdapter }, current] = await Promise.all([auth.$context, auth.api.getSession({ headers: c.req.raw.headers })]);
    const list = await internalAdapter.listSessions(c.get("admin").userId);
    return { list, currentId: current?.session.id ?? null, internalAdapter };
  };

  routes.get("/me/sessions", allow(...staffRoles), async (c) => {
    const { list, currentId } = await ownSessions(c);
    const items = list
      .map((s) => ({
        id: s.id,
        userAgent: s.userAgent ?? null,
        ipAddress: s.ipAddress ?? null,
        createdAt: new Date(s.createdAt).toISOString(),
        lastActiveAt: new Date(s.updatedAt).toISOString(),
        current: s.id === currentId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
    return c.json({ items } satisfies OwnSessionsResponse);
  });

  routes.post("/me/sessions/revoke-others", allow(...staffRoles), async (c) => {
    const { list, currentId, internalAdapter } = await ownSessions(c);
    const others = list.filter((s) => s.id !== currentId);
    if (others.length > 0) await internalAdapter.deleteSessions(others.map((s) => s.token));
    await writeAudit(c.get("deps").database.db, actorOf(c), { action: "auth.sessions.revoke", target: c.get("admin").userId, details: { revoked: others.length, others: true } });
    return c.json({ revoked: others.length } satisfies OwnSessionsRevokedResponse);
  });

  routes.post("/me/sessions/:id/revoke", allow(...staffRoles), zValidator("param", sessionIdParam, invalid), async (c) => {
    const { id } = c.req.valid("param");
    const { list, currentId, internalAdapter } = await ownSessions(c);
    const target = list.find((s) => s.id === id);
    if (!target) return adminError(c, 404, OWN_SESSION_MESSAGES.notFound);
    if (target.id === currentId) return adminError(c, 400, OWN_SESSION_MESSAGES.current);
    await internalAdapter.deleteSession(target.token);
    await writeAudit(c.get("deps").database.db, actorOf(c), { action: "auth.sessions.revoke", target: c.get("admin").userId, details: { revoked: 1, sessionId: id } });
    return c.json({ revoked: 1 } satisfies OwnSessionsRevokedResponse);
  });

  routes.post("/bookings/search", allow("admin"), json, zValidator("json", bookingsQuery, invalid), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("json");
    const page = await listBookings(c.get("deps").database.db, filters, cursor, limit);
    return c.json(page satisfies BookingsPage);
  });

  routes.post("/bookings/export", allow("admin"), json, zValidator("json", bookingFiltersSchema, invalid), async (c) => {
    const filters = c.req.valid("json");
    const { db } = c.get("deps").database;
    const admin = c.get("admin");
    // The first batch is read before anything is sent, and only an export that started is audited.
    const csv = await startBookingsCsv(db, filters);
    await writeAudit(db, { userId: admin.userId, email: admin.email }, { action: "bookings.export", details: { filters } });
    const stamp = utcDay(Date.now());
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="bookings-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });

  routes.get("/roles", allow("admin"), async (c) => c.json({ items: await listRoles(c.get("deps").database.db) } satisfies RolesResponse));

  routes.post("/roles", allow("admin"), json, zValidator("json", assignRoleSchema, invalid), async (c) => {
    const admin = c.get("admin");
    const { config, database } = c.get("deps");
    const result = await assignRole(database.db, { userId: admin.userId, email: admin.email }, c.req.valid("json"), config);
    if (!result.ok) return adminError(c, result.status, result.error, { code: result.code });
    wakeOutbox();
    return c.json({ record: result.record } satisfies AssignRoleResponse, 201);
  });

  routes.delete("/roles/:id", allow("admin"), zValidator("param", roleIdParam, invalid), async (c) => {
    const { id } = c.req.valid("param");
    const admin = c.get("admin");
    const { config, database } = c.get("deps");
    const result = await removeRole(database.db, { userId: admin.userId, email: admin.email }, id, config);
    if (!result.ok) return adminError(c, result.status, result.error);
    wakeOutbox();
    return c.json({ removed: id, role: result.role } satisfies RemoveRoleResponse);
  });

  // A POST with the address in its body: an e-mail address never goes into a URL (access logs, proxies).
  routes.post("/users/lookup", allow("admin"), json, zValidator("json", findUserSchema, invalid), async (c) => {
    const user = await findUserByEmail(c.get("deps").database.db, c.req.valid("json").email);
    if (!user) return adminError(c, 404, "No user with this email address");
    return c.json({ user } satisfies UserLookupResponse);
  });

  // Invitations (docs/decisions/0205): the mail is queued with the change and the worker woken after it.
  routes.get("/invitations", allow("admin"), async (c) => c.json({ items: await listInvitations(c.get("deps").database.db) } satisfies InvitationsResponse));

  routes.post("/invitations", allow("admin"), json, zValidator("json", inviteSchema, invalid), async (c) => {
    const { config, database } = c.get("deps");
    if (!canSendStaffMail(config)) return adminError(c, 503, MAIL_UNAVAILABLE_MESSAGE, { code: "MAIL_NOT_CONFIGURED" });
    const result = await invite(database.db, config, actorOf(c), c.req.valid("json"));
    if (!result.ok) return adminError(c, result.status, result.error);
    wakeOutbox();
    if (result.outcome === "granted") return c.json({ outcome: "granted", userId: result.userId, role: result.role } satisfies InviteResponse);
    return c.json({ outcome: "invited", invitation: result.invitation } satisfies InviteResponse, 201);
  });

  routes.post("/invitations/:id/resend", allow("admin"), zValidator("param", invitationIdParam, invalid), async (c) => {
    const { config, database } = c.get("deps");
    if (!canSendStaffMail(config)) return adminError(c, 503, MAIL_UNAVAILABLE_MESSAGE, { code: "MAIL_NOT_CONFIGURED" });
    const invitation = await resendInvitation(database.db, config, actorOf(c), c.req.valid("param").id);
    if (!invitation) return adminError(c, 404, INVITATION_MESSAGES.notFound);
    wakeOutbox();
    return c.json({ invitation });
  });

  routes.delete("/invitations/:id", allow("admin"), zValidator("param", invitationIdParam, invalid), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await revokeInvitation(c.get("deps").database.db, actorOf(c), id))) return adminError(c, 404, INVITATION_MESSAGES.notFound);
    return c.json({ revoked: id });
  });

  // Taking access away (docs/decisions/0206).
  routes.get("/staff", allow("admin"), async (c) => c.json({ items: await listStaff(c.get("deps").database.db) } satisfies StaffListResponse));

  for (const action of ["deactivate", "reactivate"] as const) {
    routes.post(`/staff/:userId/${action}`, allow("admin"), zValidator("param", staffIdParam, invalid), async (c) => {
      const { config, database } = c.get("deps");
      const { userId: id } = c.req.valid("param");
      const result =
        action === "deactivate"
          ? await deactivateStaff(database.db, config, actorOf(c), id)
          : await reactivateStaff(database.db, config, actorOf(c), id, (email) => mailPasswordLink(auth, email));
      if (!result.ok) return adminError(c, result.status, result.error, "code" in result ? { code: result.code } : {});
      wakeOutbox();
      const { userId, email, ownedLeads, reroutedLeads, unassignedLeads } = result.member;
      return c.json({ userId, email, deactivated: action === "deactivate", ownedLeads, reroutedLeads, unassignedLeads } satisfies StaffAccessResponse);
    });
  }

  // A colleague's sessions and sign-in methods (docs/decisions/0207).
  routes.post("/staff/:userId/sessions/revoke", allow("admin"), zValidator("param", staffIdParam, invalid), async (c) => {
    const { config, database } = c.get("deps");
    const { userId } = c.req.valid("param");
    const { internalAdapter } = await auth.$context;
    const result = await endStaffSessions(database.db, config, (id) => internalAdapter.deleteUserSessions(id), actorOf(c), userId);
    if (!result.ok) return adminError(c, result.status, result.error);
    wakeOutbox();
    return c.json({ userId, email: result.email, sessionsEnded: result.sessionsEnded } satisfies StaffSessionsEndedResponse);
  });

  routes.post("/staff/:userId/reset-factors", allow("admin"), zValidator("param", staffIdParam, invalid), async (c) => {
    const { config, database } = c.get("deps");
    const { userId } = c.req.valid("param");
    const result = await resetSignInFactors(database.db, config, actorOf(c), userId);
    if (!result.ok) return adminError(c, result.status, result.error);
    wakeOutbox();
    const { ok: _ok, ...rest } = result;
    return c.json({ userId, ...rest } satisfies StaffFactorsResetResponse);
  });

  routes.get("/audit-log", allow("admin"), zValidator("query", auditQuery, invalid), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("query");
    return c.json((await listAudit(c.get("deps").database.db, filters, cursor, limit)) satisfies AuditLogResponse);
  });

  routes.post("/audit-log/search", allow("admin"), json, zValidator("json", auditSearch, invalid), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("json");
    return c.json((await listAudit(c.get("deps").database.db, filters, cursor, limit)) satisfies AuditLogResponse);
  });


  return routes;
}
