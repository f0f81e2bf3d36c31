/**
 * UTC days as the analytics tables key them ("YYYY-MM-DD"), and the grace period after a day ends
 * during which its events may still arrive (docs/decisions/0801).
 */

const DAY_MS = 24 * 3600_000;

/**
 * How long after midnight UTC a finished day stays open: events buffered or in flight at midnight
 * are written with the day they arrived on, so that day's salt must still exist. Until 01:00 UTC
 * yesterday's salt is kept and yesterday is not rolled up; after it, the salt is deleted and the
 * day is final.
 */
export const DAY_GRACE_MS = 3600_000;

export function utcDay(at: number | Date): string {
  return new Date(typeof at === "number" ? at : at.getTime()).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last day that is over, grace included, at `now`: nothing more is written for it or before it. */
export function lastClosedDay(now: number): string {
  return addDays(utcDay(now - DAY_GRACE_MS), -1);
}

/** Whether events may still be written for `day` at `now` (the day itself, or its grace period). */
export function dayOpen(day: string, now: number): boolean {
  return day > lastClosedDay(now) && day <= utcDay(now);
}
