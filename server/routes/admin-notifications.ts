import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { RetryNotificationsResponse, UndeliverableNotificationsResponse } from "@shared/api/admin-notifications-api";
import { invalidInput } from "../http/validation";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, type AdminEnv } from "../admin/require-admin";
import { listUndeliverable, retryAllUndeliverable, retryUndeliverable } from "../admin/notifications-service";

const deliveryIdParam = z.object({ id: z.string().uuid("Invalid notification ID") });

/**
 * /api/admin/notifications: lead notifications the outbox gave up on (docs/decisions/0103), and
 * putting them back in the queue. Inside adminApi (admin-api.ts), which checks the origin and the
 * session before anything is read.
 */
export function adminNotificationRoutes() {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);


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


  return routes;
}
