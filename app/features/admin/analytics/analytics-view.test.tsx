import { renderToStaticMarkup } from "react-dom/server";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { plainSpaces, renderScreen } from "../../../../tests/support/render-screen";
import type { AnalyticsContentReport, AnalyticsReport, AnalyticsRow } from "@shared/api/analytics-api";
import type { AnalyticsQuery } from "@shared/schemas/analytics";
import { analyticsContentKey, analyticsKey } from "./analytics-api";
import { CONTENT_EMPTY } from "./analytics-content";
import { FunnelChart, SeriesChart } from "./analytics-charts";
import { funnelRows } from "./analytics-query";
import { ANALYTICS_EMPTY, AnalyticsView } from "./analytics-view";

const now = new Date("2026-11-24T15:00:00.000Z");

/** The screen at this URL, with the report the server would answer for `query` (none: still loading). */
function render(url: string, query: AnalyticsQuery | null, report?: AnalyticsReport) {
  return plainSpaces(renderScreen(<AnalyticsView now={now} />, { data: query && report ? [[[...analyticsKey, query], report]] : [], url }));
}

const row = (key: string, visitors: number, submissions: number, meetings: number): AnalyticsRow => ({
  key,
  visitors,
  submissions,
  meetings,
  conversion: visitors ? submissions / visitors : 0,
});

const steps = (counts: number[]) =>
  (["visitors", "cta_clicks", "dialog_opens", "form_starts", "submissions", "meetings_booked"] as const).map((step, i) => ({ step, count: counts[i] ?? 0 }));

const today: AnalyticsQuery = { from: "2026-11-24", to: "2026-11-24" };
const report: AnalyticsReport = {
  range: { from: "2026-11-24", to: "2026-11-24", days: 1 },
  previousRange: { from: "2026-11-23", to: "2026-11-23" },
  funnel: steps([3, 2, 2, 1, 1, 1]),
  previousFunnel: steps([2, 2, 0, 0, 0, 0]),
  totals: { visitors: 3, pageviews: 5, submissions: 1, meetings: 1 },
  previousTotals: { visitors: 2, pageviews: 5, submissions: 0, meetings: 0 },
  series: [{ day: "2026-11-24", visitors: 3, submissions: 1, meetings: 1 }],
  bySource: [row("(direct)", 1, 0, 0), row("newsletter", 2, 1, 1)],
  byCampaign: [row("fall", 2, 1, 1), row("(none)", 1, 0, 0)],
  byLanding: [row("/", 2, 1, 1), row("/pricing", 1, 0, 0)],
  byDevice: [{ ...row("phone", 1, 1, 1), key: "phone" }, { ...row("desktop", 2, 0, 0), key: "desktop" }, { ...row("tablet", 0, 0, 0), key: "tablet" }],
  demoPlays: 0,
};

