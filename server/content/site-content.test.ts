import { describe, expect, it, vi } from "vitest";
import * as richText from "@shared/content/rich-text";
import { siteContentOf, type PublishedPost } from "./site-content";

vi.mock("@shared/content/rich-text", { spy: true });

const post: PublishedPost = {
  id: "6f1c1f0e-3b1a-4c55-9d2e-0b7c1d7e8a01",
  slug: "answering-every-call",
  title: "Answering every call",
  summary: "",
  cover: null,
  tags: ["customer-service"],
  publishedAt: "2026-11-30T09:00:00.000Z",
  readingMinutes: 4,
  body: "## Why calls go unanswered\n\n- Lunch hours\n- Peak season\n\nSee [our pricing](/pricing).",
  authorName: "Eddie Editor",
  updatedAt: "2026-11-30T09:00:00.000Z",
};

describe("the published content's post lookup (docs/decisions/0903)", () => {
  // Every request for a post's address asks whether the post exists before the cached page is
  // served: parsing its body each time cost 1.3 ms a request even unloaded (a post's time to
  // first byte 4.8x /features' at p95; scripts/bench-content-pages.ts).
  it("makes a post's body renderable once per content version, not on every request", () => {
    const content = siteContentOf(3, [post], new Map());
    const first = content.post(post.slug);
    for (let i = 0; i < 50; i++) expect(content.post(post.slug)).toEqual(first);
    expect(first).toMatchObject({ kind: "post", post: { title: post.title } });
    expect(vi.mocked(richText.toRenderable)).toHaveBeenCalledTimes(1);
  });
});
