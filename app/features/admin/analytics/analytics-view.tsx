import * as React from "react";
import { Link, useSearchParams } from "react-router";
import { Download, X } from "lucide-react";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import type { AnalyticsReport, AnalyticsRow, AnalyticsTotals } from "@shared/api/analytics-api";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { formatCount } from "@shared/number-format";
import { ApiError, isAuthError } from "../api-client";
import { formatDay } from "../format";
import { downloadAnalyticsContentCsv, downloadAnalyticsCsv, useAnalytics } from "./analytics-api";
import { ContentView } from "./analytics-content";
import { CellLabel, bodyClass, cellClass, funnelCellClass, headClass, nameCellClass, rowClass, tableBox, tableClass } from "./analytics-table";
import {
  CUSTOM_DATE_LIMITS,
  changeText,
  checkCustomRange,
  dimensionLabels,
  formatRange,
  formatRatio,
  funnelRows,
  presetLabels,
  previousPeriodName,
  rangePresets,
  readReportLocation,
  reportSearch,
  reportViews,
  rowLabel,
  viewLabels,
  type FilterDimension,
  type FunnelRow,
  type RangePreset,
  type ReportView,
  type RowFilter,
} from "./analytics-query";
import { isRefusal } from "../api-client";
import { FetchFailedCard, ListEmpty, ListLoading, RefusedCard } from "../list-states";

export const ANALYTICS_FETCH_FAILED = "Failed to fetch analytics";
export const ANALYTICS_EMPTY = "No visits recorded in this range yet";

// Recharts loads with the first report, in a chunk of its own: never on a public page or another
// admin screen (docs/decisions/0801).
const FunnelChart = React.lazy(() => import("./analytics-charts").then((m) => ({ default: m.FunnelChart })));
const SeriesChart = React.lazy(() => import("./analytics-charts").then((m) => ({ default: m.SeriesChart })));

/**
 * The funnel report (docs/decisions/0801): range presets and a custom range, the
 * funnel, visitors and submissions by day, and the tables by source, campaign, landing page and
 * device, each row a link that filters the whole report by it; or, for the same range, the
 * Content view per blog post (docs/decisions/0801). Range, filter and view live in the URL.
 */
