import { and, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { Booking, BookingsPage } from "@shared/api/admin-api";
import type { BookingFilters } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { bookingInquiries } from "../db/schema";
import { afterCursor, containsPattern, cursorTimestamp, dayEnd, dayStart, encodeCursor, newestFirst, type Cursor } from "./keyset-cursor";
import { startCsvStream, submissionCsvColumns, type CsvColumn } from "./csv-stream";

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
  cursorTs: cursorTimestamp(b.createdAt),
};

type Row = Awaited<ReturnType<typeof selectPage>>[number];

function filterConditions(filters: BookingFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(b.name, pattern), ilike(b.workEmail, pattern), ilike(b.companyName, pattern))!);
  }
  if (filters.source) conditions.push(eq(b.sourceForm, filters.source));
  if (filters.from) conditions.push(gte(b.createdAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(b.createdAt, dayEnd(filters.to)));
  return conditions;
}

function selectPage(db: Db, filters: BookingFilters, cursor: Cursor | null, limit: number) {
  const conditions = filterConditions(filters);
  // Keyset pagination on (created_at, id), which booking_inquiries_created_at_idx serves in order.
  if (cursor) conditions.push(afterCursor(b.createdAt, b.id, cursor));
  return db
    .select(listColumns)
    .from(b)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...newestFirst(b.createdAt, b.id))
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

const csvColumns: CsvColumn<Row>[] = [
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
  ...submissionCsvColumns<Row>(),
];

/**
 * The CSV of every inquiry matching the filters, streamed in keyset batches; the first batch is
 * read before this resolves (see startCsvStream).
 */
export function startBookingsCsv(db: Db, filters: BookingFilters): Promise<ReadableStream<Uint8Array>> {
  return startCsvStream(csvColumns, (after, size) => selectPage(db, filters, after, size));
}
