import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { RoleListResponse } from "@shared/api/content-words-api";
import type { RoleDraftInput } from "@shared/schemas/content";
import { adminJson } from "../api-client";
import { revisionsKey } from "./post-api";
import { contentKey } from "./posts-api";

/* The studio's open roles (decision 0905): the writes are the FAQ items' (site-words-api.ts). */

export const rolesKey = [...contentKey, "roles"] as const;
export const roleKey = (id: string) => [...contentKey, "roles", id] as const;

export const ROLES_API = "/content/roles";

export function useRoleList() {
  return useQuery({ queryKey: rolesKey, queryFn: () => adminJson<RoleListResponse>(ROLES_API).then((r) => r.items) });
}

export function useRole(id: string) {
  return useQuery({ queryKey: roleKey(id), queryFn: () => adminJson<ContentEntryDetail<RoleDraftInput>>(`${ROLES_API}/${encodeURIComponent(id)}`) });
}

/** After a write: the list and the role's history are asked again. */
export function useRefreshRoles() {
  const queryClient = useQueryClient();
  return (id: string) => {
    void queryClient.invalidateQueries({ queryKey: rolesKey });
    void queryClient.invalidateQueries({ queryKey: revisionsKey(id) });
  };
}
