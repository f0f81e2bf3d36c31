import { describe, expect, it } from "vitest";
import { siteContentOf, type PublishedPost } from "./site-content";

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
    expect(first).toMatchObject({ kind: "post", post: { title: post.title } });
    // The same parsed body every time, not an equal one made again: parsed once for this version.
    // (A module spy cannot count the calls here: the fast project shares modules between files.)
    const bodyOf = (found: ReturnType<typeof content.post>) => (found?.kind === "post" ? found.post.body : null);
    for (let i = 0; i < 50; i++) expect(bodyOf(content.post(post.slug))).toBe(bodyOf(first));
    expect(bodyOf(siteContentOf(4, [post], new Map()).post(post.slug))).not.toBe(bodyOf(first));
  });
});
