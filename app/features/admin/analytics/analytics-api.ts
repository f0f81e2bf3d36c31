import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsContentReport, AnalyticsReport } from "@shared/api/analytics-api";
import type { AnalyticsContentQuery, AnalyticsQuery } from "@shared/schemas/analytics";
import { adminJson, downloadAdminExport } from "../api-client";

export type { AnalyticsContentReport, AnalyticsReport };

export const analyticsKey = ["admin", "analytics"] as const;

/** The query as GET /api/admin/analytics reads it (no personal data: a range and a table row). */
export function analyticsSearch(query: AnalyticsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
}

/** The funnel report for this range and filter; `null` asks nothing (a custom range still being corrected). */
export function useAnalytics(query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: [...analyticsKey, query],
    queryFn: () => adminJson<AnalyticsReport>(`/analytics?${analyticsSearch(query!)}`),
    enabled: query !== null,
    // Another range or filter keeps the last report on screen (marked busy) until its own arrives.
    placeholderData: keepPreviousData,
  });
}

/** Downloads the CSV of the report as shown: the same range and filter, in a POST body like the other exports. */
export async function downloadAnalyticsCsv(query: AnalyticsQuery): Promise<void> {
  return downloadAdminExport("/analytics/export", query, `analytics-${query.from}-${query.to}.csv`);
}

export const analyticsContentKey = [...analyticsKey, "content"] as const;

/** The Content view for this range (docs/decisions/0801); `null` asks nothing. */
export function useAnalyticsContent(query: AnalyticsContentQuery | null) {
  return useQuery({
    queryKey: [...analyticsContentKey, query],
    queryFn: () => adminJson<AnalyticsContentReport>(`/analytics/content?${new URLSearchParams(query!)}`),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the Content view's CSV for this range. */
export async function downloadAnalyticsContentCsv(query: AnalyticsContentQuery): Promise<void> {
  return downloadAdminExport("/analytics/content/export", query, `content-${query.from}-${query.to}.csv`);
}
