import { useParams } from "react-router";
import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { RoleScreen } from "~/features/admin/content/role-editor";

export const meta = () => [{ title: "Role · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** One role's editor: /admin/content/roles/new for a new one, /admin/content/roles/:id for a saved one. */
export default function AdminRolePage() {
  const { id = null } = useParams();
  return (
    <AdminShell title={id ? "Edit role" : "New role"} allow={contentRoles}>
      {() => <RoleScreen key={id ?? "new"} id={id} />}
    </AdminShell>
  );
}
