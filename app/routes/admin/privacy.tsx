import { AdminShell } from "~/features/admin/shell/admin-shell";
import { PrivacyView } from "~/features/admin/privacy/privacy-view";

export const meta = () => [{ title: "Personal data · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminPrivacyPage() {
  return <AdminShell title="Personal data">{() => <PrivacyView />}</AdminShell>;
}
