import { Link } from "react-router";
import { BarChart3 } from "lucide-react";
import { paths } from "@shared/site-routes";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useAnalytics } from "./analytics-api";
import { formatCount } from "@shared/number-format";
import { presetRange, reportSearch } from "./analytics-query";

/** The report the card links to: the same seven days it counts. */
export const analyticsCardHref = `${paths.adminAnalytics}${reportSearch("7d", { from: "", to: "" }, null)}`;

/**
 * The dashboard's Analytics card: a link to the funnel report of the last 7 days, with that
 * report's visitors and submissions. Until they are read (or if they cannot be) the card still
 * links to the report, with the counts left out rather than shown as 0.
 */
export function AnalyticsCard({ className, now = new Date() }: { className?: string; now?: Date }) {
  const report = useAnalytics(presetRange("7d", now));
  const totals = report.data?.totals;
  return (
    <Link to={analyticsCardHref} className={className} data-testid="analytics-card">
      <Card className="h-full transition-colors group-hover:border-primary">
        <BarChart3 className="mb-3 size-6 text-primary" aria-hidden="true" />
        <CardTitle>Analytics</CardTitle>
        <CardDescription className="mt-1">The funnel from visit to booked demo, by source, campaign, landing page and device.</CardDescription>
        {totals ? (
          <p className="mt-2 text-sm font-medium" data-testid="analytics-card-counts">
            Last 7 days: {formatCount(totals.visitors)} {totals.visitors === 1 ? "visitor" : "visitors"}, {formatCount(totals.submissions)}{" "}
            {totals.submissions === 1 ? "submission" : "submissions"}
          </p>
        ) : null}
      </Card>
    </Link>
  );
}
