import { Hono } from "hono";
import type { Auth } from "../auth/auth";
import { adminError } from "../admin/admin-errors";
import { requireAdmin, requireSameOrigin, type AdminEnv } from "../admin/require-admin";

/**
 * /api/admin/leads: the lead desk's inbox, lead pages, changes and notes (docs/decisions/0701,
 * 0703). Mounted before the other admin routes, with the same guards first: the origin check, then
 * requireAdmin, before anything is read.
 */
export function adminLeadRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();

  routes.use("*", requireSameOrigin());
  routes.use("*", requireAdmin(auth));

  routes.all("*", (c) => adminError(c, 404, "Not found"));
  routes.onError((error, c) => {
    c.get("deps").logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return adminError(c, 500, "Internal server error");
  });

  return routes;
}
