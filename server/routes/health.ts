import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { appliedMigrationCount, expectedMigrationCount } from "../db/migration-status";

/**
 * GET /api/health: liveness; the process answers and reports whether the database does.
 * GET /api/ready: readiness for a load balancer; the database answers and every migration this
 * build ships is applied.
 */
export function healthRoutes() {
  const expected = expectedMigrationCount();
  return new Hono<AppEnv>()
    .get("/health", async (c) => {
      const database = c.get("deps").database;
      const reachable = await database.ping();
      return c.json(
        { status: reachable ? "ok" : "degraded", database: { kind: database.kind, reachable } },
        reachable ? 200 : 503,
      );
    })
    .get("/ready", async (c) => {
      const database = c.get("deps").database;
      let applied: number | null = null;
      try {
        applied = await appliedMigrationCount(database.db);
      } catch {
        applied = null;
      }
      const ready = applied !== null && applied >= expected;
      return c.json(
        {
          ready,
          database: { kind: database.kind, reachable: applied !== null },
          migrations: { expected, applied },
        },
        ready ? 200 : 503,
      );
    });
}
