import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { AnalyticsContentReport, AnalyticsReport } from "@shared/api/analytics-api";
import { analyticsContentQuerySchema, analyticsQuerySchema } from "@shared/schemas/analytics";
import { invalidInput, jsonBody } from "../http/validation";
import { adminErrorBody } from "../admin/admin-errors";
import { allow, type AdminEnv } from "../admin/require-admin";
import { daysInRange } from "@shared/utc-day";
import { analyticsReport, MAX_REPORT_DAYS } from "../analytics/report";
import { contentCsv, reportCsv } from "../analytics/report-csv";
import { contentReport } from "../analytics/content-report";
import { publishedPostTitles } from "../analytics/published-posts";

/** The export's body is the report's query, a few short fields: the admin routes' limit (server/routes/admin.ts). */
export const ANALYTICS_EXPORT_BODY_LIMIT_BYTES = 16 * 1024;

export const RANGE_TOO_LONG = `The range may cover at most ${MAX_REPORT_DAYS} days`;

const withinReportDays = (q: { from: string; to: string }) => q.from > q.to || daysInRange(q.from, q.to) <= MAX_REPORT_DAYS;

/** The report's query, with its length bounded (the previous period reads as many days again). */
const reportQuerySchema = analyticsQuerySchema.refine(withinReportDays, { message: RANGE_TOO_LONG, path: ["to"] });

/** The Content view's range, bounded as the report's (docs/decisions/0801). */
const contentQuerySchema = analyticsContentQuerySchema.refine(withinReportDays, { message: RANGE_TOO_LONG, path: ["to"] });

/**
 * /api/admin/analytics: the funnel report (docs/decisions/0801), its Content view and
 * their CSV exports, inside adminApi (admin-api.ts), which checks the origin and the session
 * before anything is read. An export takes the filters as a JSON body (a POST, so a cross-site
 * link cannot start a download); it carries counts only, so it is not audited as the lead exports are.
 */
export function adminAnalyticsRoutes() {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);

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

  // The Content view (docs/decisions/0801): per blog post, for the range only.
  routes.get("/content", allow("admin"), zValidator("query", contentQuerySchema, invalid), async (c) => {
    const { database, siteContent } = c.get("deps");
    return c.json((await contentReport(database.db, c.req.valid("query"), publishedPostTitles(siteContent))) satisfies AnalyticsContentReport);
  });

  routes.post(
    "/content/export",
    allow("admin"),
    jsonBody({ maxBytes: ANALYTICS_EXPORT_BODY_LIMIT_BYTES, errorBody: adminErrorBody }),
    zValidator("json", contentQuerySchema, invalid),
    async (c) => {
      const { database, siteContent } = c.get("deps");
      const query = c.req.valid("json");
      const report = await contentReport(database.db, query, publishedPostTitles(siteContent));
      return new Response(contentCsv(report), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="content-${query.from}-to-${query.to}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
  );

  return routes;
}
