import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  RetryNotificationsResponse,
  UndeliverableNotification,
  UndeliverableNotificationsResponse,
} from "@shared/api/admin-notifications-api";
import { adminJson } from "../api-client";

export type { UndeliverableNotification };

/** Shared by the dashboard's card and the notifications page: one request serves both. */
const undeliverableKey = ["admin", "notifications"] as const;

export function useUndeliverableNotifications() {
  return useQuery({ queryKey: undeliverableKey, queryFn: () => adminJson<UndeliverableNotificationsResponse>("/notifications") });
}

/** After a retry, right or wrong (a 404/409 means the list was stale): the list and the audit log. */
function useRefreshAfterRetry() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: undeliverableKey }),
      queryClient.invalidateQueries({ queryKey: ["admin", "audit-log"] }),
    ]);
}

export function useRetryNotification() {
  const refresh = useRefreshAfterRetry();
  return useMutation({
    mutationFn: (id: string) => adminJson<RetryNotificationsResponse>(`/notifications/${encodeURIComponent(id)}/retry`, { method: "POST" }),
    onSettled: refresh,
  });
}

export function useRetryAllNotifications() {
  const refresh = useRefreshAfterRetry();
  return useMutation({
    mutationFn: () => adminJson<RetryNotificationsResponse>("/notifications/retry-all", { method: "POST" }),
    onSettled: refresh,
  });
}
