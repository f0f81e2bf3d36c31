import type { AnalyticsContentReport, AnalyticsReport, AnalyticsRow } from "@shared/api/analytics-api";
import type { AnalyticsQuery } from "@shared/schemas/analytics";
import { csvCell } from "../platform/csv-stream";

const line = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A share (0..1) as a spreadsheet reads it, to four places. */
const share = (value: number) => value.toFixed(4);

function tableBlock(title: string, rows: AnalyticsRow[]): string {
  return line([title, "Visitors", "Submissions", "Meetings booked", "Conversion"]) + rows.map((r) => line([r.key, r.visitors, r.submissions, r.meetings, share(r.conversion)])).join("");
}

/**
 * The report as a CSV file, block by block as the screen shows it: the range and filters, the
 * funnel beside the previous period, totals, the daily series and the four tables, a blank line
 * between blocks. Counts only: nothing in it names or identifies a visitor. Values a visitor
 * chose (paths, campaign names) go through csvCell, so none can run as a spreadsheet formula.
 */
export function reportCsv(report: AnalyticsReport, query: AnalyticsQuery): string {
  const blocks = [
    line(["From", "To", "Days", "Previous from", "Previous to", "Source", "Campaign", "Landing page", "Device"]) +
      line([report.range.from, report.range.to, report.range.days, report.previousRange.from, report.previousRange.to, query.source, query.campaign, query.landing, query.device]),
    line(["Funnel step", "Visitors", "Previous period"]) +
      report.funnel.map((step, i) => line([step.step, step.count, report.previousFunnel[i]?.count ?? 0])).join(""),
    line(["Total", "This period", "Previous period"]) +
      line(["Visitors", report.totals.visitors, report.previousTotals.visitors]) +
      line(["Page views", report.totals.pageviews, report.previousTotals.pageviews]) +
      line(["Submissions", report.totals.submissions, report.previousTotals.submissions]) +
      line(["Meetings booked", report.totals.meetings, report.previousTotals.meetings]) +
      line(["Demo plays", report.demoPlays, ""]),
    line(["Day", "Visitors", "Submissions", "Meetings booked"]) + report.series.map((d) => line([d.day, d.visitors, d.submissions, d.meetings])).join(""),
    tableBlock("Source", report.bySource),
    tableBlock("Campaign", report.byCampaign),
    tableBlock("Landing page", report.byLanding),
    tableBlock("Device", report.byDevice),
  ];
  return `\uFEFF${blocks.join("\r\n")}`;
}

/**
 * The Content view as a CSV file (docs/decisions/0801): the range, then one line per post as the
 * screen lists them. Titles are staff's words, paths the site's, both through csvCell all the same.
 */
export function contentCsv(report: AnalyticsContentReport): string {
  const blocks = [
    line(["From", "To", "Days"]) + line([report.range.from, report.range.to, report.range.days]),
    line(["Post", "Path", "Visitors", "Book demo clicks", "Leads"]) +
      report.posts.map((p) => line([p.title ?? "", p.path, p.visitors, p.bookDemoClicks, p.leads])).join(""),
  ];
  return `\uFEFF${blocks.join("\r\n")}`;
}
