import { and, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { Booking, BookingsPage } from "@shared/api/admin-api";
import type { BookingFilters } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { bookingInquiries } from "../db/schema";

const b = bookingInquiries;

/** Every stored field of an inquiry except the internal idempotency key. */
const listColumns = {
  id: b.id,
  createdAt: b.createdAt,
  name: b.name,
  workEmail: b.workEmail,
  companyName: b.companyName,
  jobTitle: b.jobTitle,
  aiGoal: b.aiGoal,
  totalCalls: b.totalCalls,
  tcpaConsent: b.tcpaConsent,
  sourceForm: b.sourceForm,
  consentTextVersion: b.consentTextVersion,
  pagePath: b.pagePath,
  referrer: b.referrer,
  utmSource: b.utmSource,
  utmMedium: b.utmMedium,
  utmCampaign: b.utmCampaign,
  utmTerm: b.utmTerm,
  utmContent: b.utmContent,
  clientIp: b.clientIp,
  userAgent: b.userAgent,
  botCheck: b.botCheck,
  // Microsecond precision for the cursor: a JS Date would round it and skip rows.
  cursorTs: sql<string>`to_char(${b.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

type Row = Awaited<ReturnType<typeof selectPage>>[number];

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function filterConditions(filters: BookingFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(or(ilike(b.name, pattern), ilike(b.workEmail, pattern), ilike(b.companyName, pattern))!);
  }
  if (filters.source) conditions.push(eq(b.sourceForm, filters.source));
  if (filters.from) conditions.push(gte(b.createdAt, new Date(`${filters.from}T00:00:00.000Z`)));
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(b.createdAt, end));
  }
  return conditions;
}

export type Cursor = { ts: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.ts}|${cursor.id}`, "utf8").toString("base64url");
}

const cursorPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Null for anything that is not a cursor we could have issued: our format, and an instant that
 * to_char can print for a stored row (a real day from year 1 on, 00:00:00 to 23:59:59). Anything
 * else would reach PostgreSQL as an out-of-range timestamp (docs/decisions/0609).
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

function selectPage(db: Db, filters: BookingFilters, cursor: Cursor | null, limit: number) {
  const conditions = filterConditions(filters);
  // Keyset pagination on (created_at, id), which booking_inquiries_created_at_idx serves in order.
  if (cursor) conditions.push(sql`(${b.createdAt}, ${b.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`);
  return db
    .select(listColumns)
    .from(b)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    // NULLS LAST as in the index definition, or the planner cannot use it and sorts the table.
    .orderBy(sql`${b.createdAt} desc nulls last`, sql`${b.id} desc nulls last`)
    .limit(limit);
}

function toBooking({ cursorTs: _cursorTs, ...row }: Row): Booking {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** One page, newest first, and the cursor of the next page (null on the last). */
export async function listBookings(db: Db, filters: BookingFilters, cursor: Cursor | null, limit: number): Promise<BookingsPage> {
  const rows = await selectPage(db, filters, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null;
  return { items: page.map(toBooking), nextCursor };
}

const csvColumns: [header: string, value: (row: Row) => unknown][] = [
  ["id", (r) => r.id],
  ["created_at", (r) => r.createdAt.toISOString()],
  ["name", (r) => r.name],
  ["work_email", (r) => r.workEmail],
  ["company_name", (r) => r.companyName],
  ["job_title", (r) => r.jobTitle],
  ["ai_goal", (r) => r.aiGoal],
  ["total_calls", (r) => r.totalCalls],
  ["tcpa_consent", (r) => r.tcpaConsent],
  ["source_form", (r) => r.sourceForm],
  ["consent_text_version", (r) => r.consentTextVersion],
  ["page_path", (r) => r.pagePath],
  ["referrer", (r) => r.referrer],
  ["utm_source", (r) => r.utmSource],
  ["utm_medium", (r) => r.utmMedium],
  ["utm_campaign", (r) => r.utmCampaign],
  ["utm_term", (r) => r.utmTerm],
  ["utm_content", (r) => r.utmContent],
  ["client_ip", (r) => r.clientIp],
  ["user_agent", (r) => r.userAgent],
  ["bot_check", (r) => r.botCheck],
];

/**
 * One CSV cell. A value a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe, so an exported lead cannot run code in Excel.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const EXPORT_BATCH = 1000;

const csvLines = (rows: Row[]) => rows.map((row) => `${csvColumns.map(([, get]) => csvCell(get(row))).join(",")}\r\n`).join("");

/**
 * The CSV of every inquiry matching the filters, streamed in keyset batches. The first batch is
 * read before this resolves: a query that fails then rejects here, while the route can still
 * answer an error, instead of after a 200 and the header line, when it could only cut the file
 * short (docs/decisions/0609). A later batch that fails still ends the stream with an error.
 */
export async function startBookingsCsv(db: Db, filters: BookingFilters): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await selectPage(db, filters, null, EXPORT_BATCH);
  const cursorAfter = (rows: Row[]): Cursor | null => {
    const last = rows.at(-1);
    return rows.length === EXPORT_BATCH && last ? { ts: last.cursorTs, id: last.id } : null;
  };
  let next = cursorAfter(first);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          // A byte-order mark so Excel reads the file as UTF-8.
          controller.enqueue(encoder.encode(`\uFEFF${csvColumns.map(([h]) => h).join(",")}\r\n${csvLines(first)}`));
        } else if (next) {
          const rows = await selectPage(db, filters, next, EXPORT_BATCH);
          if (rows.length > 0) controller.enqueue(encoder.encode(csvLines(rows)));
          next = cursorAfter(rows);
        }
        if (!next) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
