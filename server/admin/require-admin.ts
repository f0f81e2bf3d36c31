import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import type { AdminUser } from "@shared/api/admin-api";
import { staffRoles, type StaffRole } from "@shared/schemas/admin";
import type { AppEnv } from "../app-env";
import type { Auth } from "../auth/auth";
import { sessions, userRoles, users } from "../db/schema";
import { originGuard } from "../http/origin-guard";
import { adminError, adminErrorBody } from "./admin-errors";
import { passkeyCount } from "../auth/second-factor";

/** The signed-in staff member, as GET /api/admin/me answers it. */
export type AdminActor = AdminUser;
export type AdminEnv = { Variables: AppEnv["Variables"] & { admin: AdminActor } };

export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Two-factor sign-in is required for every staff member on this site. Set up an authenticator app or a passkey to continue.";
export const NOT_STAFF_MESSAGE = "You don't have admin privileges";

/** Who may call a route: the roles `allow()` was given, readable by tests from the router's own route list. */
export type AllowMiddleware = MiddlewareHandler<AdminEnv> & { allowedRoles: readonly StaffRole[] };

/**
 * Opens every /api/admin route: 401 without a session, and for a deactivated account (whose
 * sessions deactivation ended; one that survived a race is ended here), 403 when the signed-in
 * user holds no staff role (admin or moderator; `user` gets nothing here, docs/decisions/0204).
 * Nothing else is read first. Each route then states who may call it with `allow(...)`.
 * With ADMIN_REQUIRE_TWO_FACTOR a staff member of any role without a second factor (TOTP, or a
 * passkey: docs/decisions/0207) gets 403 TWO_FACTOR_REQUIRED everywhere but GET /api/admin/me,
 * which tells the client to send them to the set-up page (docs/decisions/0202); enrolment itself
 * goes through better-auth's /api/auth/two-factor/* and /api/auth/passkey/*.
 */
export function requireStaff(auth: Auth) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return adminError(c, 401, "Not signed in");
    const { config, database } = c.get("deps");
    // The account and its staff roles in one read (no role: one row with a null role).
    const held = await database.db
      .select({ deactivatedAt: users.deactivatedAt, role: userRoles.role })
      .from(users)
      .leftJoin(userRoles, and(eq(userRoles.userId, users.id), inArray(userRoles.role, [...staffRoles])))
      .where(eq(users.id, session.user.id));
    if (held.length === 0 || held[0]!.deactivatedAt) {
      // A session that outlived the deactivation's sweep (a sign-in racing it): answered as no
      // session, and every session of the account ended, so the browser goes to the login page.
      await database.db.delete(sessions).where(eq(sessions.userId, session.user.id));
      return adminError(c, 401, "Not signed in");
    }
    // Strongest first: an admin can do everything; someone may both work leads and edit content.
    const roles = staffRoles.filter((r) => held.some((h) => h.role === r));
    const role: StaffRole | undefined = roles[0];
    if (!role) return adminError(c, 403, NOT_STAFF_MESSAGE);
    const twoFactorEnabled = Boolean(session.user.twoFactorEnabled);
    const passkeys = await passkeyCount(database.db, session.user.id);
    const isSessionCheck = (c.req.method === "GET" || c.req.method === "HEAD") && c.req.path === "/api/admin/me";
    if (config.requireAdminTwoFactor && !twoFactorEnabled && passkeys === 0 && !isSessionCheck) {
      return adminError(c, 403, TWO_FACTOR_REQUIRED_MESSAGE, { code: "TWO_FACTOR_REQUIRED" });
    }
    c.set("admin", {
      userId: session.user.id,
      email: session.user.email,
      name: session.user.name,
      role,
      roles,
      twoFactorEnabled,
      passkeys,
      twoFactorRequired: config.requireAdminTwoFactor,
    });
    await next();
  });
}

/**
 * The roles that may call one route, after requireStaff: anyone else gets 403. Written on every
 * route, so reading a route tells who may call it and a new one cannot forget to say.
 */
export function allow(...roles: StaffRole[]): AllowMiddleware {
  const middleware = createMiddleware<AdminEnv>(async (c, next) => {
    // An admin may do everything an editor or a moderator may (docs/decisions/0903).
    const held = c.get("admin").roles;
    if (!held.includes("admin") && !held.some((r) => roles.includes(r))) return adminError(c, 403, NOT_STAFF_MESSAGE, { code: "ADMIN_ONLY" });
    await next();
  });
  return Object.assign(middleware, { allowedRoles: roles as readonly StaffRole[] });
}

/**
 * On the admin routes: any state-changing request whose Origin is not our public URL, or that the
 * browser marks cross-site or same-site, is refused (origin-guard.ts), so a same-site neighbour
 * or an old browser cannot forge one either.
 */
export function requireSameOrigin() {
  return originGuard({ errorBody: adminErrorBody, message: "Cross-origin request refused", writesOnly: true });
}
