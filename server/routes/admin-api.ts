import { Hono } from "hono";
import type { Auth } from "../auth/auth";
import { adminError } from "../admin/admin-errors";
import { requireSameOrigin, requireStaff, type AdminEnv } from "../admin/require-admin";
import { adminRoutes } from "./admin";
import { adminAnalyticsRoutes } from "./admin-analytics";
import { adminLeadRoutes } from "./admin-leads";
import { adminNotificationRoutes } from "./admin-notifications";
import { adminPrivacyRoutes } from "./admin-privacy";
import { adminContentRoutes } from "./admin-content";
import { adminContentWordsRoutes } from "./admin-content-words";

/**
 * Everything under /api/admin, as one router: the same-origin check on writes and the staff
 * session (requireStaff: 401, 403, the second-factor rule) run once, before any route reads
 * anything; each route then says who may call it with allow() (the lead desk: admin or
 * moderator; everything else: admin; tests/api/admin-access.test.ts reads them). An unknown admin
 * path answers 404, and any failure 500, in the admin error envelope (AdminApiError).
 */
export function adminApi(auth: Auth) {
  const admin = new Hono<AdminEnv>();
  admin.use("*", requireSameOrigin());
  admin.use("*", requireStaff(auth));
  admin.route("/leads", adminLeadRoutes());
  admin.route("/notifications", adminNotificationRoutes());
  admin.route("/analytics", adminAnalyticsRoutes());
  admin.route("/privacy", adminPrivacyRoutes());
  admin.route("/content", adminContentRoutes());
  admin.route("/content", adminContentWordsRoutes());
  admin.route("/", adminRoutes(auth));
  admin.all("*", (c) => adminError(c, 404, "Not found"));
  admin.onError((error, c) => {
    c.get("deps").logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return adminError(c, 500, "Internal server error");
  });
  return admin;
}
