/**
 * The admin area's date formats, one formatter per kind (en-US, as every admin screen reads):
 * a moment ("Nov 26, 2026, 3:42 PM") and a short date ("11/26/2026") in the reader's time zone,
 * and the funnel report's UTC days ("Nov 18, 2026", and "Nov 18" on a chart's axis). Counts are
 * shared/number-format.ts's formatCount, as everywhere else.
 */
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const shortDateFormat = new Intl.DateTimeFormat("en-US", { month: "numeric", day: "numeric", year: "numeric" });
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function formatWith(format: Intl.DateTimeFormat, value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  // A value that is no date is shown as it came rather than as "Invalid Date".
  return Number.isNaN(time) ? String(value) : format.format(new Date(time));
}

export const formatDateTime = (value: string | Date | null | undefined) => formatWith(dateTimeFormat, value);
export const formatShortDate = (value: string | Date | null | undefined) => formatWith(shortDateFormat, value);
/** A UTC day (YYYY-MM-DD) as "Nov 18, 2026". */
export const formatDay = (day: string) => formatWith(dayFormat, `${day}T00:00:00Z`);
/** A UTC day (YYYY-MM-DD) as "Nov 18". */
export const formatShortDay = (day: string) => formatWith(shortDayFormat, `${day}T00:00:00Z`);
