import { AdminShell } from "~/features/admin/shell/admin-shell";
import { AnalyticsView } from "~/features/admin/analytics/analytics-view";

export const meta = () => [{ title: "Analytics · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminAnalyticsPage() {
  return <AdminShell title="Analytics">{() => <AnalyticsView />}</AdminShell>;
}
