import { sql, type SQL } from "drizzle-orm";
import type { AnalyticsContentReport, AnalyticsContentRow } from "@shared/api/analytics-api";
import type { AnalyticsContentQuery } from "@shared/schemas/analytics";
import { ARTICLE_PATH_PATTERN } from "@shared/schemas/attribution-keys";
import { daysInRange } from "@shared/utc-day";
import type { Db } from "../db/client";
import { MAX_TABLE_ROWS } from "./report";

/**
 * The Content view of the funnel report (docs/decisions/0801): per blog post, the visitors who
 * viewed it, those who pressed a Book demo button on it, and the leads whose visitor read it first.
 */

/**
 * Per post and day, from the raw events of the days in `where`: (day, path, visitors,
 * cta_clicks), each visitor once. A post's path is stored only while the post is published
 * (counted-path.ts), so these are posts' rows and nothing a sender made up. Every Book or consult
 * press is a cta_click; the consult buttons (`enterprise`) are not a Book demo.
 */
export const postRows = (where: SQL) => sql`(
  select day, path,
         count(distinct visitor) filter (where name = 'page_view')::int as visitors,
         count(distinct visitor) filter (where name = 'cta_click' and detail is distinct from 'enterprise')::int as cta_clicks
    from analytics_events
   where ${where} and path like '/blog/%' and path ~ ${ARTICLE_PATH_PATTERN.source}
   group by day, path
  having count(*) filter (where name = 'page_view' or (name = 'cta_click' and detail is distinct from 'enterprise')) > 0
)`;

/** The start of UTC day `day`, as a timestamptz whatever the session's time zone. */
const dayStart = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'UTC')`;

type Counts = { visitors: number; bookDemoClicks: number; leads: number };

/**
 * The Content view for whole UTC days `from`..`to`: rolled-up days from analytics_daily_posts,
 * the days not rolled up yet from the raw events, leads from the leads stored in the range by
 * their first article. `titles` are the published posts by path (published-posts.ts): each is a
 * row, zeros included; a path no longer published is a row while it has counts in the range. A
 * lead naming a path that is neither (the page sends the path; a made-up one is kept on the lead
 * but is no post) is on no row. The caller has checked the range's length.
 */
export async function contentReport(db: Db, query: AnalyticsContentQuery, titles: ReadonlyMap<string, string>): Promise<AnalyticsContentReport> {
  const { from, to } = query;
  const [counted, leads] = await Promise.all([
    db.execute<{ path: string; visitors: number; cta_clicks: number }>(sql`
      with open_days as (
        select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
         where not exists (select 1 from analytics_rollup_days r where r.day = d::date)
      )
      select path, sum(visitors)::float8 as visitors, sum(cta_clicks)::float8 as cta_clicks
        from (
          select path, visitors, cta_clicks from analytics_daily_posts where day between ${from}::date and ${to}::date
          union all
          select path, visitors, cta_clicks from ${postRows(sql`day in (select day from open_days)`)} live
        ) rows
       group by path`),
    db.execute<{ path: string; leads: number }>(sql`
      select first_article_path as path, count(*)::float8 as leads
        from leads
       where created_at >= ${dayStart(from)} and created_at < ${dayStart(to, 1)}
         and first_article_path is not null
       group by 1`),
  ]);

  const rows = new Map<string, Counts>();
  const zero = (): Counts => ({ visitors: 0, bookDemoClicks: 0, leads: 0 });
  for (const path of titles.keys()) rows.set(path, zero());
  for (const r of counted.rows) rows.set(r.path, { ...(rows.get(r.path) ?? zero()), visitors: Number(r.visitors), bookDemoClicks: Number(r.cta_clicks) });
  for (const r of leads.rows) {
    const row = rows.get(r.path);
    if (row) row.leads = Number(r.leads);
  }

  const posts: AnalyticsContentRow[] = [...rows].map(([path, counts]) => ({ path, title: titles.get(path) ?? null, ...counts }));
  const name = (row: AnalyticsContentRow) => row.title ?? row.path;
  posts.sort(
    (a, b) =>
      b.visitors - a.visitors ||
      b.leads - a.leads ||
      b.bookDemoClicks - a.bookDemoClicks ||
      (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  return { range: { from, to, days: daysInRange(from, to) }, posts: posts.slice(0, MAX_TABLE_ROWS) };
}
