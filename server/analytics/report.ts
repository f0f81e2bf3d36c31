import { sql, type SQL } from "drizzle-orm";
import type { AnalyticsFunnelStep, AnalyticsReport, AnalyticsRow, AnalyticsTotals } from "@shared/api/analytics-api";
import { deviceClasses, type AnalyticsQuery, type DeviceClass } from "@shared/schemas/analytics";
import type { Db } from "../db/client";
import { addDays, daysInRange } from "@shared/utc-day";
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

/**
 * The rows of a grouped query `grouped` (with a `dimension` column naming each row's table, or
 * null for rows that are no table's, and `value`, visitors, submissions), keeping at most
 * MAX_TABLE_ROWS per table in the order the tables list them: most visitors, then most
 * submissions, then by name as shown ("(direct)" for the empty source), compared by code point
 * ("C" collation, as the JavaScript sort compares: they differ only past U+FFFF). The limit is the
 * database's, so a range with thousands of campaigns or paths sends the report a hundred of each.
 */
function limitTables(grouped: SQL): SQL {
  const shown = sql.raw(
    `case when value <> '' then value ${dimensions.map((d) => `when dimension = '${d}' then '${NO_VALUE_LABELS[d]}'`).join(" ")} else value end collate "C"`,
  );
  return sql`select * from (
    select g.*, case when dimension is null then 0
                     else row_number() over (partition by dimension order by visitors desc, submissions desc, ${shown}) end as table_rank
      from (${grouped}) g
  ) ranked where table_rank <= ${MAX_TABLE_ROWS}`;
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
  const { rows } = await db.execute<{ current: boolean; series_day: string | null; dimension: string | null; value: string } & Record<CountColumn, number>>(sql`
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
    ${limitTables(sql`
      select day >= ${range.from}::date as current,
             case when dimension = 'total' and day >= ${range.from}::date then to_char(day, 'YYYY-MM-DD') end as series_day,
             nullif(dimension, 'total') as dimension, value, ${countSums("float8")}
        from rows
       where dimension = 'total' or day >= ${range.from}::date
       group by 1, 2, 3, 4`)}`);

  const gathered: Gathered = { perDay: new Map(), previous: { ...ZERO }, tables: { source: new Map(), campaign: new Map(), landing: new Map(), device: new Map() } };
  for (const row of rows) {
    const counts = countsOf(row);
    if (row.dimension === null) {
      if (row.current) gathered.perDay.set(row.series_day!, counts);
      else gathered.previous = counts;
    } else {
      gathered.tables[row.dimension as Dimension].set(row.value, counts);
    }
  }
  if (filter) gathered.tables[filter[0]].set(filter[1], [...gathered.perDay.values()].reduce(add, { ...ZERO }));
  return gathered;
}

/** grouping()'s bits, day first: 1 where the set does not group by that column. */
const SETS: Record<number, Dimension | "day"> = { 0b01111: "day", 0b10111: "source", 0b11011: "campaign", 0b11101: "landing", 0b11110: "device" };

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
    db.execute<{ grp: number; day: string | null; dimension: Dimension | null; value: string | null } & Record<CountColumn, number>>(
      limitTables(sql`
        select grp, day, case grp ${sql.raw(Object.entries(SETS).map(([bits, set]) => `when ${bits} then ${set === "day" ? "null" : `'${set}'`}`).join(" "))} end as dimension,
               coalesce(source, campaign, landing, device) as value, ${sql.raw(countColumns.join(", "))}
          from (
            select grouping(day, ${d.source}, ${d.campaign}, ${d.landing}, ${d.device}) as grp, to_char(day, 'YYYY-MM-DD') as day,
                   ${d.source} as source, ${d.campaign} as campaign, ${d.landing} as landing, ${d.device} as device, ${countSums("float8")}
              from ${source(range.from, range.to)}
             group by grouping sets ((day), (${d.source}), (${d.campaign}), (${d.landing}), (${d.device}))
          ) sets`),
    ),
    db.execute<Record<CountColumn, number>>(sql`select ${countSums("float8")} from ${source(range.previousFrom, addDays(range.from, -1))}`),
  ]);
  const gathered: Gathered = { perDay: new Map(), previous: countsOf(before.rows[0]), tables: { source: new Map(), campaign: new Map(), landing: new Map(), device: new Map() } };
  for (const row of grouped.rows) {
    if (row.dimension === null) gathered.perDay.set(row.day!, countsOf(row));
    else gathered.tables[row.dimension].set(row.value ?? "", countsOf(row));
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

/** A table's rows (at most MAX_TABLE_ROWS, limited by the query), the most visited first, then most submissions, then by name. */
function table(dimension: Dimension, rows: Map<string, Counts>): AnalyticsRow[] {
  return [...rows]
    .map(([value, counts]) => rowOf(value === "" ? NO_VALUE_LABELS[dimension] : value, counts))
    .sort((a, b) => b.visitors - a.visitors || b.submissions - a.submissions || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The funnel report for whole UTC days `from`..`to` (docs/decisions/0801). First the days of
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
