import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { PrivacyEraseResponse } from "@shared/api/admin-privacy-api";
import { privacyEraseSchema, privacyExportSchema } from "@shared/schemas/admin-privacy";
import { invalidInput, jsonBody } from "../http/validation";
import { adminErrorBody } from "../admin/admin-errors";
import { allow, type AdminEnv } from "../admin/require-admin";
import { writeAudit } from "../platform/audit-log";
import { LEFT_TO_THIRD_PARTIES, eraseSubject, exportSubject } from "../admin/privacy-service";

/** An address twice and the JSON around it. */
export const ADMIN_PRIVACY_BODY_LIMIT_BYTES = 4 * 1024;

const actor = (c: Context<AdminEnv>) => ({ userId: c.get("admin").userId, email: c.get("admin").email });

/**
 * /api/admin/privacy: a person's data on request (docs/decisions/0706). Admins only: adminApi
 * (admin-api.ts) checks the origin and the session, then allow("admin"), before anything is read.
 * The address is in the POST body, never in a URL, and the audit rows record the counts without it.
 */
export function adminPrivacyRoutes() {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);
  const json = jsonBody({ maxBytes: ADMIN_PRIVACY_BODY_LIMIT_BYTES, errorBody: adminErrorBody });

  /** Everything held about the address, as a JSON file to hand to the person. */
  routes.post("/export", allow("admin"), json, zValidator("json", privacyExportSchema, invalid), async (c) => {
    const { db } = c.get("deps").database;
    const data = await exportSubject(db, c.req.valid("json").email);
    await writeAudit(db, actor(c), { action: "privacy.export", details: { leads: data.leads.length, auditEntries: data.auditEntries.length } });
    const stamp = data.exportedAt.slice(0, 10);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="personal-data-${stamp}.json"`,
        "Cache-Control": "no-store",
      },
    });
  });

  routes.post("/erase", allow("admin"), json, zValidator("json", privacyEraseSchema, invalid), async (c) => {
    const { db } = c.get("deps").database;
    const erased = await eraseSubject(db, c.req.valid("json").email);
    await writeAudit(db, actor(c), { action: "privacy.erase", details: erased });
    return c.json({ erased, leftToThirdParties: LEFT_TO_THIRD_PARTIES } satisfies PrivacyEraseResponse);
  });

  return routes;
}
