import { AdminShell } from "~/features/admin/admin-shell";
import { AnalyticsView } from "~/features/admin/analytics-view";

export const meta = () => [{ title: "Analytics · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminAnalyticsPage() {
  return <AdminShell title="Analytics">{() => <AnalyticsView />}</AdminShell>;
}
