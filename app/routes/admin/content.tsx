import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { PostsView } from "~/features/admin/content/posts-view";

export const meta = () => [{ title: "Content · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** The content studio's list of posts (docs/decisions/0903): editors' and admins'. */
export default function AdminContentPage() {
  return (
    <AdminShell title="Content" allow={contentRoles}>
      {() => <PostsView />}
    </AdminShell>
  );
}
