import { useParams } from "react-router";
import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { StoryScreen } from "~/features/admin/content/story-editor";

export const meta = () => [{ title: "Customer story · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** One customer story's editor: /admin/content/stories/new for a new one, /admin/content/stories/:id for a saved one. */
export default function AdminStoryPage() {
  const { id = null } = useParams();
  return (
    <AdminShell title={id ? "Edit customer story" : "New customer story"} allow={contentRoles}>
      {() => <StoryScreen key={id ?? "new"} id={id} />}
    </AdminShell>
  );
}
