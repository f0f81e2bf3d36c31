import { Hono } from "hono";
import type { AppEnv } from "../app-env";

/**
 * POST /api/webhooks/calendly: Calendly's signed deliveries of invitee.created, invitee.canceled
 * and no-shows, matched to leads by their reference (docs/decisions/0702).
 */
export function calendlyWebhookRoutes() {
  const routes = new Hono<AppEnv>();
  return routes;
}
