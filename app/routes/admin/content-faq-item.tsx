import { useParams } from "react-router";
import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { FaqItemScreen } from "~/features/admin/content/faq-editor";

export const meta = () => [{ title: "Question · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** One FAQ item's editor: /admin/content/faq/new for a new one, /admin/content/faq/:id for a saved one. */
export default function AdminFaqItemPage() {
  const { id = null } = useParams();
  return (
    <AdminShell title={id ? "Edit question" : "New question"} allow={contentRoles}>
      {() => <FaqItemScreen key={id ?? "new"} id={id} />}
    </AdminShell>
  );
}
