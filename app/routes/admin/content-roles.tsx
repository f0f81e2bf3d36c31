import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { RolesView } from "~/features/admin/content/roles-view";

export const meta = () => [{ title: "Open roles · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** The open roles (decision 0905): editors' and admins'. */
export default function AdminRolesPage() {
  return (
    <AdminShell title="Open roles" allow={contentRoles}>
      {() => <RolesView />}
    </AdminShell>
  );
}
