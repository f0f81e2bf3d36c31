import { useQuery } from "@tanstack/react-query";
import { adminJson } from "./api-client";

export type AdminUser = { userId: string; email: string; name: string; twoFactorEnabled: boolean };

export const adminSessionKey = ["admin", "me"] as const;

export function fetchAdminSession() {
  return adminJson<{ user: AdminUser }>("/me").then((r) => r.user);
}

/** The signed-in admin (GET /api/admin/me: 401 no session, 403 no admin role). */
export function useAdminSession() {
  return useQuery({ queryKey: adminSessionKey, queryFn: fetchAdminSession, staleTime: 30_000 });
}
