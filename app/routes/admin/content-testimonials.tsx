import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { TestimonialsView } from "~/features/admin/content/testimonials-view";

export const meta = () => [{ title: "Testimonials · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** The testimonials (decision 0906): editors' and admins'. */
export default function AdminTestimonialsPage() {
  return (
    <AdminShell title="Testimonials" allow={contentRoles}>
      {() => <TestimonialsView />}
    </AdminShell>
  );
}
