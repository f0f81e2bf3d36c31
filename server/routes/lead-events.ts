import { Hono } from "hono";
import type { AppEnv } from "../app-env";

/**
 * POST /api/lead-events: the visitor's page reports, with the lead's reference, that the scheduler
 * was shown and that a meeting was booked in it (docs/decisions/0702).
 */
export function leadEventRoutes() {
  const routes = new Hono<AppEnv>();
  return routes;
}
