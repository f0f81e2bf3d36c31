import { useQuery } from "@tanstack/react-query";
import type { ContentAuthorsResponse } from "@shared/api/content-api";
import { adminJson } from "../api-client";
import { contentKey } from "./posts-api";

/** Who a byline may name (GET /api/admin/content/authors): the studio's people, by name. */
export function useAuthors() {
  return useQuery({
    queryKey: [...contentKey, "authors"],
    queryFn: () => adminJson<ContentAuthorsResponse>("/content/authors").then((r) => r.items),
    staleTime: 5 * 60_000,
  });
}
