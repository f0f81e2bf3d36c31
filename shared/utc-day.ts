/**
 * UTC days as the server counts and filters them and the admin area writes them ("YYYY-MM-DD"):
 * one way to write one, and to step between them.
 */
const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export function utcDay(at: number | Date): string {
  return new Date(typeof at === "number" ? at : at.getTime()).toISOString().slice(0, 10);
}

/** `days` days before the UTC day of `at`. */
export function utcDaysBefore(at: number | Date, days: number): string {
  return utcDay((typeof at === "number" ? at : at.getTime()) - days * DAY_MS);
}

/** The day `days` after `day` (before it, when negative). */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
