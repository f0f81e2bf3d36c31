import { describe, expect, it } from "vitest";
import { createPageCache, type RenderedAnswer } from "./page-cache";

const page = (file: string): RenderedAnswer<string> => ({ kind: "page", file });

describe("the page cache (docs/decisions/0903)", () => {
  it("renders a page once per content version, however many ask for it at once", async () => {
    const cache = createPageCache<string>();
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("/blog", 5, render)));
    expect(answers).toEqual([page("render 1"), page("render 1"), page("render 1")]);
    expect(await cache.get("/blog", 5, render)).toEqual(page("render 1"));
    // The content changed: the next request renders it again, and the old answer is gone.
    expect(await cache.get("/blog", 6, render)).toEqual(page("render 2"));
    // A request that read the content before the change gets its own render, not kept.
    expect(await cache.get("/blog", 5, render)).toEqual(page("render 3"));
    expect(await cache.get("/blog", 6, render)).toEqual(page("render 2"));
  });

  it("answers busy past its queue of renders, but always serves what it already rendered", async () => {
    const cache = createPageCache<string>({ concurrent: 1, queued: 1 });
    expect(await cache.get("/held", 1, async () => page("held"))).toEqual(page("held"));
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const first = cache.get("/a", 1, async () => (await slow, page("a")));
    const second = cache.get("/b", 1, async () => page("b"));
    expect(await cache.get("/c", 1, async () => page("c"))).toEqual({ kind: "busy", retryAfterSeconds: 1 });
    expect(await cache.get("/held", 1, async () => page("never"))).toEqual(page("held"));
    finish();
    expect(await first).toEqual(page("a"));
    expect(await second).toEqual(page("b"));
    expect(await cache.get("/c", 1, async () => page("c"))).toEqual(page("c"));
  });

  it("tries a failed render again instead of serving the failure", async () => {
    const cache = createPageCache<string>();
    await expect(cache.get("/x", 1, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("/x", 1, async () => page("x"))).toEqual(page("x"));
  });
});
