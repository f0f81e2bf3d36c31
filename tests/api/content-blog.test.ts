import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { PostDraftInput } from "@shared/schemas/content";
import type { TestApp } from "../support/test-app";
import { origin } from "../support/admin-fixtures";
import { createStudioApp, ok, sendJson } from "./content-support";

/*
 * The public blog as the running server renders it from the published content
 * (docs/decisions/0903): what a publish and an unpublish change on the post's page, the list, the
 * feed, the sitemap and the navigation; what is never public; what a hostile body becomes.
 */
let t: TestApp;
let editorCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, moderatorCookie } = await createStudioApp());
});
afterAll(async () => t?.close());

const get = (path: string, cookie?: string) => t.app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
const write = async (path: string, body: unknown) => ok<ContentEntryDetail>(await sendJson(t, "POST", path, body, editorCookie));
const publish = (draft: PostDraftInput) => write("/api/admin/content/posts/publish", { baseVersion: 0, draft });

describe("a published post on the site", () => {
  it("is on its page, the blog, its tag, the feed, the sitemap and the navigation; unpublished, it is gone from all of them", async () => {
    expect(await (await get("/")).text()).not.toContain('href="/blog"');
    const image = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#1d4ed8" } }).jpeg().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "cover.jpg");
    const uploaded = await t.app.request("/api/admin/content/images", { method: "POST", headers: { Origin: origin, Cookie: editorCookie }, body: form });
    const { id: imageId } = (await uploaded.json()) as { id: string };
    const post = await publish({
      title: "Answering every call",
      slug: "answering-every-call",
      summary: "What a small team learns when nothing goes to voicemail.",
      body: "## Why it matters\n\n- Busy on a job\n- After hours\n\nSee [the FAQ](/faq) and **book**.\n\n{% book-demo /%}",
      tags: ["phones"],
      cover: { imageId, alt: "A phone on a desk" },
    });

    const page = await get("/blog/answering-every-call");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Answering every call");
    expect(html).toMatch(/<h2[^>]*>Why it matters<\/h2>/);
    expect(html).toMatch(/<ul[^>]*>\s*<li[^>]*>Busy on a job/);
    expect(html).toContain('href="/faq"');
    expect(html).toContain('alt="A phone on a desk"');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blog/answering-every-call"/>');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/cards/blog/answering-every-call.png"/>');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('type="application/rss+xml"');
    // The page's scripts are allowed by their hashes, as every prerendered page's are: no new exception.
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/unsafe-inline'[^;]*script|nonce-/);

    const list = await (await get("/blog")).text();
    expect(list).toMatch(/<a[^>]*href="\/blog\/answering-every-call"[^>]*>Answering every call<\/a>/);
    expect(await (await get("/blog/tag/phones")).text()).toContain('href="/blog/answering-every-call"');
    expect(await (await get("/blog/rss.xml")).text()).toContain("<link>http://localhost:3000/blog/answering-every-call</link>");
    expect(await (await get("/sitemap.xml")).text()).toContain("<loc>http://localhost:3000/blog/answering-every-call</loc>");
    const home = await (await get("/")).text();
    expect(home).toMatch(/<a[^>]*href="\/blog"[^>]*>Blog<\/a>/);
    expect(home.slice(home.indexOf("<footer")), "the footer's Company column").toMatch(/<a[^>]*href="\/blog"[^>]*>Blog<\/a>/);
    const card = await get("/cards/blog/answering-every-call.png");
    expect(card.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
    // A client-side navigation's data request for the post answers from the same content.
    const data = await get("/blog/answering-every-call.data");
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Answering every call");

    await write(`/api/admin/content/posts/${post.id}/unpublish`, { baseVersion: post.version });
    expect((await get("/blog/answering-every-call")).status).toBe(404);
    expect(await (await get("/blog")).text()).not.toContain("answering-every-call");
    expect((await get("/blog/tag/phones")).status).toBe(404);
    expect(await (await get("/blog/rss.xml")).text()).not.toContain("answering-every-call");
    expect(await (await get("/sitemap.xml")).text()).not.toContain("answering-every-call");
    expect(await (await get("/")).text()).not.toContain('href="/blog"');
    expect((await get("/cards/blog/answering-every-call.png")).status).toBe(404);
    // Its first renders of every blog route and the first share card: seconds on a loaded machine.
  }, 60_000);

  it("never shows a draft or a scheduled post; a changed slug redirects its old address", async () => {
    const draft = await write("/api/admin/content/posts", { baseVersion: 0, draft: { title: "Not yet", slug: "not-yet", body: "Soon." } });
    expect((await get("/blog/not-yet")).status).toBe(404);
    await write(`/api/admin/content/posts/${draft.id}/schedule`, { baseVersion: draft.version, draft: draft.draft, publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await get("/blog/not-yet")).status).toBe(404);
    expect((await get("/blog/not-yet.data")).status).toBe(404);

    const live = await publish({ title: "Old name", slug: "old-name", body: "Words." });
    const renamed = await write(`/api/admin/content/posts/${live.id}/publish`, { baseVersion: live.version, draft: { ...live.draft, slug: "new-name" } });
    expect(renamed.publishedSlug).toBe("new-name");
    const moved = await get("/blog/old-name");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/blog/new-name");
    expect((await get("/blog/new-name")).status).toBe(200);
  });

  it("renders a hostile body inert: no script, no iframe, no event attribute, no javascript: link", async () => {
    await publish({
      title: "Hostile",
      slug: "hostile",
      body: [
        "<script>alert(1)</script>",
        '<iframe src="https://evil.example"></iframe>',
        '<img src=x onerror="alert(2)">',
        "[click](javascript:alert(3)) [again](JaVaScRiPt:alert(4))",
        '<a href="#" onclick="alert(5)">x</a>',
      ].join("\n\n"),
    });
    const html = await (await get("/blog/hostile")).text();
    const article = html.slice(html.indexOf("<article"), html.indexOf("</article>"));
    // What a browser would run: elements and their attributes. The hostile markup is there as text.
    const tags = article.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.length).toBeGreaterThan(10);
    for (const tag of tags) expect(tag).not.toMatch(/^<(script|iframe|img|object|embed)\b|\son\w+=|href="\s*javascript:/i);
    expect(article).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("previewing a draft", () => {
  it("shows the studio's staff the draft as its page will be, never indexed or cached; nobody else", async () => {
    const draft = await write("/api/admin/content/posts", { baseVersion: 0, draft: { title: "Preview me", slug: "preview-me", body: "## Draft heading\n\nDraft words." } });
    const preview = await get(`/admin/content/posts/${draft.id}/preview`, editorCookie);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/<h2[^>]*>Draft heading<\/h2>/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // No script: React Router would find no route at this address once hydrated.
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect((await get(`/admin/content/posts/${draft.id}/preview`)).status).toBe(401);
    expect((await get(`/admin/content/posts/${draft.id}/preview`, moderatorCookie)).status).toBe(403);
    expect((await get("/blog/preview-me")).status).toBe(404);
  });
});
