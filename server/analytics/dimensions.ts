import { sql, type SQL } from "drizzle-orm";

/**
 * The report's dimensions (docs/decisions/0801) and how each reads from a row shaped like
 * analytics_daily (day, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device and
 * the counts), which a visitor-day row becomes through VISIT_ROWS.
 */
export const dimensions = ["source", "campaign", "landing", "device"] as const;
export type Dimension = (typeof dimensions)[number];

/**
 * A visit's source: its utm_source, else the external site that referred it, else none (direct).
 * One expression for rollups, live rows and filters, so a table's row and the filter by it agree.
 */
export const dimensionSql: Record<Dimension, SQL> = {
  source: sql.raw(`coalesce(nullif(utm_source, ''), nullif(referrer_host, ''), '')`),
  campaign: sql.raw("utm_campaign"),
  landing: sql.raw("entry_path"),
  device: sql.raw("device"),
};

export const countColumns = ["visitors", "cta_clicks", "dialog_opens", "form_starts", "submissions", "meetings_booked", "pageviews", "demo_plays"] as const;
export type CountColumn = (typeof countColumns)[number];

/** Sums of the counts, as `cast` (int to store them, float8 to read them as JS numbers from either driver). */
export const countSums = (cast: "int" | "float8") => sql.raw(countColumns.map((c) => `sum(${c})::${cast} as ${c}`).join(", "));

/** Visitor-day rows (of the days in `where`) in analytics_daily's shape: one visit, one visitor. */
export const visitRows = (where: SQL) => sql`(
  select day, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device,
         1 as visitors, cta_click::int as cta_clicks, dialog_open::int as dialog_opens, form_start::int as form_starts,
         submitted::int as submissions, meeting_booked::int as meetings_booked, pageviews, demo_plays
    from analytics_visits
   where ${where}
)`;

/** Which breakdown: the rows where `filter` has one value (null: every row), counted in total or per `dimension`. */
export type Breakdown = { filter: Dimension | null; dimension: Dimension | "total" };

/** Every breakdown a rolled-up day stores: no filter and each dimension as the filter, each in total and per other dimension. */
export const allBreakdowns: Breakdown[] = [null, ...dimensions].flatMap((filter) =>
  (["total", ...dimensions] as const).filter((dimension) => dimension !== filter).map((dimension) => ({ filter, dimension })),
);

/**
 * The breakdowns of `rows` (a FROM item in analytics_daily's shape) as rows of
 * analytics_daily_breakdowns: (day, filter_dimension, filter_value, dimension, value, counts…).
 */
export function breakdownRows(rows: SQL, breakdowns: Breakdown[], cast: "int" | "float8"): SQL {
  const selects = breakdowns.map(({ filter, dimension }) => {
    const filterValue = filter ? dimensionSql[filter] : sql.raw("''");
    const value = dimension === "total" ? sql.raw("''") : dimensionSql[dimension];
    return sql`select day, ${sql.raw(`'${filter ?? ""}'`)} as filter_dimension, ${filterValue} as filter_value,
                      ${sql.raw(`'${dimension}'`)} as dimension, ${value} as value, ${countSums(cast)}
                 from ${rows} r
                group by day, 3, 5`;
  });
  return sql.join(selects, sql` union all `);
}
