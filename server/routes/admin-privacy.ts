import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { PrivacyEraseResponse } from "@shared/api/admin-privacy-api";
import { privacyEraseSchema, privacyExportSchema } from "@shared/schemas/admin-privacy";
import type { Auth } from "../auth/auth";
import { invalidInput, jsonBody } from "../http/validation";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, requireSameOrigin, requireStaff, type AdminEnv } from "../admin/require-admin";
import { writeAudit } from "../admin/audit-service";
import { LEFT_TO_THIRD_PARTIES, eraseSubject, exportSubject } from "../admin/privacy-service";

/** An address twice and the JSON around it. */
export const ADMIN_PRIVACY_BODY_LIMIT_BYTES = 4 * 1024;

const actor = (c: Context<AdminEnv>) => ({ userId: c.get("admin").userId, email: c.get("admin").email });

/**
 * /api/admin/privacy: a person's data on request (docs/decisions/0706). Admins only, behind the
 * origin check, the staff session and allow("admin") before anything is read, as the lead desk's routes. The address is
 * in the POST body, never in a URL, and the audit rows record the counts without it.
 */
export function adminPrivacyRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();
  const invalid = invalidInput(adminErrorBody);
  const json = jsonBody({ maxBytes: ADMIN_PRIVACY_BODY_LIMIT_BYTES, errorBody: adminErrorBody });
  routes.use("*", requireSameOrigin());
  routes.use("*", requireStaff(auth));

  /** Everything held about the address, as a JSON file to hand to the person. */
  routes.post("/export", allow("admin"), json, zValidator("json", privacyExportSchema, invalid), async (c) => {
    const { db } = c.get("deps").database;
    const data = await exportSubject(db, c.req.valid("json").email);
    await writeAudit(db, actor(c), { action: "privacy.export", details: { leads: data.leads.length } });
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

  routes.all("*", (c) => adminError(c, 404, "Not found"));
  routes.onError((error, c) => {
    c.get("deps").logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled error");
    return adminError(c, 500, "Internal server error");
  });
  return routes;
}