const section = (html: string, testId: string) => html.split(`data-testid="${testId}"`)[1]!.split("</section>")[0]!;
/** The text a desktop reader sees: without the phone cards' small labels (hidden from md up). */
const text = (html: string) =>
  html
    .replace(/<span class="[^"]*md:hidden[^"]*">[^<]*<\/span>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the funnel report", () => {
  it("shows each figure with its change against the previous period, 'new' after none", () => {
    const html = text(render("/admin/analytics?range=today", today, report));
    expect(html).toContain("Visitors 3 +50% vs previous day (2)");
    expect(html).toContain("Page views 5 no change vs previous day");
    expect(html).toContain("Submissions 1 new vs previous day (none then)");
    expect(html).toContain("Meetings booked 1 new vs previous day");
    expect(html).toContain("Nov 24, 2026 (UTC), compared with the previous day: Nov 23, 2026");
  });

  it("lists the funnel's steps with their count and conversion from the step before and from visitors", () => {
    const html = render("/admin/analytics?range=today", today, report);
    const table = text(html.split('data-testid="analytics-funnel-table"')[1]!.split("</table>")[0]!);
    expect(table).toContain("Visitors 3 — 100% +50%");
    expect(table).toContain("CTA clicks 2 66.7% 66.7% no change");
    expect(table).toContain("Dialog opens 2 100% 66.7% new");
    expect(table).toContain("Form starts 1 50% 33.3% new");
    expect(table).toContain("Submissions 1 100% 33.3% new");
    expect(table).toContain("Meetings booked 1 100% 33.3% new");
  });

  it("lists each table's rows, most visitors first, each a link filtering the whole report by it", () => {
    const html = render("/admin/analytics?range=today", today, report);
    const sources = section(html, "analytics-by-source");
    expect([...sources.matchAll(/data-key="([^"]+)"/g)].map((m) => m[1])).toEqual(["newsletter", "(direct)"]);
    expect(sources).toContain('href="/admin/analytics?range=today&amp;source=newsletter"');
    expect(sources).toMatch(/<a aria-label="Filter by source: newsletter"[^>]*>newsletter<\/a>/);
    expect(text(sources)).toContain("newsletter 2 1 1 50%");
    expect(sources).toContain('href="/admin/analytics?range=today&amp;source=%28direct%29"');
    expect(section(html, "analytics-by-landing")).toContain('href="/admin/analytics?range=today&amp;landing=%2Fpricing"');
    const devices = text(section(html, "analytics-by-device"));
    // Devices in words; the phone converted 1 of 1.
    expect(section(html, "analytics-by-device")).toContain('aria-label="Filter by device: Phone"');
    expect(devices).toContain("Phone 1 1 1 100%");
    expect(devices).toContain("Desktop 2 0 0 0%");
    // No visitors, no rate: not a measured 0%.
    expect(devices).toContain("Tablet 0 0 0 —");
    expect(text(section(html, "analytics-by-campaign"))).toContain("(none) 1 0 0 0%");
  });

  it("shows the filter as a chip whose × clears it, keeps the range, and offers no link to the row already chosen", () => {
    const html = render("/admin/analytics?range=today&source=newsletter", { ...today, source: "newsletter" }, report);
    const chip = html.split('data-testid="analytics-filter"')[1]!.split("</p>")[0]!;
    expect(text(chip)).toContain("Filtered by source: newsletter");
    expect(chip).toMatch(/<a aria-label="Clear the source filter"[^>]*href="\/admin\/analytics\?range=today"/);
    expect(section(html, "analytics-by-source")).not.toContain("href=");
    // Another table's row replaces the filter: one row filter at a time.
    expect(section(html, "analytics-by-campaign")).toContain('href="/admin/analytics?range=today&amp;campaign=fall"');
  });

  it("gives each chart a text alternative: the funnel table, and the days as a table for screen readers", () => {
    const html = render("/admin/analytics?range=today", today, report);
    expect(html).toContain('<div class="sr-only"><table><caption>Visitors, submissions and meetings booked per UTC day</caption>');
    expect(text(html)).toContain("Nov 24, 2026 3 1 1");
    const funnel = renderToStaticMarkup(<FunnelChart rows={funnelRows(report.funnel, report.previousFunnel)} label="Funnel: 3 visitors." />);
    expect(funnel).toMatch(/^<div role="img" aria-label="Funnel: 3 visitors\."/);
    const series = renderToStaticMarkup(<SeriesChart series={report.series} label="By day." />);
    expect(series).toMatch(/^<div role="img" aria-label="By day\."/);
  });

  it("has a loading state, and an empty state when the range has no visits", () => {
    expect(render("/admin/analytics", null)).toContain('data-testid="analytics-loading"');
    const empty = {
      ...report,
      funnel: steps([]),
      totals: { visitors: 0, pageviews: 0, submissions: 0, meetings: 0 },
      series: [],
      bySource: [],
      byCampaign: [],
      byLanding: [],
      byDevice: [],
    };
    const html = render("/admin/analytics?range=today", today, empty);
    expect(html).toContain('data-testid="analytics-empty"');
    expect(html).toContain(ANALYTICS_EMPTY);
    expect(html).not.toContain("analytics-report");
  });

  it("opens the custom range from the URL, with the shared schema's message beside a bad date and nothing asked", () => {
    const html = render("/admin/analytics?range=custom&from=2026-11-10&to=2026-11-01", null);
    expect(html).toMatch(/<input[^>]*id="analytics-from"[^>]*min="2000-01-01"[^>]*max="2100-12-31"[^>]*value="2026-11-10"/);
    expect(html).toContain("The start date must not be after the end date");
    expect(html).toContain('data-testid="analytics-refused"');
    expect(html).not.toContain("analytics-loading");
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Custom<\/button>/);
  });

  it("marks the chosen preset, and has no custom fields for a preset", () => {
    const html = render("/admin/analytics?range=today", today, report);
    expect([...html.matchAll(/<button[^>]*aria-pressed="true"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(["Today"]);
    expect(html).not.toContain('id="analytics-from"');
  });

  // Cards below md: nothing may force the page wider than a phone, and no utility overrides another.
  it("has no fixed minimum width below md and no conflicting utilities", () => {
    const html = render("/admin/analytics?range=today&source=newsletter", { ...today, source: "newsletter" }, report);
    expect(html).not.toMatch(/(?<![a-z]:)min-w-\[/);
    // A table does not shrink to sr-only's 1 px: its wrapper hides it (a hidden table widened a phone's page to 487 px).
    expect(html).not.toMatch(/<table[^>]*class="[^"]*sr-only/);
    const conflicts = [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, list]) => {
      const kept = new Set(twMerge(list!).split(/\s+/));
      return list!.split(/\s+/).filter((c) => c && !kept.has(c));
    });
    expect(conflicts).toEqual([]);
  });
});

