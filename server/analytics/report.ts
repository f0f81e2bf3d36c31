import { sql, type SQL } from "drizzle-orm";
import type { AnalyticsFunnelStep, AnalyticsReport, AnalyticsRow, AnalyticsTotals } from "@shared/api/analytics-api";
import { deviceClasses, type AnalyticsQuery, type DeviceClass } from "@shared/schemas/analytics";
import type { Db } from "../db/client";
import { addDays, daysInRange } from "./days";
import { breakdownRows, countColumns, countSums, dimensionSql, dimensions, visitRows, type CountColumn, type Dimension } from "./dimensions";

/** The longest range a report covers (its previous period reads as many days again). */
export const MAX_REPORT_DAYS = 400;
/** Rows each breakdown table lists at most, the most visited first. */
export const MAX_TABLE_ROWS = 100;

/** How a row without a value is named in the tables; a filter by that name finds it. */
export const NO_VALUE_LABELS: Record<Dimension, string> = { source: "(direct)", campaign: "(none)", landing: "(unknown)", device: "(unknown)" };

type Counts = Record<CountColumn, number>;
const ZERO = Object.fromEntries(countColumns.map((c) => [c, 0])) as Counts;

function countsOf(row: Partial<Record<CountColumn, unknown>> | undefined): Counts {
  const out = { ...ZERO };
  if (row) for (const key of countColumns) out[key] = Number(row[key] ?? 0);
  return out;
}

function add(a: Counts, b: Counts): Counts {
  const out = { ...a };
  for (const key of countColumns) out[key] += b[key];
  return out;
}

/** The query's filters as (dimension, stored value): a table's "(direct)" row is the empty source. */
function filtersOf(query: AnalyticsQuery): [Dimension, string][] {
  const filters: [Dimension, string][] = [];
  for (const dimension of dimensions) {
    const value = query[dimension];
    if (value !== undefined) filters.push([dimension, value === NO_VALUE_LABELS[dimension] ? "" : value]);
  }
  return filters;
}

const filterSql = (filters: [Dimension, string][]): SQL =>
  sql.join([sql`true`, ...filters.map(([dimension, value]) => sql`${dimensionSql[dimension]} = ${value}`)], sql` and `);

/** Per-day, per-period and per-row counts, however they were read. */
type Gathered = { perDay: Map<string, Counts>; previous: Counts; tables: Record<Dimension, Map<string, Counts>> };

/**
 * One filter or none: the stored breakdowns of the rolled-up days (a few dozen rows per day) and
 * the same breakdowns computed from the visitor-days of the days not rolled up yet (`open`:
 * today, and yesterday until its grace period ends), summed per day (the filter's total),
 * per period, and per table row over the range.
 */
async function gatherFromBreakdowns(db: Db, range: { from: string; to: string; previousFrom: string }, open: string[], filter: [Dimension, string] | null): Promise<Gathered> {
  const [filterDimension, filterValue] = filter ?? ["", ""];
  const others = dimensions.filter((d) => d !== filterDimension);
  const liveVisits = visitRows(
    sql`day = any(${`{${open.join(",")}}`}::date[]) and day between ${range.previousFrom}::date and ${range.to}::date and ${filterSql(filter ? [filter] : [])}`,
  );
  const live = breakdownRows(
    sql`live_visits`,
    [{ filter: filter?.[0] ?? null, dimension: "total" }, ...others.map((dimension) => ({ filter: filter?.[0] ?? null, dimension }))],
    "int",
  );
  // The open days' visitor-days are read once (materialized), then counted per breakdown.
  const { rows } = await db.execute<{ current: boolean; series_day: string | null; dimension: string; value: string } & Record<CountColumn, number>>(sql`
    with live_visits as materialized ${liveVisits},
    rows as (
      select day, dimension, value, ${sql.raw(countColumns.join(", "))}
        from analytics_daily_breakdowns
       where filter_dimension = ${filterDimension} and filter_value = ${filterValue}
         and day between ${range.previousFrom}::date and ${range.to}::date
      union all
      select day, dimension, value, ${sql.raw(countColumns.join(", "))}
        from (${live}) live
       where filter_dimension = ${filterDimension} and filter_value = ${filterValue}
    )
    select day >= ${range.from}::date as current,
           case when dimension = 'total' and day >= ${range.from}::date then to_char(day, 'YYYY-MM-DD') end as series_day,
           dimension, value, ${countSums("float8")}
      from rows
     where dimension = 'total' or day >= ${range.from}::date
     group by 1, 2, 3, 4`);

  const gathered: Gathered = { perDay: new Map(), previous: { ...ZERO }, tables: { source: new Map(), campaign: new Map(), landing: new Map(), device: new Map() } };
  for (const row of rows) {
    const counts = countsOf(row);
    if (row.dimension === "total") {
      if (row.current) gathered.perDay.set(row.series_day!, counts);
      else gathered.previous = counts;
    } else {
      gathered.tables[row.dimension as Dimension].set(row.value, counts);
    }
  }
  if (filter) gathered.tables[filter[0]].set(filter[1], [...gathered.perDay.values()].reduce(add, { ...ZERO }));
  return gathered;
}

/**
 * Several filters at once: the breakdowns hold one filter each, so this reads the full rollups
 * (every attribution combination per day) and the open days' visitor-days, with grouping sets.
 * Slower over long ranges (the cross product), and not what the report screen asks for.
 */
