import { useQuery } from "@tanstack/react-query";
import type { RolesResponse } from "@shared/api/admin-api";
import { adminJson } from "./api-client";

/**
 * Who holds which staff role: the users page manages them (users/roles-api.ts), the lead inbox
 * lists them as possible owners. Here, beside both, since one admin feature does not import
 * another (eslint.config.js).
 */
export const rolesKey = ["admin", "roles"] as const;

/** `enabled: false` for a moderator, whom the roles list (admin-only) would refuse. */
export function useRoles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: rolesKey, queryFn: () => adminJson<RolesResponse>("/roles").then((r) => r.items), enabled });
}
