import { contentRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { PricesScreen } from "~/features/admin/content/prices-editor";

export const meta = () => [{ title: "Prices · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** The prices (decision 0904): editors' and admins'. */
export default function AdminPricesPage() {
  return (
    <AdminShell title="Prices" allow={contentRoles}>
      {() => <PricesScreen />}
    </AdminShell>
  );
}
