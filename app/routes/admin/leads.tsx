import { AdminShell, leadDeskRoles } from "~/features/admin/shell/admin-shell";
import { LeadsView } from "~/features/admin/leads/leads-view";

export const meta = () => [{ title: "Leads · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLeadsPage() {
  return <AdminShell title="Leads" allow={leadDeskRoles}>{(admin) => <LeadsView canExport={admin.role === "admin"} />}</AdminShell>;
}