async function gatherFromRollups(db: Db, range: { from: string; to: string; previousFrom: string }, open: string[], filters: [Dimension, string][]): Promise<Gathered> {
  const where = filterSql(filters);
  const source = (from: string, to: string) => sql`(
    select day, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device, ${sql.raw(countColumns.join(", "))}
      from analytics_daily where day between ${from}::date and ${to}::date and ${where}
    union all
    select * from ${visitRows(sql`day = any(${`{${open.join(",")}}`}::date[]) and day between ${from}::date and ${to}::date`)} v where ${where}
  ) r`;
  const d = dimensionSql;
  const [grouped, before] = await Promise.all([
    db.execute<{ grp: number; day: string | null; source: string | null; campaign: string | null; landing: string | null; device: string | null } & Record<CountColumn, number>>(sql`
      select grouping(day, ${d.source}, ${d.campaign}, ${d.landing}, ${d.device}) as grp, to_char(day, 'YYYY-MM-DD') as day,
             ${d.source} as source, ${d.campaign} as campaign, ${d.landing} as landing, ${d.device} as device, ${countSums("float8")}
        from ${source(range.from, range.to)}
       group by grouping sets ((day), (${d.source}), (${d.campaign}), (${d.landing}), (${d.device}))`),
    db.execute<Record<CountColumn, number>>(sql`select ${countSums("float8")} from ${source(range.previousFrom, addDays(range.from, -1))}`),
  ]);
  // grouping()'s bits, day first: 1 where the set does not group by that column.
  const sets: Record<number, Dimension | "day"> = { 0b01111: "day", 0b10111: "source", 0b11011: "campaign", 0b11101: "landing", 0b11110: "device" };
  const gathered: Gathered = { perDay: new Map(), previous: countsOf(before.rows[0]), tables: { source: new Map(), campaign: new Map(), landing: new Map(), device: new Map() } };
  for (const row of grouped.rows) {
    const set = sets[Number(row.grp)];
    if (set === "day") gathered.perDay.set(row.day!, countsOf(row));
    else if (set) gathered.tables[set].set(row[set] ?? "", countsOf(row));
  }
  return gathered;
}

function funnelOf(c: Counts): AnalyticsFunnelStep[] {
  return [
    { step: "visitors", count: c.visitors },
    { step: "cta_clicks", count: c.cta_clicks },
    { step: "dialog_opens", count: c.dialog_opens },
    { step: "form_starts", count: c.form_starts },
    { step: "submissions", count: c.submissions },
    { step: "meetings_booked", count: c.meetings_booked },
  ];
}

const totalsOf = (c: Counts): AnalyticsTotals => ({ visitors: c.visitors, pageviews: c.pageviews, submissions: c.submissions, meetings: c.meetings_booked });

const rowOf = (key: string, c: Counts): AnalyticsRow => ({
  key,
  visitors: c.visitors,
  submissions: c.submissions,
  meetings: c.meetings_booked,
  conversion: c.visitors > 0 ? c.submissions / c.visitors : 0,
});

/** A table's rows, the most visited first (then most submissions, then by name), at most MAX_TABLE_ROWS. */
function table(dimension: Dimension, rows: Map<string, Counts>): AnalyticsRow[] {
  return [...rows]
    .map(([value, counts]) => rowOf(value === "" ? NO_VALUE_LABELS[dimension] : value, counts))
    .sort((a, b) => b.visitors - a.visitors || b.submissions - a.submissions || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, MAX_TABLE_ROWS);
}

/**
 * The funnel report for whole UTC days `from`..`to` (docs/decisions/0801, 0802). First the days of
 * the range and its previous period that are not rolled up yet (read live from the visitor-days),
 * then one statement over the breakdowns (or, for several filters at once, the full rollups). The
 * caller has checked the range's length.
 */
export async function analyticsReport(db: Db, query: AnalyticsQuery): Promise<AnalyticsReport> {
  const days = daysInRange(query.from, query.to);
  const previous = { from: addDays(query.from, -days), to: addDays(query.from, -1) };
  const range = { from: query.from, to: query.to, previousFrom: previous.from };
  const filters = filtersOf(query);

  const { rows: openRows } = await db.execute<{ day: string }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${previous.from}::date, ${query.to}::date, interval '1 day') d
     where not exists (select 1 from analytics_rollup_days r where r.day = d::date)`);
  const open = openRows.map((r) => r.day);

  const gathered = filters.length <= 1 ? await gatherFromBreakdowns(db, range, open, filters[0] ?? null) : await gatherFromRollups(db, range, open, filters);

  const series: AnalyticsReport["series"] = [];
  let total = { ...ZERO };
  for (let i = 0; i < days; i++) {
    const day = addDays(query.from, i);
    const c = gathered.perDay.get(day) ?? ZERO;
    total = add(total, c);
    series.push({ day, visitors: c.visitors, submissions: c.submissions, meetings: c.meetings_booked });
  }

  return {
    range: { from: query.from, to: query.to, days },
    previousRange: previous,
    funnel: funnelOf(total),
    previousFunnel: funnelOf(gathered.previous),
    totals: totalsOf(total),
    previousTotals: totalsOf(gathered.previous),
    series,
    bySource: table("source", gathered.tables.source),
    byCampaign: table("campaign", gathered.tables.campaign),
    byLanding: table("landing", gathered.tables.landing),
    // Every class, in their order, zeros included: three rows is the whole table.
    byDevice: deviceClasses.map((key) => ({ ...rowOf(key, gathered.tables.device.get(key) ?? ZERO), key }) as AnalyticsRow & { key: DeviceClass }),
    demoPlays: total.demo_plays,
  };
}
