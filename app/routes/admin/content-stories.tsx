import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { StoriesView } from "~/features/admin/content/stories-view";

export const meta = () => [{ title: "Customer stories · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** The customer stories (decision 0906): editors' and admins'. */
export default function AdminStoriesPage() {
  return (
    <AdminShell title="Customer stories" allow={contentRoles}>
      {() => <StoriesView />}
    </AdminShell>
  );
}
