import { useQuery } from "@tanstack/react-query";
import { adminJson } from "./api-client";

/**
 * `twoFactorRequired`: the deployment requires two-factor sign-in of every admin
 * (ADMIN_REQUIRE_TWO_FACTOR); without it enabled, every admin call but this one answers 403.
 */
export type AdminUser = { userId: string; email: string; name: string; twoFactorEnabled: boolean; twoFactorRequired: boolean };

/** An admin who must set up two-factor sign-in before the admin area opens. */
export function mustEnrolTwoFactor(admin: AdminUser): boolean {
  return admin.twoFactorRequired && !admin.twoFactorEnabled;
}

export const adminSessionKey = ["admin", "me"] as const;

export function fetchAdminSession() {
  return adminJson<{ user: AdminUser }>("/me").then((r) => r.user);
}

/** The signed-in admin (GET /api/admin/me: 401 no session, 403 no admin role; it answers an admin who must still enrol). */
export function useAdminSession() {
  return useQuery({ queryKey: adminSessionKey, queryFn: fetchAdminSession, staleTime: 30_000 });
}