export function AnalyticsView({ now: fixedNow }: { now?: Date }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();
  // Today as the page opened: the presets count back from it.
  const [now] = React.useState(() => fixedNow ?? new Date());
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the params object changes identity on every render; its text is the key.
  const location = React.useMemo(() => readReportLocation(searchParams, now), [urlKey, now]);
  const { view, preset, query, filter } = location;
  const contentQuery = React.useMemo(() => (query ? { from: query.from, to: query.to } : null), [query]);

  // The custom range's fields follow the URL when it changes (a link, Back).
  const initialDraft = () => (preset === "custom" ? location.custom : query ? { from: query.from, to: query.to } : location.custom);
  const [draft, setDraft] = React.useState(initialDraft);
  const [draftKey, setDraftKey] = React.useState(urlKey);
  const [customOpen, setCustomOpen] = React.useState(false);
  const [errors, setErrors] = React.useState<Partial<Record<"from" | "to", string>>>({});
  if (draftKey !== urlKey) {
    setDraftKey(urlKey);
    setDraft(initialDraft());
    setErrors({});
  }

  // The funnel's report is asked for only while the funnel is shown.
  const report = useAnalytics(view === "funnel" ? query : null);
  const refused = isRefusal(report.error) ? report.error : null;
  const fetchFailed = report.isError && !isAuthError(report.error) && !refused;
  const fieldErrors = { ...location.errors, ...pick(refused?.fieldErrors, ["from", "to"]), ...errors };
  const [exporting, setExporting] = React.useState(false);

  React.useEffect(() => {
    if (fetchFailed) toast.error(ANALYTICS_FETCH_FAILED);
  }, [fetchFailed]);

  const go = (nextPreset: RangePreset, custom: { from: string; to: string }, nextFilter: RowFilter | null, nextView: ReportView = view) =>
    setSearchParams(new URLSearchParams(reportSearch(nextPreset, custom, nextFilter, nextView)));

  function choose(next: RangePreset) {
    if (next === "custom") {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    go(next, location.custom, filter);
  }

  function applyCustom(event: React.FormEvent) {
    event.preventDefault();
    const custom = { from: draft.from.trim(), to: draft.to.trim() };
    const problems = checkCustomRange(custom);
    setErrors(problems);
    if (Object.keys(problems).length === 0) go("custom", custom, filter);
  }

  async function exportCsv() {
    if (!query || !contentQuery) return;
    setExporting(true);
    try {
      await (view === "content" ? downloadAnalyticsContentCsv(contentQuery) : downloadAnalyticsCsv(query));
      toast.success("Export downloaded");
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : "Failed to export analytics");
    } finally {
      setExporting(false);
    }
  }

  const showCustom = preset === "custom" || customOpen;
  const data = report.data;
  const linkTo = (next: RowFilter | null) => reportSearch(preset, location.custom, next) || "?";
  const viewTo = (next: ReportView) => reportSearch(preset, location.custom, filter, next) || "?";

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card padded={false} className="grid gap-4 p-4 sm:p-5">
        {/* Which view: links, so each view has its own address (and Back returns to the other). */}
        <nav aria-label="Report view" className="flex flex-wrap gap-1.5">
          {reportViews.map((v) => (
            <Link
              key={v}
              to={viewTo(v)}
              aria-current={v === view ? "page" : undefined}
              data-testid={`analytics-view-${v}`}
              className={cn(
                "inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                v === view ? "border-primary bg-primary text-primary-foreground" : "border-border bg-background text-foreground hover:bg-muted",
              )}
            >
              {viewLabels[v]}
            </Link>
          ))}
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Date range" className="flex flex-wrap gap-1.5">
            {rangePresets.map((p) => (
              <Button
                key={p}
                type="button"
                size="sm"
                variant={(p === "custom" ? showCustom : p === preset && !customOpen) ? "default" : "outline"}
                aria-pressed={p === "custom" ? showCustom : p === preset && !customOpen}
                onClick={() => choose(p)}
              >
                {presetLabels[p]}
              </Button>
            ))}
          </div>
          <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => void exportCsv()} disabled={exporting || !query}>
            <Download aria-hidden="true" />
            {exporting ? "Exporting..." : "Export CSV"}
          </Button>
        </div>
        {showCustom ? (
          <form onSubmit={applyCustom} noValidate aria-label="Custom range" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            {/* The pickers offer only the days the server accepts (the shared schema's limits). */}
            <FormField id="analytics-from" label="From (UTC day)" error={fieldErrors.from}>
              {(control) => (
                <Input {...control} type="date" min={CUSTOM_DATE_LIMITS.min} max={CUSTOM_DATE_LIMITS.max} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
              )}
            </FormField>
            <FormField id="analytics-to" label="To (UTC day)" error={fieldErrors.to}>
              {(control) => (
                <Input {...control} type="date" min={CUSTOM_DATE_LIMITS.min} max={CUSTOM_DATE_LIMITS.max} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
              )}
            </FormField>
            <Button type="submit" className="sm:mt-7">
              Show range
            </Button>
          </form>
        ) : null}
        {view === "content" && query ? (
          <p className="text-sm text-muted-foreground" data-testid="analytics-range">
            <span className="font-semibold text-foreground">{formatRange(query)}</span> (UTC)
          </p>
        ) : null}
        {data && query && view === "funnel" ? (
          <p className="text-sm text-muted-foreground" data-testid="analytics-range">
            <span className="font-semibold text-foreground">{formatRange(data.range)}</span> (UTC), compared with the {previousPeriodName(data.range.days)}:{" "}
            {formatRange(data.previousRange)}
          </p>
        ) : null}
        {filter && view === "funnel" ? <FilterChip filter={filter} clearTo={linkTo(null)} /> : null}
        {filter && view === "content" ? (
          <p className="text-sm text-muted-foreground" data-testid="analytics-filter-not-applied">
            The {dimensionLabels[filter.dimension]} filter applies to the funnel; the Content view counts every visitor.
          </p>
        ) : null}
        {location.errors.filter ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {location.errors.filter}
          </p>
        ) : null}
      </Card>

      {!query ? (
        <Card role="alert" data-testid="analytics-refused">
          <p className="font-medium text-destructive">No report shown: correct the dates above.</p>
        </Card>
      ) : view === "content" && contentQuery ? (
        <ContentView query={contentQuery} onRefusedAction={() => go("30d", location.custom, filter)} />
      ) : report.isPending ? (
        <ListLoading label="Loading analytics" testId="analytics-loading" />
      ) : refused ? (
        <RefusedCard
          message={fieldErrors.from || fieldErrors.to ? "No report shown: correct the dates above." : refused.message || "The server refused this report."}
          action="Show the last 30 days"
          onAction={() => go("30d", location.custom, null)}
          testId="analytics-refused"
        />
      ) : fetchFailed ? (
        <FetchFailedCard message={ANALYTICS_FETCH_FAILED} onRetry={() => void report.refetch()} />
      ) : data && data.totals.visitors === 0 && data.funnel.every((s) => s.count === 0) ? (
        <ListEmpty
          title={ANALYTICS_EMPTY}
          hint={filter
            ? `Nothing from this ${dimensionLabels[filter.dimension]} in ${formatRange(data.range)}. Clear the filter or pick a longer range.`
            : "The site counts its own visits, without cookies. Pick a longer range, or check back once visitors arrive."}
          testId="analytics-empty"
        />
      ) : data ? (
        <Report report={data} filter={filter} linkTo={linkTo} busy={report.isFetching} />
      ) : null}
    </div>
  );
}

