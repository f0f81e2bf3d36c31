import { Hono } from "hono";
import type { AppEnv } from "../app";

/** Public lead endpoints: POST /api/submit-booking, POST /api/contact (lead-capture issue). */
export function leadRoutes() {
  return new Hono<AppEnv>();
}