describe("the Content view", () => {
  const contentReport: AnalyticsContentReport = {
    range: { from: "2026-11-24", to: "2026-11-24", days: 1 },
    posts: [
      { path: "/blog/answering-every-call", title: "Answering every call", visitors: 1234, bookDemoClicks: 56, leads: 7 },
      { path: "/blog/a-post-since-unpublished", title: null, visitors: 3, bookDemoClicks: 0, leads: 1 },
      { path: "/blog/quiet-post", title: "A quiet post", visitors: 0, bookDemoClicks: 0, leads: 0 },
    ],
  };
  const renderContent = (url: string, report: AnalyticsContentReport | undefined) =>
    plainSpaces(renderScreen(<AnalyticsView now={now} />, { data: report ? [[[...analyticsContentKey, today], report]] : [], url }));

  it("lists each post with its visitors, Book demo clicks and leads for the range, a post no longer published by its path", () => {
    const html = renderContent("/admin/analytics?range=today&view=content", contentReport);
    const table = section(html, "analytics-content");
    expect([...table.matchAll(/data-path="([^"]+)"/g)].map((m) => m[1])).toEqual(["/blog/answering-every-call", "/blog/a-post-since-unpublished", "/blog/quiet-post"]);
    expect(text(table)).toContain("Post Visitors Book demo clicks Leads");
    expect(text(table)).toContain("Answering every call /blog/answering-every-call 1,234 56 7");
    expect(text(table)).toContain("/blog/a-post-since-unpublished No longer published 3 0 1");
    expect(text(table)).toContain("A quiet post /blog/quiet-post 0 0 0");
    expect(text(html)).toContain("Nov 24, 2026 (UTC)");
    // The funnel's sections are not shown, nor asked for.
    expect(html).not.toContain("analytics-funnel-table");
    expect(html).not.toContain("analytics-loading");
  });

  it("names each figure in words on a phone's card, where no column header shows", () => {
    const table = section(renderContent("/admin/analytics?range=today&view=content", contentReport), "analytics-content");
    const cards = [...table.matchAll(/<tr class="([^"]*)"[^>]*data-testid="analytics-content-row"[^>]*>([\s\S]*?)<\/tr>/g)];
    expect(cards).toHaveLength(3);
    for (const [, rowClasses, cells] of cards) {
      expect(rowClasses).toContain("grid-cols-2");
      expect([...cells!.matchAll(/<span class="[^"]*md:hidden[^"]*">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(["Visitors", "Book demo clicks", "Leads"]);
    }
  });

  it("switches views by links that keep the range and the filter, the chosen one marked", () => {
    const html = renderContent("/admin/analytics?range=today&source=newsletter&view=content", contentReport);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/admin\/analytics\?view=content&amp;range=today&amp;source=newsletter"[^>]*>Content<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/analytics\?range=today&amp;source=newsletter"[^>]*>Funnel<\/a>/);
    // The row filter is the funnel's: said so, not applied, and kept for going back.
    expect(text(html)).toContain("The source filter applies to the funnel; the Content view counts every visitor.");
    expect(html).not.toContain('data-testid="analytics-filter"');
    const funnel = render("/admin/analytics?range=today", today, report);
    expect(funnel).toMatch(/<a [^>]*href="\/admin\/analytics\?view=content&amp;range=today"[^>]*>Content<\/a>/);
    expect(funnel).toMatch(/<a aria-current="page"[^>]*>Funnel<\/a>/);
  });

  it("has a loading state, and an empty state before any post is published", () => {
    expect(renderContent("/admin/analytics?range=today&view=content", undefined)).toContain('data-testid="analytics-loading"');
    const html = renderContent("/admin/analytics?range=today&view=content", { ...contentReport, posts: [] });
    expect(html).toContain('data-testid="analytics-content-empty"');
    expect(html).toContain(CONTENT_EMPTY);
    expect(html).not.toContain("<table");
  });

  // A phone never scrolls sideways: no fixed minimum width, long titles and paths wrap.
  it("has no fixed minimum width below md, wraps long titles and paths, and no conflicting utilities", () => {
    const long = { path: `/blog/${"a".repeat(80)}`, title: "W".repeat(120), visitors: 1, bookDemoClicks: 1, leads: 1 };
    const html = renderContent("/admin/analytics?range=today&view=content", { ...contentReport, posts: [...contentReport.posts, long] });
    expect(html).not.toMatch(/(?<![a-z]:)min-w-\[/);
    expect(html).not.toMatch(/<table[^>]*class="[^"]*sr-only/);
    const row = html.split(`data-path="${long.path}"`)[1]!.split("</tr>")[0]!;
    expect(row).toMatch(/<th scope="row" class="[^"]*break-words/);
    expect(row).toMatch(/<span class="[^"]*break-all[^"]*">\/blog\/a{80}<\/span>/);
    const conflicts = [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, list]) => {
      const kept = new Set(twMerge(list!).split(/\s+/));
      return list!.split(/\s+/).filter((c) => c && !kept.has(c));
    });
    expect(conflicts).toEqual([]);
  });
});
