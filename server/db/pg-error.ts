/**
 * The PostgreSQL error code (SQLSTATE) behind a failed query. node-postgres puts it on the error,
 * PGlite too, and drizzle wraps either in a DrizzleQueryError with the original as `cause`, so we
 * walk the cause chain.
 */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
