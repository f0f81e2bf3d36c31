import { AdminShell } from "~/features/admin/admin-shell";

export const meta = () => [{ title: "Lead · Admin" }, { name: "robots", content: "noindex, nofollow" }];

// The lead page's view lands with the lead desk's screens (docs/decisions/0701).
export default function AdminLeadPage() {
  return <AdminShell title="Lead">{() => null}</AdminShell>;
}
