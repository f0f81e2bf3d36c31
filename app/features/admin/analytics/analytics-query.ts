import { utcDay, utcDaysBefore } from "@shared/utc-day";
import { formatDay } from "../format";
import { BOOKINGS_DATE_MAX, BOOKINGS_DATE_MIN } from "@shared/schemas/admin";
import { analyticsQuerySchema, deviceClasses, type AnalyticsQuery, type DeviceClass, type FunnelStep } from "@shared/schemas/analytics";
import type { AnalyticsFunnelStep } from "@shared/api/analytics-api";

/**
 * The funnel report's range and row filter as the page URL carries them (docs/decisions/0801):
 * `range` is a preset counted back from today (UTC), so a bookmark of "7 days" stays the last
 * seven days; a custom range carries its two days. At most one row filter (source, campaign,
 * landing or device). None of it is personal data.
 */
export const rangePresets = ["today", "7d", "30d", "90d", "custom"] as const;
export type RangePreset = (typeof rangePresets)[number];
export const DEFAULT_PRESET: RangePreset = "30d";

export const presetLabels: Record<RangePreset, string> = { today: "Today", "7d": "7 days", "30d": "30 days", "90d": "90 days", custom: "Custom" };
const presetDays: Record<Exclude<RangePreset, "custom">, number> = { today: 1, "7d": 7, "30d": 30, "90d": 90 };

export const filterDimensions = ["source", "campaign", "landing", "device"] as const;
export type FilterDimension = (typeof filterDimensions)[number];
export type RowFilter = { dimension: FilterDimension; value: string };

export const dimensionLabels: Record<FilterDimension, string> = { source: "source", campaign: "campaign", landing: "landing page", device: "device" };
export const deviceLabels: Record<DeviceClass, string> = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" };

export const stepLabels: Record<FunnelStep, string> = {
  visitors: "Visitors",
  cta_clicks: "CTA clicks",
  dialog_opens: "Dialog opens",
  form_starts: "Form starts",
  submissions: "Submissions",
  meetings_booked: "Meetings booked",
};


/** The UTC days a preset covers, today included. */
export function presetRange(preset: Exclude<RangePreset, "custom">, now: Date): { from: string; to: string } {
  return { from: utcDaysBefore(now, presetDays[preset] - 1), to: utcDay(now) };
}

/**
 * What the report shows for the range: the funnel with its tables, or the Content view, per blog
 * post (docs/decisions/0801). In the URL as `view=content`; the funnel is the default.
 */
export const reportViews = ["funnel", "content"] as const;
export type ReportView = (typeof reportViews)[number];
export const viewLabels: Record<ReportView, string> = { funnel: "Funnel", content: "Content" };

export type ReportLocation = {
  view: ReportView;
  preset: RangePreset;
  /** The report's query, or null while the custom range is not valid (nothing is asked then). */
  query: AnalyticsQuery | null;
  /** The custom range's fields as the URL gives them. */
  custom: { from: string; to: string };
  filter: RowFilter | null;
  /** Messages for what the URL got wrong: `from` / `to` beside the custom fields, `filter` above the report. */
  errors: Partial<Record<"from" | "to" | "filter", string>>;
};

/**
 * What the page URL asks for, checked with the shared schema. A bad custom range keeps its text in
 * the fields with the schema's message beside them and asks nothing; a bad filter is ignored with
 * a message. Several filters in one link: the first (in table order) counts.
 */
export function readReportLocation(params: URLSearchParams, now: Date): ReportLocation {
  const errors: ReportLocation["errors"] = {};
  const view: ReportView = params.get("view") === "content" ? "content" : "funnel";
  const rawRange = params.get("range");
  const custom = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const preset: RangePreset = (rangePresets as readonly string[]).includes(rawRange ?? "")
    ? (rawRange as RangePreset)
    : custom.from || custom.to
      ? "custom"
      : DEFAULT_PRESET;

  let filter: RowFilter | null = null;
  const dimension = filterDimensions.find((d) => params.has(d));
  if (dimension) {
    const value = params.get(dimension)!;
    const checked = analyticsQuerySchema.safeParse({ from: BOOKINGS_DATE_MIN, to: BOOKINGS_DATE_MIN, [dimension]: value });
    if (checked.success && value !== "") filter = { dimension, value };
    else errors.filter = `The link's ${dimensionLabels[dimension]} filter is not valid and was left out.`;
  }

  const range = preset === "custom" ? custom : presetRange(preset, now);
  const parsed = analyticsQuerySchema.safeParse({ ...range, ...(filter ? { [filter.dimension]: filter.value } : {}) });
  if (parsed.success) return { view, preset, query: parsed.data, custom, filter, errors };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "from" || field === "to") errors[field] ??= issue.message;
  }
  if (!errors.from && !errors.to) errors.to = parsed.error.issues[0]?.message ?? "Not a valid range";
  return { view, preset, query: null, custom, filter, errors };
}

