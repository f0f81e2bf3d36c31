import type { Cursor } from "./keyset-cursor";

/** A CSV column: its header and how a row's cell reads. */
export type CsvColumn<Row> = [header: string, value: (row: Row) => unknown];

/** Where a submission came from and how it was checked, as every lead form stores it. */
type SubmissionTrail = Record<
  "pagePath" | "referrer" | "utmSource" | "utmMedium" | "utmCampaign" | "utmTerm" | "utmContent" | "clientIp" | "userAgent" | "botCheck",
  unknown
>;

/** The last columns of both exports (bookings, leads): the submission's page, campaign, address and bot check. */
export function submissionCsvColumns<Row extends SubmissionTrail>(): CsvColumn<Row>[] {
  return [
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
}

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

export const EXPORT_BATCH = 1000;

/**
 * A CSV file of every row `readBatch` gives, streamed in keyset batches. The first batch is read
 * before this resolves: a query that fails then rejects here, while the route can still answer an
 * error, instead of after a 200 and the header line, when it could only cut the file short
 * (docs/decisions/0203). A later batch that fails still ends the stream with an error. The file
 * starts with a byte-order mark so Excel reads it as UTF-8.
 */
export async function startCsvStream<Row extends { id: string; cursorTs: string }>(
  columns: CsvColumn<Row>[],
  readBatch: (after: Cursor | null, size: number) => Promise<Row[]>,
  batchSize = EXPORT_BATCH,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const lines = (rows: Row[]) => rows.map((row) => `${columns.map(([, get]) => csvCell(get(row))).join(",")}\r\n`).join("");
  const cursorAfter = (rows: Row[]): Cursor | null => {
    const last = rows.at(-1);
    return rows.length === batchSize && last ? { ts: last.cursorTs, id: last.id } : null;
  };
  const first = await readBatch(null, batchSize);
  let next = cursorAfter(first);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${columns.map(([header]) => header).join(",")}\r\n${lines(first)}`));
        } else if (next) {
          const rows = await readBatch(next, batchSize);
          if (rows.length > 0) controller.enqueue(encoder.encode(lines(rows)));
          next = cursorAfter(rows);
        }
        if (!next) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
