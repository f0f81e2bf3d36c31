import { aliasedTable, and, eq } from "drizzle-orm";
import { leadStatusLabels, type LeadFilters } from "@shared/schemas/lead-desk";
import { fitLabels, fitTierLabels } from "@shared/schemas/lead-fit";
import type { Db } from "../db/client";
import { leads, users } from "../db/schema";
import { afterCursor, cursorTimestamp, newestFirst, type Cursor } from "../platform/keyset-cursor";
import { startCsvStream, submissionCsvColumns, type CsvColumn } from "../platform/csv-stream";
import { leadFilterConditions, submissionColumns, type DeskSettings } from "./lead-desk-service";

/**
 * The inbox's CSV export (docs/decisions/0701): every lead matching the filters, newest first,
 * with the desk's fields and every field of its submission, whichever form it came from.
 */

const l = leads;
const owner = aliasedTable(users, "owner");

const exportColumns = {
  id: l.id,
  kind: l.kind,
  createdAt: l.createdAt,
  source: l.source,
  status: l.status,
  ownerEmail: owner.email,
  name: l.name,
  email: l.email,
  company: l.company,
  firstResponseAt: l.firstResponseAt,
  meetingBookedAt: l.meetingBookedAt,
  meetingStartsAt: l.meetingStartsAt,
  fitTier: l.fitTier,
  emailKind: l.emailKind,
  ...submissionColumns,
  firstArticlePath: l.firstArticlePath,
  cursorTs: cursorTimestamp(l.createdAt),
};

/** One batch's query (exported for scripts/bench-admin-leads.ts, which EXPLAINs it). */
export function leadExportBatchQuery(db: Db, filters: LeadFilters, settings: DeskSettings, cursor: Cursor | null, size: number) {
  const conditions = leadFilterConditions(filters, settings);
  if (cursor) conditions.push(afterCursor(l.createdAt, l.id, cursor));
  return db
    .select(exportColumns)
    .from(l)
    .leftJoin(owner, eq(owner.id, l.ownerUserId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...newestFirst(l.createdAt, l.id))
    .limit(size);
}

type Row = Awaited<ReturnType<typeof leadExportBatchQuery>>[number];

const when = (value: Date | null) => value?.toISOString() ?? null;

const csvColumns: CsvColumn<Row>[] = [
  ["id", (r) => r.id],
  ["created_at", (r) => r.createdAt.toISOString()],
  ["source", (r) => r.source],
  ["status", (r) => leadStatusLabels[r.status]],
  ["owner_email", (r) => r.ownerEmail],
  ["name", (r) => r.name],
  ["email", (r) => r.email],
  ["company", (r) => r.company],
  ["first_response_at", (r) => when(r.firstResponseAt)],
  ["meeting_booked_at", (r) => when(r.meetingBookedAt)],
  ["meeting_starts_at", (r) => when(r.meetingStartsAt)],
  // The tier in words and the labels as the inbox shows them (docs/decisions/0710).
  ["fit_tier", (r) => fitTierLabels[r.fitTier]],
  ["email_kind", (r) => r.emailKind],
  ["fit_labels", (r) => fitLabels({ tier: r.fitTier, emailKind: r.emailKind ?? "work" }).join("; ")],
  ["job_title", (r) => r.jobTitle],
  ["total_calls", (r) => r.totalCalls],
  ["ai_goal", (r) => r.aiGoal],
  ["tcpa_consent", (r) => r.tcpaConsent],
  ["consent_text_version", (r) => r.consentTextVersion],
  ["contact_role", (r) => r.role],
  ["phone", (r) => r.phone],
  ["industry", (r) => r.industry],
  ["company_size", (r) => r.companySize],
  ["contact_notes", (r) => r.notes],
  ...submissionCsvColumns<Row>(),
  // The blog post the visitor read first, if any (the lead page names it; issue 41's funnel).
  ["first_article_path", (r) => r.firstArticlePath],
];

/** The export's header line, for tests and the decision record. */
export const LEAD_EXPORT_HEADERS = csvColumns.map(([header]) => header);

/**
 * The CSV of every lead matching the filters, streamed in keyset batches of 1,000; the first batch
 * is read before this resolves, so a query that fails is still an error answer (see startCsvStream).
 */
export function startLeadsCsv(db: Db, filters: LeadFilters, settings: DeskSettings): Promise<ReadableStream<Uint8Array>> {
  return startCsvStream(csvColumns, (after, size) => leadExportBatchQuery(db, filters, settings, after, size));
}
