import { Hono } from "hono";
import type { AppEnv } from "../app";

/** GET /api/health: the process is up; reports whether the database answers. */
export function healthRoutes() {
  return new Hono<AppEnv>().get("/health", async (c) => {
    const database = c.get("deps").database;
    const reachable = await database.ping();
    return c.json(
      { status: reachable ? "ok" : "degraded", database: { kind: database.kind, reachable } },
      reachable ? 200 : 503,
    );
  });
}
