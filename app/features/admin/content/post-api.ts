import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ContentEntryDetail, ContentRevisionsResponse } from "@shared/api/content-api";
import type { PostDraftInput } from "@shared/schemas/content";
import { adminJson } from "../api-client";
import { contentKey } from "./posts-api";

export const postKey = (id: string) => [...contentKey, "post", id] as const;
/** An entry's history, by id: the id is unique across kinds. */
export const revisionsKey = (id: string) => [...contentKey, "post", id, "revisions"] as const;

const postPath = (id: string) => `/content/posts/${encodeURIComponent(id)}`;

/** GET /api/admin/content/posts/:id, as query options (the editor also fetches it on demand). */
export const postQuery = (id: string) => ({ queryKey: postKey(id), queryFn: () => adminJson<ContentEntryDetail>(postPath(id)) });

export function usePost(id: string) {
  return useQuery(postQuery(id));
}

/** An entry's history (GET …/revisions): newest first, who and when. `base`: its kind's path (posts by default). */
export function useRevisions(id: string | null, base = "/content/posts") {
  return useQuery({
    queryKey: revisionsKey(id ?? ""),
    queryFn: () => adminJson<ContentRevisionsResponse>(`${base}/${encodeURIComponent(id ?? "")}/revisions`).then((r) => r.items),
    enabled: id !== null,
  });
}

/** What the editor asks the server to do with its copy of the post. */
export type PostWrite =
  | { action: "save"; draft: PostDraftInput }
  | { action: "publish"; draft: PostDraftInput }
  | { action: "schedule"; draft: PostDraftInput; publishAt: string }
  | { action: "unpublish" }
  | { action: "restore"; revisionId: string };

/** Where the post stands: `id` null for a post never saved (its first write creates it). */
export type PostTarget = { id: string | null; version: number };

/**
 * One write, on the version the editor holds (a stale one answers 409 and changes nothing). A
 * new post is saved, published or scheduled in one request, so Publish needs no save before it.
 * Every write answers the post as it now is.
 */
export function sendPostWrite({ id, version }: PostTarget, write: PostWrite): Promise<ContentEntryDetail> {
  const post = (path: string, body: unknown, method = "POST") => adminJson<ContentEntryDetail>(path, { method, body: JSON.stringify(body) });
  const base = id === null ? "/content/posts" : postPath(id);
  switch (write.action) {
    case "save":
      return id === null ? post(base, { baseVersion: 0, draft: write.draft }) : post(base, { baseVersion: version, draft: write.draft }, "PUT");
    case "publish":
      return post(`${base}/publish`, { baseVersion: version, draft: write.draft });
    case "schedule":
      return post(`${base}/schedule`, { baseVersion: version, draft: write.draft, publishAt: write.publishAt });
    case "unpublish":
    case "restore":
      if (id === null) return Promise.reject(new Error(`A post never saved cannot be ${write.action === "unpublish" ? "unpublished" : "restored"}`));
      return write.action === "unpublish"
        ? post(`${base}/unpublish`, { baseVersion: version })
        : post(`${base}/revisions/${encodeURIComponent(write.revisionId)}/restore`, { baseVersion: version });
  }
}

/**
 * The write as mutation options (a function of the client, so a test can run it without React):
 * the answer becomes the post's cached copy, and the list and the history are asked again.
 */
export function postWriteOptions(queryClient: QueryClient, target: () => PostTarget) {
  return {
    mutationFn: (write: PostWrite) => sendPostWrite(target(), write),
    onSuccess: (entry: ContentEntryDetail) => {
      queryClient.setQueryData(postKey(entry.id), entry);
      void queryClient.invalidateQueries({ queryKey: [...contentKey, "posts"] });
      void queryClient.invalidateQueries({ queryKey: revisionsKey(entry.id) });
    },
  };
}

export function usePostWrite(target: () => PostTarget) {
  const queryClient = useQueryClient();
  return useMutation(postWriteOptions(queryClient, target));
}
