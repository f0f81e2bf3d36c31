import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { RetryNotificationsResponse, UndeliverableNotificationsResponse } from "@shared/api/admin-notifications-api";
import type { Auth } from "../auth/auth";
import { invalidInput } from "../http/validation";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, requireSameOrigin, requireStaff, type AdminEnv } from "../admin/require-admin";
import { listUndeliverable, retryAllUndeliverable, retryUndeliverable } from "../admin/notifications-service";

const deliveryIdParam = z.object({ id: z.string().uuid("Invalid notification ID") });

/**
 * /api/admin/notifications: lead notifications the outbox gave up on (docs/decisions/0103), and
 * putting them back in the queue. Mounted before the other admin routes, with the same guards
 * first: the origin check, then requireStaff, before anything is read.
 */
export function adminNotificationRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);

  routes.use("*", requireSameOrigin());
  routes.use("*", requireStaff(auth));

  routes.get("/", allow("admin"), async (c) => c.json((await listUndeliverable(c.get("deps").database.db)) satisfies UndeliverableNotificationsResponse));

  routes.post("/retry-all", allow("admin"), async (c) => {
    const admin = c.get("admin");
    const count = await retryAllUndeliverable(c.get("deps").database.db, { userId: admin.userId, email: admin.email });
    return c.json({ requeued: count } satisfies RetryNotificationsResponse);
  });

  routes.post("/:id/retry", allow("admin"), zValidator("param", deliveryIdParam, invalid), async (c) => {
    const admin = c.get("admin");
    const result = await retryUndeliverable(c.get("deps").database.db, { userId: admin.userId, email: admin.email }, c.req.valid("param").id);
    if (!result.ok) return adminError(c, result.status, result.error);
    return c.json({ requeued: 1 } satisfies RetryNotificationsResponse);
  });

  routes.all("*", (c) => adminError(c, 404, "Not found"));
  routes.onError((error, c) => {
    c.get("deps").logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return adminError(c, 500, "Internal server error");
  });

  return routes;
}
