import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { FaqListResponse, PricesResponse, StoryListResponse, TestimonialListResponse } from "@shared/api/content-words-api";
import type { FaqDraftInput, StoryDraft, TestimonialDraft } from "@shared/schemas/content";
import { adminJson } from "../api-client";
import { revisionsKey } from "./post-api";
import { contentKey } from "./posts-api";

/*
 * The studio's prices and FAQ items (decision 0904): the same writes as a post's (save, publish,
 * schedule, unpublish, restore), each on the version the editor holds (409 when stale).
 */

export const pricesKey = [...contentKey, "prices"] as const;
export const faqKey = [...contentKey, "faq"] as const;
export const faqItemKey = (id: string) => [...contentKey, "faq", id] as const;

export const testimonialsKey = [...contentKey, "testimonials"] as const;
export const testimonialKey = (id: string) => [...contentKey, "testimonials", id] as const;
export const TESTIMONIALS_API = "/content/testimonials";

export const storiesKey = [...contentKey, "stories"] as const;
export const storyKey = (id: string) => [...contentKey, "stories", id] as const;
export const STORIES_API = "/content/stories";

export const PRICES_API = "/content/prices";
export const FAQ_API = "/content/faq";

export function usePrices() {
  return useQuery({ queryKey: pricesKey, queryFn: () => adminJson<PricesResponse>(PRICES_API) });
}

export function useFaqList() {
  return useQuery({ queryKey: faqKey, queryFn: () => adminJson<FaqListResponse>(FAQ_API).then((r) => r.items) });
}

export function useFaqItem(id: string) {
  return useQuery({ queryKey: faqItemKey(id), queryFn: () => adminJson<ContentEntryDetail<FaqDraftInput>>(`${FAQ_API}/${encodeURIComponent(id)}`) });
}

export function useTestimonialList() {
  return useQuery({ queryKey: testimonialsKey, queryFn: () => adminJson<TestimonialListResponse>(TESTIMONIALS_API).then((r) => r.items) });
}

export function useTestimonial(id: string) {
  return useQuery({ queryKey: testimonialKey(id), queryFn: () => adminJson<ContentEntryDetail<TestimonialDraft>>(`${TESTIMONIALS_API}/${encodeURIComponent(id)}`) });
}

export function useStoryList() {
  return useQuery({ queryKey: storiesKey, queryFn: () => adminJson<StoryListResponse>(STORIES_API).then((r) => r.items) });
}

export function useStory(id: string) {
  return useQuery({ queryKey: storyKey(id), queryFn: () => adminJson<ContentEntryDetail<StoryDraft>>(`${STORIES_API}/${encodeURIComponent(id)}`) });
}

/** What an editor asks of its entry. */
export type EntryWrite<D> =
  | { action: "save"; draft: D }
  | { action: "publish"; draft: D }
  | { action: "schedule"; draft: D; publishAt: string }
  | { action: "unpublish" }
  | { action: "restore"; revisionId: string };

/**
 * One write on the version held; a new entry (id null) is created by its first save or publish.
 * It sends the draft as the editor checked it (W); the server answers the entry as it stores it (D).
 */
export function sendEntryWrite<W, D = W>(base: string, target: { id: string | null; version: number }, write: EntryWrite<W>): Promise<ContentEntryDetail<D>> {
  const send = (path: string, body: unknown, method = "POST") => adminJson<ContentEntryDetail<D>>(path, { method, body: JSON.stringify(body) });
  const at = target.id === null ? base : `${base}/${encodeURIComponent(target.id)}`;
  switch (write.action) {
    case "save":
      return target.id === null ? send(base, { baseVersion: 0, draft: write.draft }) : send(at, { baseVersion: target.version, draft: write.draft }, "PUT");
    case "publish":
      return send(`${at}/publish`, { baseVersion: target.version, draft: write.draft });
    case "schedule":
      return send(`${at}/schedule`, { baseVersion: target.version, draft: write.draft, publishAt: write.publishAt });
    case "unpublish":
      return send(`${at}/unpublish`, { baseVersion: target.version });
    case "restore":
      return send(`${at}/revisions/${encodeURIComponent(write.revisionId)}/restore`, { baseVersion: target.version });
  }
}

/** After a write: the lists and the history are asked again. */
export function useRefreshSiteWords() {
  const queryClient = useQueryClient();
  return (id: string) => {
    void queryClient.invalidateQueries({ queryKey: pricesKey });
    void queryClient.invalidateQueries({ queryKey: faqKey });
    void queryClient.invalidateQueries({ queryKey: testimonialsKey });
    void queryClient.invalidateQueries({ queryKey: storiesKey });
    void queryClient.invalidateQueries({ queryKey: revisionsKey(id) });
  };
}

/** The FAQ's new order (POST /api/admin/content/faq/order): every item with the version the list shows. */
export function sendFaqOrder(items: { id: string; version: number }[]) {
  return adminJson<{ ok: true }>(`${FAQ_API}/order`, { method: "POST", body: JSON.stringify({ items: items.map((i) => ({ id: i.id, baseVersion: i.version })) }) });
}
