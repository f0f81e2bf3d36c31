import { useParams } from "react-router";
import { AdminShell, leadDeskRoles } from "~/features/admin/shell/admin-shell";
import { LeadView } from "~/features/admin/leads/lead-view";

// The lead's name is in the page, not in its title: titles end up in browser history and tab lists.
export const meta = () => [{ title: "Lead · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLeadPage() {
  const { id = "" } = useParams();
  return <AdminShell title="Lead" allow={leadDeskRoles}>{(admin) => <LeadView key={id} id={id} admin={admin} />}</AdminShell>;
}
