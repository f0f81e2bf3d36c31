import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AssignRoleBody,
  AssignRoleResponse,
  AuditEntry,
  AuditLogResponse,
  AuditLogSearchBody,
  InvitationRecord,
  InvitationsResponse,
  InviteResponse,
  RemoveRoleResponse,
  RoleRecord,
  StaffAccessResponse,
  StaffListResponse,
  StaffMember,
  UserLookupBody,
  UserLookupResponse, StaffFactorsResetResponse, StaffSessionsEndedResponse } from "@shared/api/admin-api";
import type { AuditFilters, InviteInput } from "@shared/schemas/admin";
import { adminJson } from "../api-client";
import { rolesKey } from "../staff-directory";

export { useRoles } from "../staff-directory";

export type { AuditEntry, InvitationRecord, RoleRecord, StaffMember };

const auditKey = ["admin", "audit-log"] as const;

/** One page of the audit log under the filters (100 entries, the API's default), newest first. */
export function useAuditLog(filters: AuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: [...auditKey, filters, cursor],
    // A POST: the actor filter (part of an address) never goes into a URL.
    queryFn: () =>
      adminJson<AuditLogResponse>("/audit-log/search", {
        method: "POST",
        body: JSON.stringify({ ...filters, ...(cursor ? { cursor } : {}) } satisfies AuditLogSearchBody),
      }),
    placeholderData: keepPreviousData,
  });
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
    mutationFn: (input: AssignRoleBody) =>
      adminJson<AssignRoleResponse>("/roles", { method: "POST", body: JSON.stringify(input) }).then((r) => r.record),
    onSettled: refresh,
  });
}

export function useRemoveRole() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => adminJson<RemoveRoleResponse>(`/roles/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}

export function findUserByEmail(email: string) {
  return adminJson<UserLookupResponse>("/users/lookup", { method: "POST", body: JSON.stringify({ email } satisfies UserLookupBody) }).then((r) => r.user);
}

const invitationsKey = ["admin", "invitations"] as const;

export function useInvitations() {
  return useQuery({ queryKey: invitationsKey, queryFn: () => adminJson<InvitationsResponse>("/invitations").then((r) => r.items) });
}

/** After an invitation changes: the pending list, the roles (an existing account may have got one) and the audit log. */
function useRefreshInvitations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationsKey }),
      queryClient.invalidateQueries({ queryKey: rolesKey }),
      queryClient.invalidateQueries({ queryKey: auditKey }),
    ]);
}

export function useInvite() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (input: InviteInput) => adminJson<InviteResponse>("/invitations", { method: "POST", body: JSON.stringify(input) }),
    onSettled: refresh,
  });
}

export function useResendInvitation() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (id: string) => adminJson<{ invitation: InvitationRecord }>(`/invitations/${id}/resend`, { method: "POST" }),
    onSettled: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshInvitations();
  return useMutation({
    mutationFn: (id: string) => adminJson<{ revoked: string }>(`/invitations/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}

const staffKey = ["admin", "staff"] as const;

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: () => adminJson<StaffListResponse>("/staff").then((r) => r.items) });
}

export function useStaffAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: "deactivate" | "reactivate" }) =>
      adminJson<StaffAccessResponse>(`/staff/${userId}/${action}`, { method: "POST" }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKey }), queryClient.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** A colleague's sessions ended, or their second factor and passkeys reset (docs/decisions/0207). */
export function useStaffSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: "end-sessions" | "reset-factors" }) =>
      action === "end-sessions"
        ? adminJson<StaffSessionsEndedResponse>(`/staff/${userId}/sessions/revoke`, { method: "POST" })
        : adminJson<StaffFactorsResetResponse>(`/staff/${userId}/reset-factors`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
