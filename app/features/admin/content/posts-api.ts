import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContentListResponse } from "@shared/api/content-api";
import type { ContentStatus } from "@shared/schemas/content";
import { adminJson } from "../api-client";

/** Every query of the studio starts with this: a write refreshes them all. */
export const contentKey = ["admin", "content"] as const;

export const postsKey = (status: ContentStatus | null) => [...contentKey, "posts", status ?? "all"] as const;

/** The studio's list (GET /api/admin/content/posts): newest change first, of one status or all. */
export function usePosts(status: ContentStatus | null) {
  return useQuery({
    queryKey: postsKey(status),
    queryFn: () => adminJson<ContentListResponse>(`/content/posts${status ? `?status=${status}` : ""}`),
    // A filter change keeps the rows in view until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
