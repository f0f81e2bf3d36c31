import { and, eq } from "drizzle-orm";
import type { Booking, BookingsPage } from "@shared/api/admin-api";
import type { BookingFilters } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { bookingInquiries, leads } from "../db/schema";
import { afterCursor, cursorTimestamp, encodeCursor, newestFirst, type Cursor } from "./keyset-cursor";
import { startCsvStream, submissionCsvColumns, type CsvColumn } from "./csv-stream";
import { leadFilterConditions } from "./lead-desk-service";

/*
 * The bookings list is the inbox's query restricted to booking leads: the same `leads` rows, the
 * same search, source and date conditions (leadFilterConditions) and the same keyset order on
 * (created_at, id), joined to each lead's stored form for the fields this list shows. A lead and
 * its inquiry share their id and created_at (stored in one statement).
 */
const l = leads;
const b = bookingInquiries;

/** Every stored field of an inquiry except the internal idempotency key. */
const listColumns = {
  id: l.id,
  createdAt: l.createdAt,
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
  cursorTs: cursorTimestamp(l.createdAt),
};

type Row = Awaited<ReturnType<typeof selectPage>>[number];

function selectPage(db: Db, filters: BookingFilters, cursor: Cursor | null, limit: number) {
  const conditions = [eq(l.kind, "booking_inquiry"), ...leadFilterConditions(filters)];
  if (cursor) conditions.push(afterCursor(l.createdAt, l.id, cursor));
  return db
    .select(listColumns)
    .from(l)
    .innerJoin(b, eq(b.id, l.id))
    .where(and(...conditions))
    .orderBy(...newestFirst(l.createdAt, l.id))
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
