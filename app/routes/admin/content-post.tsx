import { useParams } from "react-router";
import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { PostEditorScreen } from "~/features/admin/content/post-editor";

// A draft's title is in the page, not in its title: titles end up in browser history and tab lists.
export const meta = () => [{ title: "Post · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** A post's editor: /admin/content/posts/new for a new one, /admin/content/posts/:id for a saved one. */
export default function AdminPostPage() {
  const { id = null } = useParams();
  return (
    <AdminShell title={id ? "Edit post" : "New post"} allow={contentRoles}>
      {(admin) => <PostEditorScreen key={id ?? "new"} id={id} admin={admin} />}
    </AdminShell>
  );
}
