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

/**
 * Opens every /api/admin route: 401 without a session, 403 when the signed-in user has no admin
 * role record (moderator and user get nothing here, docs/decisions/0201). Nothing else is read first.
 */
export function requireAdmin(auth: Auth) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return adminError(c, 401, "Not signed in");
    const { db } = c.get("deps").database;
    const [adminRole] = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, session.user.id), eq(userRoles.role, "admin")))
      .limit(1);
    if (!adminRole) return adminError(c, 403, "You don't have admin privileges");
    c.set("admin", {
      userId: session.user.id,
      email: session.user.email,
      name: session.user.name,
      twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
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
