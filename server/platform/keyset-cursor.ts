import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";

/**
 * Keyset pages on (created_at, id), newest first (docs/decisions/0203), shared by the
 * bookings list and the lead desk's inbox and their CSV exports.
 */

export type Cursor = { ts: string; id: string };

/**
 * The row's created_at with microseconds, for its cursor: a JS Date would round it to
 * milliseconds, and the next page would skip the rows that share the rounded instant.
 */
export function cursorTimestamp(createdAt: PgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The rows after the cursor, in the (created_at desc, id desc) order. */
export function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`;
}

/** NULLS LAST as in the indexes' definitions, or the planner cannot use them and sorts the table. */
export function newestFirst(createdAt: PgColumn, id: PgColumn): SQL[] {
  return [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.ts}|${cursor.id}`, "utf8").toString("base64url");
}

const cursorPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Null for anything that is not a cursor we could have issued: our format, and an instant that
 * to_char can print for a stored row (a real day from year 1 on, 00:00:00 to 23:59:59). Anything
 * else would reach PostgreSQL as an out-of-range timestamp (docs/decisions/0203).
 */
export function decodeCursor(raw: string): Cursor | null {
  const text = Buffer.from(raw, "base64url").toString("utf8");
  const match = cursorPattern.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  const real =
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  if (!real) return null;
  const [ts, id] = text.split("|") as [string, string];
  return { ts, id };
}

/**
 * A list's request schema with its page cursor decoded (the bookings list, the lead desk's
 * inbox): a cursor we did not issue is a field error, as any other invalid field.
 */
export function withDecodedCursor<T extends { cursor?: string }, I>(schema: z.ZodType<T, I>) {
  return schema.transform(({ cursor, ...rest }, ctx) => {
    const decoded = cursor ? decodeCursor(cursor) : null;
    if (cursor && !decoded) {
      ctx.issues.push({ code: "custom", path: ["cursor"], message: "Invalid page cursor", input: cursor });
      return z.NEVER;
    }
    return { ...rest, cursor: decoded };
  });
}

/** `value` as a LIKE pattern that matches it literally anywhere: %, _ and \ lose their meaning. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The first instant of a filter day (YYYY-MM-DD, UTC), and the first instant after it. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
export function dayEnd(day: string): Date {
  const end = dayStart(day);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}
