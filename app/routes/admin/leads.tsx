import { AdminShell } from "~/features/admin/admin-shell";

export const meta = () => [{ title: "Leads · Admin" }, { name: "robots", content: "noindex, nofollow" }];

// The inbox's view lands with the lead desk's screens (docs/decisions/0701).
export default function AdminLeadsPage() {
  return <AdminShell title="Leads">{() => null}</AdminShell>;
}
