import { AdminShell } from "~/features/admin/shell/admin-shell";
import { UsersView } from "~/features/admin/users/users-view";

export const meta = () => [{ title: "Users · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminUsersPage() {
  return <AdminShell title="Users">{() => <UsersView />}</AdminShell>;
}
