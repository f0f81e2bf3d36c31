import { afterEach, describe, expect, it, vi } from "vitest";
import { attributionSchema } from "@shared/schemas/lead-meta";
import { captureLandingAttribution, leadAttribution, rememberArticleRead } from "./attribution";

/*
 * The lead form's attribution in one tab (docs/decisions/0801): a stand-in window whose address
 * the test moves as client-side navigation does, and whose sessionStorage is a Map.
 */

function tab(url: string, referrer = "") {
  const storage = new Map<string, string>();
  const win = {
    location: new URL(url),
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", { referrer });
  return {
    storage,
    go(next: string) {
      win.location = new URL(next, win.location.href);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the first blog post read in the tab", () => {
  it("goes with a lead sent later from the tab, beside the landing campaign; later posts do not replace it", () => {
    const t = tab("https://site.test/pricing?utm_source=newsletter&utm_campaign=fall", "https://mail.example/");
    captureLandingAttribution();
    t.go("/blog/answering-every-call");
    rememberArticleRead();
    t.go("/blog/after-hours");
    rememberArticleRead();
    t.go("/contact");
    expect(leadAttribution()).toEqual({
      utm_source: "newsletter",
      utm_campaign: "fall",
      referrer: "https://mail.example/",
      first_article_path: "/blog/answering-every-call",
      page_path: "/contact",
    });
    // The server keeps it as sent.
    expect(attributionSchema.parse(leadAttribution()).first_article_path).toBe("/blog/answering-every-call");
  });

  it("keeps the campaign of a post the tab landed on, whichever of the two captures runs first", () => {
    tab("https://site.test/blog/answering-every-call?utm_source=linkedin", "https://www.linkedin.com/");
    rememberArticleRead();
    captureLandingAttribution();
    expect(leadAttribution()).toEqual({
      utm_source: "linkedin",
      referrer: "https://www.linkedin.com/",
      first_article_path: "/blog/answering-every-call",
      page_path: "/blog/answering-every-call",
    });
  });

  it("is never a page that is not a post: the blog's list pages, a tag, the feed, a studio preview", () => {
    const t = tab("https://site.test/blog");
    for (const path of ["/blog", "/blog/page/2", "/blog/tag/phones", "/blog/rss.xml", "/admin/content/posts/0b0e/preview", "/blog/Upper-Case", "/pricing"]) {
      t.go(path);
      rememberArticleRead();
    }
    expect(leadAttribution()).not.toHaveProperty("first_article_path");
  });

  it("is best effort: storage that throws or holds something else costs the page and the lead nothing", () => {
    const t = tab("https://site.test/blog/answering-every-call");
    t.storage.set("lead-attribution", "[1,2]");
    rememberArticleRead();
    expect(leadAttribution()).toEqual({ first_article_path: "/blog/answering-every-call", page_path: "/blog/answering-every-call" });
    vi.stubGlobal("window", {
      location: new URL("https://site.test/blog/answering-every-call"),
      get sessionStorage(): Storage {
        throw new Error("SecurityError");
      },
    });
    expect(() => rememberArticleRead()).not.toThrow();
    expect(leadAttribution()).toEqual({ page_path: "/blog/answering-every-call" });
  });
});
