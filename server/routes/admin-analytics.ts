import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { AnalyticsReport } from "@shared/api/analytics-api";
import { analyticsQuerySchema } from "@shared/schemas/analytics";
import type { Auth } from "../auth/auth";
import { invalidInput, jsonBody } from "../http/validation";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, requireSameOrigin, requireStaff, type AdminEnv } from "../admin/require-admin";
import { daysInRange } from "@shared/utc-day";
import { analyticsReport, MAX_REPORT_DAYS } from "../analytics/report";
import { reportCsv } from "../analytics/report-csv";

/** The export's body is the report's query, a few short fields: the admin routes' limit (server/routes/admin.ts). */
export const ANALYTICS_EXPORT_BODY_LIMIT_BYTES = 16 * 1024;

export const RANGE_TOO_LONG = `The range may cover at most ${MAX_REPORT_DAYS} days`;

/** The report's query, with its length bounded (the previous period reads as many days again). */
const reportQuerySchema = analyticsQuerySchema.refine((q) => q.from > q.to || daysInRange(q.from, q.to) <= MAX_REPORT_DAYS, {
  message: RANGE_TOO_LONG,
  path: ["to"],
});

/**
 * /api/admin/analytics: the funnel report (docs/decisions/0801) and its CSV export. Mounted
 * before the other admin routes, with the same guards first: the origin check, then
 * requireAdmin, before anything is read. The export takes the filters as a JSON body (a POST, so
 * a cross-site link cannot start a download); it carries counts only, so it is not audited as the
 * lead exports are.
 */
export function adminAnalyticsRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);
  routes.use("*", requireSameOrigin());
  routes.use("*", requireStaff(auth));

  routes.get("/", allow("admin"), zValidator("query", reportQuerySchema, invalid), async (c) => {
    return c.json((await analyticsReport(c.get("deps").database.db, c.req.valid("query"))) satisfies AnalyticsReport);
  });

  routes.post(
    "/export",
    allow("admin"),
    jsonBody({ maxBytes: ANALYTICS_EXPORT_BODY_LIMIT_BYTES, errorBody: adminErrorBody }),
    zValidator("json", reportQuerySchema, invalid),
    async (c) => {
      const query = c.req.valid("json");
      const report = await analyticsReport(c.get("deps").database.db, query);
      return new Response(reportCsv(report, query), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="analytics-${query.from}-to-${query.to}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
  );

  routes.all("*", (c) => adminError(c, 404, "Not found"));
  routes.onError((error, c) => {
    c.get("deps").logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return adminError(c, 500, "Internal server error");
  });
  return routes;
}
