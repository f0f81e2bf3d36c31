import { Hono } from "hono";
import type { AppEnv } from "../app";

/** Staff endpoints under /api/admin (admin issue): each one checks the session and admin role. */
export function adminRoutes() {
  return new Hono<AppEnv>();
}