/**
 * The page URL's query for this range, filter and view (a preset's days are not written: they move
 * with today). The filter stays in the Content view's URL, which does not apply it, so that going
 * back to the funnel keeps it.
 */
export function reportSearch(preset: RangePreset, custom: { from: string; to: string }, filter: RowFilter | null, view: ReportView = "funnel"): string {
  const params = new URLSearchParams();
  if (view !== "funnel") params.set("view", view);
  if (preset !== DEFAULT_PRESET) params.set("range", preset);
  if (preset === "custom") {
    params.set("from", custom.from);
    params.set("to", custom.to);
  }
  if (filter) params.set(filter.dimension, filter.value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Checks the custom range's fields before they go into the URL: the shared schema's messages, keyed by field. */
export function checkCustomRange(custom: { from: string; to: string }): Partial<Record<"from" | "to", string>> {
  const parsed = analyticsQuerySchema.safeParse({ from: custom.from.trim(), to: custom.to.trim() });
  if (parsed.success) return {};
  const errors: Partial<Record<"from" | "to", string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "from" || field === "to") errors[field] ??= issue.message;
  }
  return errors;
}

export const CUSTOM_DATE_LIMITS = { min: BOOKINGS_DATE_MIN, max: BOOKINGS_DATE_MAX } as const;

/** "previous day", "previous 30 days": the period a change is measured against. */
export function previousPeriodName(days: number): string {
  return days === 1 ? "previous day" : `previous ${days} days`;
}

/**
 * A figure's change against the previous period, in words: "+12%", "−5%", "no change", or "new"
 * when the previous period had none (a percentage of nothing means nothing).
 */
export function changeText(current: number, previous: number): { text: string; trend: "up" | "down" | "flat" | "new" } {
  if (previous === 0) return current === 0 ? { text: "no change", trend: "flat" } : { text: "new", trend: "new" };
  if (current === previous) return { text: "no change", trend: "flat" };
  const percent = ((current - previous) / previous) * 100;
  const rounded = Math.round(Math.abs(percent));
  const size = rounded === 0 ? "<1" : String(rounded);
  return current > previous ? { text: `+${size}%`, trend: "up" } : { text: `\u2212${size}%`, trend: "down" };
}

const percentFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

/** A ratio (0..1, or more) as a percentage; "—" where there is nothing to divide by. */
export function formatRatio(ratio: number | null): string {
  return ratio === null || !Number.isFinite(ratio) ? "—" : percentFormat.format(ratio);
}

export type FunnelRow = AnalyticsFunnelStep & {
  label: string;
  /** This step's count over the previous step's (null for the first step, or after a step of 0). */
  fromPrevious: number | null;
  /** This step's count over the visitors (null when there were none). */
  fromVisitors: number | null;
  previous: number;
};

/**
 * The funnel in the contract's step order, with each step's conversion. A step may exceed the one
 * before it (a visitor can submit the inline form without pressing a Book button), so a
 * conversion can pass 100%: it is shown as it is.
 */
export function funnelRows(funnel: AnalyticsFunnelStep[], previousFunnel: AnalyticsFunnelStep[]): FunnelRow[] {
  const count = (list: AnalyticsFunnelStep[], step: FunnelStep) => list.find((s) => s.step === step)?.count ?? 0;
  const steps = Object.keys(stepLabels) as FunnelStep[];
  const visitors = count(funnel, "visitors");
  return steps.map((step, i) => {
    const value = count(funnel, step);
    const before = i === 0 ? null : count(funnel, steps[i - 1]!);
    return {
      step,
      count: value,
      label: stepLabels[step],
      fromPrevious: before === null || before === 0 ? null : value / before,
      fromVisitors: visitors === 0 ? null : value / visitors,
      previous: count(previousFunnel, step),
    };
  });
}

/** The name a table row shows: devices in words, the rest as the server keys them. */
export function rowLabel(dimension: FilterDimension, key: string): string {
  return dimension === "device" && (deviceClasses as readonly string[]).includes(key) ? deviceLabels[key as DeviceClass] : key;
}

/** "Nov 18, 2026" or "Nov 18, 2026 – Nov 24, 2026". */
export function formatRange(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}
