import { staffRoles } from "@shared/schemas/admin";
import { AdminShell } from "~/features/admin/shell/admin-shell";
import { AccountSecurity } from "~/features/admin/shell/account-security";

export const meta = () => [{ title: "Your account · Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Every staff member's own page: passkeys, the authenticator app, signed-in devices (docs/decisions/0207). */
export default function AdminAccountPage() {
  return (
    <AdminShell title="Your account" allow={staffRoles} setupPage>
      {(admin) => <AccountSecurity admin={admin} />}
    </AdminShell>
  );
}
