import { useParams } from "react-router";
import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { TestimonialScreen } from "~/features/admin/content/testimonial-editor";

export const meta = () => [{ title: "Testimonial · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** One testimonial's editor: /admin/content/testimonials/new for a new one, /admin/content/testimonials/:id for a saved one. */
export default function AdminTestimonialPage() {
  const { id = null } = useParams();
  return (
    <AdminShell title={id ? "Edit testimonial" : "New testimonial"} allow={contentRoles}>
      {() => <TestimonialScreen key={id ?? "new"} id={id} />}
    </AdminShell>
  );
}
