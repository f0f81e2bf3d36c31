/**
 * The admin area's date and time formats, one formatter each (en-US, as every admin screen
 * reads): a moment ("Nov 26, 2026, 3:42 PM") and a short date ("11/26/2026"). The funnel report's
 * UTC days and counts are analytics-query.ts's.
 */
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const shortDateFormat = new Intl.DateTimeFormat("en-US", { month: "numeric", day: "numeric", year: "numeric" });

function formatWith(format: Intl.DateTimeFormat, value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  // A value that is no date is shown as it came rather than as "Invalid Date".
  return Number.isNaN(time) ? String(value) : format.format(new Date(time));
}

export const formatDateTime = (value: string | Date | null | undefined) => formatWith(dateTimeFormat, value);
export const formatShortDate = (value: string | Date | null | undefined) => formatWith(shortDateFormat, value);
