import { useQuery } from "@tanstack/react-query";
import type { AdminSessionResponse, AdminUser } from "@shared/api/admin-api";
import { adminJson } from "./api-client";

/** A staff member who must set up a second factor (TOTP or a passkey) before the admin area opens. */
export function mustEnrolTwoFactor(admin: AdminUser): boolean {
  return admin.twoFactorRequired && !admin.twoFactorEnabled && admin.passkeys === 0;
}

export const adminSessionKey = ["admin", "me"] as const;

export function fetchAdminSession() {
  return adminJson<AdminSessionResponse>("/me").then((r) => r.user);
}

/** The signed-in admin (GET /api/admin/me: 401 no session, 403 no admin role; it answers an admin who must still enrol). */
export function useAdminSession() {
  return useQuery({ queryKey: adminSessionKey, queryFn: fetchAdminSession, staleTime: 30_000 });
}
