import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AdminApiError } from "@shared/api/admin-api";
import type { InputProblem } from "../http/validation";

/** Input problems (validation, JSON body, origin) in the admin API's envelope. */
export const adminErrorBody = ({ error, fieldErrors }: InputProblem): AdminApiError => (fieldErrors ? { error, fieldErrors } : { error });

/** Every error answer of /api/admin/*: one envelope, whatever the status. */
export function adminError(c: Context, status: ContentfulStatusCode, error: string, extra: Omit<AdminApiError, "error"> = {}) {
  return c.json({ error, ...extra } satisfies AdminApiError, status);
}
