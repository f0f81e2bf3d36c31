import { AdminShell } from "~/features/admin/admin-shell";
import { PrivacyView } from "~/features/admin/privacy-view";

export const meta = () => [{ title: "Personal data · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminPrivacyPage() {
  return <AdminShell title="Personal data">{() => <PrivacyView />}</AdminShell>;
}
