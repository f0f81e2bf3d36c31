import { sql, type SQL } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { addDays, utcDay } from "@shared/utc-day";
import { lastClosedDay } from "./days";
import { deleteClosedSalts } from "./visitor";
import { allBreakdowns, breakdownRows, countColumns, countSums, visitRows } from "./dimensions";
import { postRows } from "./content-report";

const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/**
 * Counts one finished day's visitor-days per attribution into analytics_daily, and from those its
 * breakdowns (what reports read, dimensions.ts), and its raw events per blog post into
 * analytics_daily_posts (content-report.ts), replacing whatever the day had in all three, and marks
 * the day rolled up. The marker's upsert comes first: it locks the day's marker row, so two
 * instances rolling up the same day run one after the other and the second replaces the first's
 * rows instead of adding to them.
 */
export async function rollupDay(db: Db, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into analytics_rollup_days (day, rolled_at) values (${day}, now())
      on conflict (day) do update set rolled_at = excluded.rolled_at`);
    await tx.execute(sql`delete from analytics_daily where day = ${day}`);
    await tx.execute(sql`delete from analytics_daily_breakdowns where day = ${day}`);
    await tx.execute(sql`delete from analytics_daily_posts where day = ${day}`);
    await tx.execute(sql`insert into analytics_daily (day, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device, ${sql.raw(countColumns.join(", "))})
      select day, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device, ${countSums("int")}
        from ${visitRows(sql`day = ${day}`)} v
       group by day, entry_path, utm_source, utm_medium, utm_campaign, referrer_host, device`);
    await tx.execute(sql`insert into analytics_daily_breakdowns (day, filter_dimension, filter_value, dimension, value, ${sql.raw(countColumns.join(", "))})
      ${breakdownRows(sql`(select * from analytics_daily where day = ${day})`, allBreakdowns, "int")}`);
    await tx.execute(sql`insert into analytics_daily_posts (day, path, visitors, cta_clicks)
      select day, path, visitors, cta_clicks from ${postRows(sql`day = ${day}`)} p`);
  });
}

export type HousekeepingResult = { rolledUp: string[]; deletedSalts: number; deletedEvents: number; deletedVisits: number };

/**
 * One round of analytics housekeeping at `now` (tests pass any time; the loop passes the clock's):
 * 1. every closed day (grace included, days.ts) without a rollup is rolled up: those within retention
 *    and any older one whose visitor-days are still there (housekeeping did not run in time);
 * 2. salts of closed days are deleted;
 * 3. raw events and visitor-days older than ANALYTICS_RETENTION_DAYS are deleted (the rollups stay).
 * Idempotent, and safe to run in several instances at once.
 */
export async function runAnalyticsHousekeeping(db: Db, config: AppConfig["analytics"], now: number): Promise<HousekeepingResult> {
  const closed = lastClosedDay(now);
  const oldestKept = addDays(utcDay(now), -config.retentionDays);
  const { rows } = await db.execute<{ day: string; visited: boolean }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day, exists (select 1 from analytics_visits v where v.day = d::date) as visited
      from generate_series(least(${oldestKept}::date, (select min(day) from analytics_visits)), ${closed}::date, interval '1 day') d
     where not exists (select 1 from analytics_rollup_days r where r.day = d::date)
     order by d`);
  for (const { day, visited } of rows) if (visited) await rollupDay(db, day);
  // A closed day without visits has nothing to count: it is marked rolled up in one statement.
  const empty = rows.filter((r) => !r.visited).map((r) => r.day);
  if (empty.length > 0) {
    await db.execute(sql`insert into analytics_rollup_days (day) select unnest(${`{${empty.join(",")}}`}::date[]) on conflict (day) do nothing`);
  }
  const deletedSalts = await deleteClosedSalts(db, now);
  const count = async (statement: SQL) => {
    const result = await db.execute<{ n: number }>(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
    return Number(result.rows[0]?.n ?? 0);
  };
  const deletedEvents = await count(sql`delete from analytics_events where day < ${oldestKept}`);
  const deletedVisits = await count(sql`delete from analytics_visits where day < ${oldestKept}`);
  return { rolledUp: rows.map((r) => r.day), deletedSalts, deletedEvents, deletedVisits };
}

export type AnalyticsHousekeeping = { start: () => void; stop: () => Promise<void> };

/** Runs the housekeeping at start and every 10 minutes until stopped (server/index.ts). */
export function createAnalyticsHousekeeping(options: { db: Db; logger: Logger; config: AppConfig["analytics"] }): AnalyticsHousekeeping {
  const { db, logger, config } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const round = async () => {
    try {
      const result = await runAnalyticsHousekeeping(db, config, Date.now());
      if (result.rolledUp.length + result.deletedSalts + result.deletedEvents + result.deletedVisits > 0) {
        logger.info(
          { rolledUpDays: result.rolledUp.length, lastRolledUp: result.rolledUp.at(-1) ?? null, deletedSalts: result.deletedSalts, deletedEvents: result.deletedEvents, deletedVisits: result.deletedVisits },
          "analytics housekeeping: days rolled up, salts and expired rows deleted",
        );
      }
    } catch (error) {
      logger.error({ err: error }, "analytics housekeeping failed; retrying at the next round");
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = null;
        schedule(HOUSEKEEPING_EVERY_MS);
      });
    }, delayMs);
    timer.unref();
  };

  return {
    start() {
      if (timer || stopped) return;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
