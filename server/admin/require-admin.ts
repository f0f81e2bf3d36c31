import { createMiddleware } from "hono/factory";
import { and, eq } from "drizzle-orm";
import type { AdminUser } from "@shared/api/admin-api";
import type { AppEnv } from "../app-env";
import type { Auth } from "../auth/auth";
import { userRoles } from "../db/schema";
import { adminError } from "./admin-errors";

/** The signed-in admin, as GET /api/admin/me answers it. */
export type AdminActor = AdminUser;
export type AdminEnv = { Variables: AppEnv["Variables"] & { admin: AdminActor } };

export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Two-factor sign-in is required for every admin on this site. Set it up to continue.";

/**
 * Opens every /api/admin route: 401 without a session, 403 when the signed-in user has no admin
 * role record (moderator and user get nothing here, docs/decisions/0201). Nothing else is read first.
 * With ADMIN_REQUIRE_TWO_FACTOR an admin without two-factor sign-in gets 403 TWO_FACTOR_REQUIRED
 * everywhere but GET /api/admin/me, which tells the client to show the enrolment
 * (docs/decisions/0608); enrolment itself goes through better-auth's /api/auth/two-factor/*.
 */
export function requireAdmin(auth: Auth) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return adminError(c, 401, "Not signed in");
    const { config, database } = c.get("deps");
    const [adminRole] = await database.db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, session.user.id), eq(userRoles.role, "admin")))
      .limit(1);
    if (!adminRole) return adminError(c, 403, "You don't have admin privileges");
    const twoFactorEnabled = Boolean(session.user.twoFactorEnabled);
    const isSessionCheck = (c.req.method === "GET" || c.req.method === "HEAD") && c.req.path === "/api/admin/me";
    if (config.requireAdminTwoFactor && !twoFactorEnabled && !isSessionCheck) {
      return adminError(c, 403, TWO_FACTOR_REQUIRED_MESSAGE, { code: "TWO_FACTOR_REQUIRED" });
    }
    c.set("admin", {
      userId: session.user.id,
      email: session.user.email,
      name: session.user.name,
      twoFactorEnabled,
      twoFactorRequired: config.requireAdminTwoFactor,
    });
    await next();
  });
}

/**
 * Cookies are SameSite=Lax already; this refuses any state-changing request whose Origin is not
 * our public URL, so a same-site neighbour or an old browser cannot forge one either.
 */
export function requireSameOrigin() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const expected = new URL(c.get("deps").config.publicUrl).origin;
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if ((origin !== undefined && origin !== expected) || site === "cross-site" || site === "same-site") {
      return adminError(c, 403, "Cross-origin request refused");
    }
    await next();
  });
}
