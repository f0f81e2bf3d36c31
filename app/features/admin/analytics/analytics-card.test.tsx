import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import type { AnalyticsReport } from "@shared/api/analytics-api";
import { analyticsKey } from "./analytics-api";
import { AnalyticsCard } from "./analytics-card";

const now = new Date("2026-11-24T15:00:00.000Z");

const render = (totals?: AnalyticsReport["totals"]) =>
  renderScreen(<AnalyticsCard now={now} />, { data: totals ? [[[...analyticsKey, { from: "2026-11-18", to: "2026-11-24" }], { totals }]] : [] });

describe("the dashboard's Analytics card", () => {
  it("links to the report of the last 7 days and shows that report's visitors and submissions", () => {
    const html = render({ visitors: 1204, pageviews: 3000, submissions: 1, meetings: 0 });
    expect(html).toMatch(/^<a[^>]*href="\/admin\/analytics\?range=7d"/);
    expect(html).toContain("Last 7 days: 1,204 visitors, 1 submission");
  });

  it("still links to the report while the counts are unknown, without a made-up 0", () => {
    const html = render();
    expect(html).toContain('href="/admin/analytics?range=7d"');
    expect(html).not.toContain("Last 7 days");
    expect(html).not.toContain("aria-disabled");
  });
});
