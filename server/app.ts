import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./app-env";
import { createStaticHandler } from "./routes/static-handler";
import { securityHeaders } from "./http/security-headers";
import { requestLog } from "./http/request-log";
import { originGuard } from "./http/origin-guard";
import { publicErrorBody } from "./http/validation";
import { adminErrorBody } from "./admin/admin-errors";
import { healthRoutes } from "./routes/health";
import { leadRoutes } from "./routes/leads";
import { leadPageRoutes } from "./routes/lead-pages";
import { adminApi } from "./routes/admin-api";
import { eventRoutes } from "./routes/events";
import { leadEventRoutes } from "./routes/lead-events";
import { calendlyWebhookRoutes } from "./routes/calendly-webhook";
import { createAuth, type Auth } from "./auth/auth";
import { authRoutes } from "./auth/auth-routes";
import { staffInvitationRoutes } from "./routes/staff-invitations";
import { contentFeedRoutes } from "./routes/content-feeds";
import { contentPreviewRoutes } from "./routes/content-preview";
import { mediaRoutes } from "./routes/media";

export type { AppDeps, AppEnv } from "./app-env";

/**
 * The whole HTTP surface: JSON API under /api, the site everywhere else. better-auth is built from
 * config and database unless given (a bench or test that made it already); it is passed to the
 * routes that need it, not kept in AppDeps, so app-env.ts, which every layer reads, imports no feature.
 */
export function createApp(deps: AppDeps & { auth?: Auth }) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", requestLog(deps.logger));
  app.use("*", securityHeaders(deps.config));

  const auth = deps.auth ?? createAuth(deps);
  const api = new Hono<AppEnv>();
  // The admin API refuses in its own envelope; the public guard then passes what reaches it there.
  api.use("/admin/*", originGuard({ publicUrl: deps.config.publicUrl, errorBody: adminErrorBody }));
  api.use("*", originGuard({ publicUrl: deps.config.publicUrl, errorBody: publicErrorBody }));
  api.route("/", healthRoutes());
  api.route("/", leadRoutes());
  api.route("/", eventRoutes());
  api.route("/auth", authRoutes(auth));
  api.route("/staff/invitations", staffInvitationRoutes(auth));
  api.route("/", leadEventRoutes());
  api.route("/webhooks/calendly", calendlyWebhookRoutes());
  api.route("/admin", adminApi(auth));
  app.route("/api", api);
  // Registered after every API route: unknown API paths get JSON, never the site's 404 page.
  app.all("/api/*", (c) => c.json(publicErrorBody({ error: "Not found" }), 404));

  // Stored images (docs/decisions/0902), before the site: its catch-all would answer them 404.
  app.route("/media", mediaRoutes());

  if (deps.site) {
    // Lead forms sent without JavaScript post to their own page (docs/decisions/0501).
    app.route("/", leadPageRoutes(deps.config.publicUrl));
    // A draft as its page will be, for the studio's staff (docs/decisions/0903).
    app.route("/", contentPreviewRoutes(auth));
    // The feed, the sitemap and the share cards, from the published content.
    if (deps.siteContent) app.route("/", contentFeedRoutes(deps.siteContent, deps.config.publicUrl));
    const serveStatic = createStaticHandler(deps.site, deps.config, deps.siteContent);
    app.on(["GET", "HEAD"], "*", serveStatic);
  }

  app.notFound((c) =>
    c.req.path.startsWith("/api/")
      ? c.json(publicErrorBody({ error: "Not found" }), 404)
      : c.text("Method not allowed", 405),
  );

  app.onError((error, c) => {
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return c.json(publicErrorBody({ error: "Internal server error" }), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
