import { AdminShell } from "~/features/admin/shell/admin-shell";
import { NotificationsView } from "~/features/admin/notifications/notifications-view";

export const meta = () => [{ title: "Undeliverable notifications · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminNotificationsPage() {
  return <AdminShell title="Undeliverable notifications">{() => <NotificationsView />}</AdminShell>;
}
