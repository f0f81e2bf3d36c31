/**
 * The grace period after a UTC day ends during which its events may still arrive
 * (docs/decisions/0801). The days themselves ("YYYY-MM-DD") are shared/utc-day.ts's.
 */
import { addDays, utcDay } from "@shared/utc-day";

// Where the benchmark scripts have always found them.
export { addDays, utcDay };

/**
 * How long after midnight UTC a finished day stays open: events buffered or in flight at midnight
 * are written with the day they arrived on, so that day's salt must still exist. Until 01:00 UTC
 * yesterday's salt is kept and yesterday is not rolled up; after it, the salt is deleted and the
 * day is final.
 */
export const DAY_GRACE_MS = 3600_000;

/** The last day that is over, grace included, at `now`: nothing more is written for it or before it. */
export function lastClosedDay(now: number): string {
  return addDays(utcDay(now - DAY_GRACE_MS), -1);
}

/** Whether events may still be written for `day` at `now` (the day itself, or its grace period). */
export function dayOpen(day: string, now: number): boolean {
  return day > lastClosedDay(now) && day <= utcDay(now);
}
