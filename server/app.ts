import { Hono } from "hono";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import type { StaticSite } from "./static-site";
import { createStaticHandler } from "./http/static-handler";
import { healthRoutes } from "./routes/health";
import { leadRoutes } from "./routes/leads";
import { adminRoutes } from "./routes/admin";

export type AppDeps = {
  config: AppConfig;
  database: Database;
  logger: Logger;
  /** The client build; absent in API-only tests. */
  site?: StaticSite;
};

export type AppEnv = { Variables: { deps: AppDeps } };

/** The whole HTTP surface: JSON API under /api, the site everywhere else. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });

  const api = new Hono<AppEnv>();
  api.route("/", healthRoutes());
  api.route("/", leadRoutes());
  api.route("/admin", adminRoutes());
  api.notFound((c) => c.json({ success: false, error: "Not found" }, 404));
  app.route("/api", api);

  if (deps.site) {
    const serveStatic = createStaticHandler(deps.site);
    app.on(["GET", "HEAD"], "*", serveStatic);
  }

  app.notFound((c) =>
    c.req.path.startsWith("/api/")
      ? c.json({ success: false, error: "Not found" }, 404)
      : c.text("Method not allowed", 405),
  );

  app.onError((error, c) => {
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.json({ success: false, error: "Internal server error" }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
