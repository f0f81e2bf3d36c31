import { and, eq, isNotNull } from "drizzle-orm";
import type { Booking, BookingsPage } from "@shared/api/admin-api";
import type { BookingFilters } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { leads } from "../db/schema";
import { afterCursor, cursorTimestamp, encodeCursor, newestFirst, type Cursor } from "../platform/keyset-cursor";
import { startCsvStream, submissionCsvColumns, type CsvColumn } from "../platform/csv-stream";
import { evidenceColumns, leadFilterConditions } from "./lead-desk-service";
import { bookingSourceOf } from "../leads/lead-service";

/*
 * The bookings list is the inbox's query restricted to booking inquiries, the leads of a booking
 * or enterprise form that was stored (the rows of the booking_inquiries view): the same search,
 * source and date conditions (leadFilterConditions) and the same keyset order on (created_at, id),
 * with the form's fields this list shows.
 */
const l = leads;

/** Every stored field of an inquiry except the internal idempotency key, named as the inquiry names them. */
const listColumns = {
  id: l.id,
  createdAt: l.createdAt,
  name: l.name,
  workEmail: l.email,
  companyName: l.company,
  jobTitle: l.jobTitle,
  aiGoal: l.aiGoal,
  totalCalls: l.totalCalls,
  tcpaConsent: l.tcpaConsent,
  sourceForm: l.source,
  consentTextVersion: l.consentTextVersion,
  ...evidenceColumns,
  cursorTs: cursorTimestamp(l.createdAt),
};

type Row = Awaited<ReturnType<typeof selectPage>>[number];

function selectPage(db: Db, filters: BookingFilters, cursor: Cursor | null, limit: number) {
  const conditions = [eq(l.kind, "booking_inquiry"), isNotNull(l.idempotencyKey), ...leadFilterConditions(filters)];
  if (cursor) conditions.push(afterCursor(l.createdAt, l.id, cursor));
  return db
    .select(listColumns)
    .from(l)
    .where(and(...conditions))
    .orderBy(...newestFirst(l.createdAt, l.id))
    .limit(limit);
}

/** An inquiry's form fields are never null: the list reads stored booking forms only (leads_booking_fields). */
function toBooking({ cursorTs: _cursorTs, ...row }: Row): Booking {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    jobTitle: row.jobTitle ?? "",
    tcpaConsent: row.tcpaConsent ?? false,
    sourceForm: bookingSourceOf(row.sourceForm),
    consentTextVersion: row.consentTextVersion ?? "",
  };
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
