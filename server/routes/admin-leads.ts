import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { LeadConflictResponse, LeadDeskSummary, LeadDetailResponse, LeadNoteResponse, LeadsPage, LeadUpdateResponse } from "@shared/api/lead-desk-api";
import { leadFiltersSchema, leadListQuerySchema, leadNoteSchema, leadUpdateSchema } from "@shared/schemas/lead-desk";
import { invalidInput, jsonBody } from "../http/validation";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, type AdminEnv } from "../admin/require-admin";
import { writeAudit } from "../platform/audit-log";
import { withDecodedCursor } from "../platform/keyset-cursor";
import { utcDay } from "@shared/utc-day";
import { LEAD_NOT_FOUND, addLeadNote, getLeadDetail, leadDeskSummary, listLeads, updateLead, type DeskSettings } from "../admin/lead-desk-service";
import { startLeadsCsv } from "../admin/lead-desk-export";
import { publishedPostTitles } from "../analytics/published-posts";
import { routingSettingsOf, saveRoutingSettings } from "../leads/lead-routing";
import { routingSettingsSchema, type RoutingSettingsResponse } from "@shared/schemas/lead-routing";

/** Admin bodies are a handful of fields (a note at most 2,000 characters): as server/routes/admin.ts. */
export const ADMIN_LEADS_BODY_LIMIT_BYTES = 16 * 1024;

/** The inbox's body with the page cursor decoded; a cursor we did not issue is a field error. */
const leadListBody = withDecodedCursor(leadListQuerySchema);

/** Lowercased: PostgreSQL reads a uuid in either case, and the audit log and timeline should agree. */
const leadIdParam = z.object({ id: z.string().uuid("Invalid lead ID").transform((id) => id.toLowerCase()) });

const settings = (c: Context<AdminEnv>): DeskSettings => ({
  firstContactMinutes: c.get("deps").config.leads.firstContactMinutes,
  enterpriseCallsPerMonth: c.get("deps").config.leads.enterpriseCallsPerMonth,
  hubspot: c.get("deps").config.hubspot,
});
const actor = (c: Context<AdminEnv>) => ({ userId: c.get("admin").userId, email: c.get("admin").email });

/**
 * /api/admin/leads: the lead desk's inbox, lead pages, changes and notes (docs/decisions/0701,
 * 0701). Inside adminApi (admin-api.ts), which checks the origin and the
 * session before anything is read. The inbox and its export take their filters as a JSON
 * body, so a searched name or e-mail never lands in a URL or an access log.
 */
export function adminLeadRoutes() {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);
  const json = jsonBody({ maxBytes: ADMIN_LEADS_BODY_LIMIT_BYTES, errorBody: adminErrorBody });

  routes.post("/search", allow("admin", "moderator"), json, zValidator("json", leadListBody, invalid), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("json");
    return c.json((await listLeads(c.get("deps").database.db, filters, cursor, limit, settings(c))) satisfies LeadsPage);
  });

  routes.post("/export", allow("admin"), json, zValidator("json", leadFiltersSchema, invalid), async (c) => {
    const filters = c.req.valid("json");
    const { db } = c.get("deps").database;
    // The first batch is read before anything is sent, and only an export that started is audited.
    const csv = await startLeadsCsv(db, filters, settings(c));
    await writeAudit(db, actor(c), { action: "leads.export", details: { filters } });
    const stamp = utcDay(Date.now());
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="leads-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });

  // The signed-in staff member's own routing settings (docs/decisions/0711): "Taking leads", the
  // enterprise rotation, working hours. Each person changes only their own.
  routes.get("/routing/me", allow("admin", "moderator"), async (c) => c.json((await routingSettingsOf(c.get("deps").database.db, c.get("admin").userId)) satisfies RoutingSettingsResponse));

  routes.put("/routing/me", allow("admin", "moderator"), json, zValidator("json", routingSettingsSchema, invalid), async (c) => {
    const { db } = c.get("deps").database;
    const settings = c.req.valid("json");
    const saved = await saveRoutingSettings(db, c.get("admin").userId, settings);
    if (!saved.ok) return adminError(c, 400, saved.message, { fieldErrors: { [saved.field]: saved.message } });
    await writeAudit(db, actor(c), { action: "lead.routing", target: c.get("admin").userId, details: settings });
    return c.json((await routingSettingsOf(db, c.get("admin").userId)) satisfies RoutingSettingsResponse);
  });

  // Before /:id, which would read "summary" as a lead id.
  routes.get("/summary", allow("admin", "moderator"), async (c) => c.json((await leadDeskSummary(c.get("deps").database.db, settings(c))) satisfies LeadDeskSummary));

  routes.get("/:id", allow("admin", "moderator"), zValidator("param", leadIdParam, invalid), async (c) => {
    const { database, siteContent } = c.get("deps");
    const detail = await getLeadDetail(database.db, c.req.valid("param").id, settings(c), publishedPostTitles(siteContent));
    if (!detail) return adminError(c, 404, LEAD_NOT_FOUND);
    return c.json(detail satisfies LeadDetailResponse);
  });

  routes.patch("/:id", allow("admin", "moderator"), zValidator("param", leadIdParam, invalid), json, zValidator("json", leadUpdateSchema, invalid), async (c) => {
    const result = await updateLead(c.get("deps").database.db, actor(c), c.req.valid("param").id, c.req.valid("json"), settings(c));
    if (result.ok) return c.json({ lead: result.lead } satisfies LeadUpdateResponse);
    if (result.status === 409) return c.json({ error: result.error, code: result.code, lead: result.lead } satisfies LeadConflictResponse, 409);
    if (result.status === 422) return adminError(c, 422, result.error, { code: result.code });
    return adminError(c, 404, result.error);
  });

  routes.post("/:id/notes", allow("admin", "moderator"), zValidator("param", leadIdParam, invalid), json, zValidator("json", leadNoteSchema, invalid), async (c) => {
    const entry = await addLeadNote(c.get("deps").database.db, actor(c), c.req.valid("param").id, c.req.valid("json").text);
    if (!entry) return adminError(c, 404, LEAD_NOT_FOUND);
    return c.json({ entry } satisfies LeadNoteResponse, 201);
  });


  return routes;
}