function pick(record: Record<string, string> | undefined, keys: ("from" | "to")[]): Partial<Record<"from" | "to", string>> {
  return Object.fromEntries(keys.filter((k) => record?.[k]).map((k) => [k, record![k]]));
}

/** "Filtered by source: newsletter ×", the × a link to the same report without the filter. */
function FilterChip({ filter, clearTo }: { filter: RowFilter; clearTo: string }) {
  const label = dimensionLabels[filter.dimension];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span
        className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary/20 bg-primary-soft py-1 pl-3 pr-1 font-medium text-primary-hover"
        data-testid="analytics-filter"
      >
        <span className="min-w-0 break-words">
          Filtered by {label}: <strong className="font-semibold">{rowLabel(filter.dimension, filter.value)}</strong>
        </span>
        <Link
          to={clearTo}
          aria-label={`Clear the ${label} filter`}
          title="Clear the filter"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-primary/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden="true" />
        </Link>
      </span>
    </p>
  );
}

const figures: { key: keyof AnalyticsTotals; label: string }[] = [
  { key: "visitors", label: "Visitors" },
  { key: "pageviews", label: "Page views" },
  { key: "submissions", label: "Submissions" },
  { key: "meetings", label: "Meetings booked" },
];

/** The report once it has visits: figures, funnel, days, and the four tables. */
export function Report({ report, filter, linkTo, busy }: { report: AnalyticsReport; filter: RowFilter | null; linkTo: (f: RowFilter | null) => string; busy: boolean }) {
  const period = previousPeriodName(report.range.days);
  const rows = funnelRows(report.funnel, report.previousFunnel);
  const funnelSummary = `Funnel: ${rows.map((r) => `${r.label} ${formatCount(r.count)}`).join(", ")}.`;
  const seriesTotals = report.series.reduce((sum, d) => ({ visitors: sum.visitors + d.visitors, submissions: sum.submissions + d.submissions }), { visitors: 0, submissions: 0 });
  const peak = report.series.reduce<AnalyticsReport["series"][number] | null>((best, d) => (!best || d.visitors > best.visitors ? d : best), null);
  const seriesSummary =
    `Visitors and submissions per day, ${formatRange(report.range)}: ${formatCount(seriesTotals.visitors)} visitors and ${formatCount(seriesTotals.submissions)} submissions in all` +
    (peak && report.series.length > 1 ? `; most visitors on ${formatDay(peak.day)} (${formatCount(peak.visitors)}).` : ".") +
    " The table of days follows.";

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-busy={busy} data-testid="analytics-report">
      <section aria-labelledby="analytics-figures">
        <h2 id="analytics-figures" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {figures.map(({ key, label }) => {
            const change = changeText(report.totals[key], report.previousTotals[key]);
            return (
              <div key={key} className="rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5" data-testid={`analytics-figure-${key}`}>
                <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl" data-testid="analytics-figure-value">
                  {formatCount(report.totals[key])}
                </dd>
                <dd className="mt-1 text-xs" data-testid="analytics-figure-change">
                  <ChangeText change={change} period={period} previous={report.previousTotals[key]} />
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      <section aria-labelledby="analytics-funnel" className="grid gap-3">
        <h2 id="analytics-funnel" className="text-lg font-bold">
          Funnel
        </h2>
        <Card padded={false} className="grid gap-4 p-4 sm:p-5">
          <ChartSlot height={rows.length * 40 + 16}>
            <FunnelChart rows={rows} label={`${funnelSummary} The table below gives each step's conversion.`} />
          </ChartSlot>
          <FunnelTable rows={rows} period={period} />
          <p className="text-sm text-muted-foreground">
            Each step counts the visitors who took it (one address and browser per UTC day). Demo video plays: {formatCount(report.demoPlays)}.
          </p>
        </Card>
      </section>

      <section aria-labelledby="analytics-days" className="grid gap-3">
        <h2 id="analytics-days" className="text-lg font-bold">
          Visitors and submissions by day
        </h2>
        <Card padded={false} className="p-4 sm:p-5">
          <ChartSlot height={260}>
            <SeriesChart series={report.series} label={seriesSummary} />
          </ChartSlot>
          <SeriesTable series={report.series} />
        </Card>
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <BreakdownTable dimension="source" title="By source" rows={report.bySource} filter={filter} linkTo={linkTo} />
        <BreakdownTable dimension="campaign" title="By campaign" rows={report.byCampaign} filter={filter} linkTo={linkTo} />
        <BreakdownTable dimension="landing" title="By landing page" rows={report.byLanding} filter={filter} linkTo={linkTo} />
        <BreakdownTable dimension="device" title="By device" rows={report.byDevice} filter={filter} linkTo={linkTo} />
      </div>
    </div>
  );
}

function ChangeText({ change, period, previous }: { change: ReturnType<typeof changeText>; period: string; previous: number }) {
  const tone = change.trend === "up" || change.trend === "new" ? "text-success" : change.trend === "down" ? "text-destructive" : "text-muted-foreground";
  return (
    <span className="text-muted-foreground">
      <span className={cn("font-semibold", tone)}>{change.text}</span> vs {period}
      {change.trend === "new" ? " (none then)" : change.trend === "flat" ? "" : ` (${formatCount(previous)})`}
    </span>
  );
}

/** Keeps the chart's height while its code loads, so nothing below it moves. */
function ChartSlot({ height, children }: { height: number; children: React.ReactNode }) {
  return (
    <React.Suspense fallback={<div style={{ height }} className="w-full rounded-md bg-muted/60" data-testid="analytics-chart-loading" />}>{children}</React.Suspense>
  );
}

function FunnelTable({ rows, period }: { rows: FunnelRow[]; period: string }) {
  return (
    <div className={cn(tableBox, "md:rounded-lg")}>
      <table className={tableClass} data-testid="analytics-funnel-table">
        <caption className="sr-only">Funnel steps: visitors who took each step, and the conversion from the step before and from visitors</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className="px-3 py-2">Step</th>
            <th scope="col" className="px-3 py-2 text-right">Visitors</th>
            <th scope="col" className="px-3 py-2 text-right">From previous step</th>
            <th scope="col" className="px-3 py-2 text-right">From visitors</th>
            <th scope="col" className="px-3 py-2 text-right">vs {period}</th>
          </tr>
        </thead>
        <tbody className={bodyClass}>
          {rows.map((row) => {
            const change = changeText(row.count, row.previous);
            return (
              <tr key={row.step} className={rowClass} data-testid="analytics-funnel-step" data-step={row.step}>
                <th scope="row" className={nameCellClass}>
                  {row.label}
                </th>
                {/* On a phone the count sits beside the step's name, which says what it counts. */}
                <td className={cn(cellClass, "text-right font-semibold md:font-normal")} data-testid="funnel-count">
                  <CellLabel visible={false}>Visitors: </CellLabel>
                  {formatCount(row.count)}
                </td>
                <td className={funnelCellClass} data-testid="funnel-from-previous">
                  <CellLabel>From previous step</CellLabel>
                  {formatRatio(row.fromPrevious)}
                </td>
                <td className={funnelCellClass} data-testid="funnel-from-visitors">
                  <CellLabel>From visitors</CellLabel>
                  {formatRatio(row.fromVisitors)}
                </td>
                <td className={funnelCellClass}>
                  <CellLabel>vs {period}</CellLabel>
                  {change.text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The daily chart's numbers, for screen readers (the chart is one image to them). Hidden by its
 * wrapper: a table will not shrink to sr-only's 1 px, and would widen a phone's page.
 */
function SeriesTable({ series }: { series: AnalyticsReport["series"] }) {
  return (
    <div className="sr-only">
      <table>
        <caption>Visitors, submissions and meetings booked per UTC day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Visitors</th>
            <th scope="col">Submissions</th>
            <th scope="col">Meetings booked</th>
          </tr>
        </thead>
        <tbody>
          {series.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDay(d.day)}</th>
              <td>{d.visitors}</td>
              <td>{d.submissions}</td>
              <td>{d.meetings}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const columnTitles: Record<FilterDimension, string> = { source: "Source", campaign: "Campaign", landing: "Landing page", device: "Device" };

/** Most visitors first; ties by submissions, then by name, so the order never jumps between loads. */
function sortRows(rows: AnalyticsRow[]): AnalyticsRow[] {
  return [...rows].sort((a, b) => b.visitors - a.visitors || b.submissions - a.submissions || b.meetings - a.meetings || a.key.localeCompare(b.key));
}

function BreakdownTable({
  dimension,
  title,
  rows,
  filter,
  linkTo,
}: {
  dimension: FilterDimension;
  title: string;
  rows: AnalyticsRow[];
  filter: RowFilter | null;
  linkTo: (f: RowFilter | null) => string;
}) {
  const id = `analytics-by-${dimension}`;
  const label = dimensionLabels[dimension];
  const filteredHere = filter?.dimension === dimension;
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-3" data-testid={id}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <Card padded={false} className="p-4 text-sm text-muted-foreground">
          No visits in this range.
        </Card>
      ) : (
        <div className={cn(tableBox, "md:rounded-xl md:shadow-sm")}>
          <table className={tableClass}>
            <caption className="sr-only">
              Visitors, submissions, meetings booked and conversion by {label}
              {filteredHere ? "" : `; choose a ${label} to filter the report by it`}
            </caption>
            <thead className={headClass}>
              <tr>
                <th scope="col" className="px-3 py-2">
                  {columnTitles[dimension]}
                </th>
                <th scope="col" className="px-3 py-2 text-right">Visitors</th>
                <th scope="col" className="px-3 py-2 text-right">Submissions</th>
                <th scope="col" className="px-3 py-2 text-right">Meetings</th>
                <th scope="col" className="px-3 py-2 text-right">Conversion</th>
              </tr>
            </thead>
            <tbody className={bodyClass}>
              {sortRows(rows).map((row) => (
                <tr key={row.key} className={rowClass} data-testid="analytics-row" data-key={row.key}>
                  <th scope="row" className={cn(nameCellClass, "col-span-2")}>
                    {filteredHere ? (
                      rowLabel(dimension, row.key)
                    ) : (
                      // Its name says what it does and holds the row's visible text (WCAG 2.5.3, label in name).
                      <Link
                        to={linkTo({ dimension, value: row.key })}
                        aria-label={`Filter by ${label}: ${rowLabel(dimension, row.key)}`}
                        className="rounded-sm text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {rowLabel(dimension, row.key)}
                      </Link>
                    )}
                  </th>
                  <td className={cellClass}>
                    <CellLabel>Visitors</CellLabel>
                    {formatCount(row.visitors)}
                  </td>
                  <td className={cellClass}>
                    <CellLabel>Submissions</CellLabel>
                    {formatCount(row.submissions)}
                  </td>
                  <td className={cellClass}>
                    <CellLabel>Meetings</CellLabel>
                    {formatCount(row.meetings)}
                  </td>
                  <td className={cellClass}>
                    <CellLabel>Conversion</CellLabel>
                    {/* No visitors, no rate (the contract's 0 would read as a measured 0%). */}
                    {formatRatio(row.visitors === 0 ? null : row.conversion)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
