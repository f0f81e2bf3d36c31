import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  assignRoleSchema,
  bookingFiltersSchema,
  BOOKINGS_PAGE_SIZE_DEFAULT,
  BOOKINGS_PAGE_SIZE_MAX,
  findUserSchema,
} from "@shared/schemas/admin";
import type { Auth } from "../auth/auth";
import { requireAdmin, requireSameOrigin, type AdminEnv } from "../admin/require-admin";
import { decodeCursor, exportBookingsCsv, listBookings } from "../admin/bookings-service";
import { assignRole, findUserByEmail, listRoles, removeRole } from "../admin/roles-service";
import { listAudit, writeAudit } from "../admin/audit-service";

/** Field errors keyed like the form, from a failed zod parse. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

function invalid(c: Context, error: z.ZodError) {
  const errors = fieldErrors(error);
  return c.json({ error: Object.values(errors)[0] ?? "Invalid request", fieldErrors: errors }, 400);
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

const listQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BOOKINGS_PAGE_SIZE_MAX).default(BOOKINGS_PAGE_SIZE_DEFAULT),
});

const roleIdSchema = z.string().uuid("Invalid role record ID");

/** Empty query values count as absent, so `?source=` means "any source". */
function queryObject(c: Context): Record<string, string> {
  return Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value.trim() !== ""));
}

/** Staff endpoints under /api/admin: every one passes the origin check and requireAdmin first. */
export function adminRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();
  routes.use("*", requireSameOrigin());
  routes.use("*", requireAdmin(auth));

  routes.get("/me", (c) => c.json({ user: c.get("admin") }));

  routes.get("/bookings", async (c) => {
    const query = queryObject(c);
    const filters = bookingFiltersSchema.safeParse(query);
    if (!filters.success) return invalid(c, filters.error);
    const paging = listQuerySchema.safeParse(query);
    if (!paging.success) return invalid(c, paging.error);
    let cursor = null;
    if (paging.data.cursor) {
      cursor = decodeCursor(paging.data.cursor);
      if (!cursor) return c.json({ error: "Invalid page cursor", fieldErrors: { cursor: "Invalid page cursor" } }, 400);
    }
    const page = await listBookings(c.get("deps").database.db, filters.data, cursor, paging.data.limit);
    return c.json(page);
  });

  routes.post("/bookings/export", async (c) => {
    const filters = bookingFiltersSchema.safeParse((await jsonBody(c)) ?? {});
    if (!filters.success) return invalid(c, filters.error);
    const { db } = c.get("deps").database;
    const admin = c.get("admin");
    await writeAudit(db, { userId: admin.userId, email: admin.email }, { action: "bookings.export", details: { filters: filters.data } });
    const stamp = new Date().toISOString().slice(0, 10);
    return new Response(exportBookingsCsv(db, filters.data), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="bookings-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });

  routes.get("/roles", async (c) => c.json({ items: await listRoles(c.get("deps").database.db) }));

  routes.post("/roles", async (c) => {
    const input = assignRoleSchema.safeParse((await jsonBody(c)) ?? {});
    if (!input.success) return invalid(c, input.error);
    const admin = c.get("admin");
    const result = await assignRole(c.get("deps").database.db, { userId: admin.userId, email: admin.email }, input.data);
    if (!result.ok) return c.json({ error: result.error, code: result.code }, result.status);
    return c.json({ record: result.record }, 201);
  });

  routes.delete("/roles/:id", async (c) => {
    const id = roleIdSchema.safeParse(c.req.param("id"));
    if (!id.success) return invalid(c, id.error);
    const admin = c.get("admin");
    const result = await removeRole(c.get("deps").database.db, { userId: admin.userId, email: admin.email }, id.data);
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ removed: id.data, role: result.role });
  });

  routes.get("/users/lookup", async (c) => {
    const input = findUserSchema.safeParse(queryObject(c));
    if (!input.success) return invalid(c, input.error);
    const user = await findUserByEmail(c.get("deps").database.db, input.data.email);
    if (!user) return c.json({ error: "No user with this email address" }, 404);
    return c.json({ user });
  });

  routes.get("/audit-log", async (c) => c.json({ items: await listAudit(c.get("deps").database.db) }));

  return routes;
}
