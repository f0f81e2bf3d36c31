import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppRole, AssignRoleInput } from "@shared/schemas/admin";
import { adminJson } from "./api-client";

export type RoleRecord = { id: string; userId: string; role: AppRole; createdAt: string; email: string | null };
export type AuditEntry = {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
};

const rolesKey = ["admin", "roles"] as const;
const auditKey = ["admin", "audit-log"] as const;

export function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: () => adminJson<{ items: RoleRecord[] }>("/roles").then((r) => r.items) });
}

export function useAuditLog() {
  return useQuery({ queryKey: auditKey, queryFn: () => adminJson<{ items: AuditEntry[] }>("/audit-log").then((r) => r.items) });
}

/** After any role change: the list, the audit log and our own session (our role may be gone). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesKey }),
      queryClient.invalidateQueries({ queryKey: auditKey }),
      queryClient.invalidateQueries({ queryKey: ["admin", "me"] }),
    ]);
}

export function useAssignRole() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: AssignRoleInput) =>
      adminJson<{ record: RoleRecord }>("/roles", { method: "POST", body: JSON.stringify(input) }).then((r) => r.record),
    onSettled: refresh,
  });
}

export function useRemoveRole() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => adminJson<{ removed: string }>(`/roles/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}

export function findUserByEmail(email: string) {
  return adminJson<{ user: { id: string; email: string; name: string } }>(`/users/lookup?email=${encodeURIComponent(email)}`).then((r) => r.user);
}
