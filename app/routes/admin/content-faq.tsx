import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { FaqView } from "~/features/admin/content/faq-view";

export const meta = () => [{ title: "FAQ · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** The FAQ's questions (decision 0904): editors' and admins'. */
export default function AdminFaqPage() {
  return (
    <AdminShell title="FAQ" allow={contentRoles}>
      {() => <FaqView />}
    </AdminShell>
  );
}
