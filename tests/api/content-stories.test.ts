import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { StoryListResponse } from "@shared/api/content-words-api";
import type { StoryDraft, StoryDraftInput } from "@shared/schemas/content";
import type { TestApp } from "../support/test-app";
import { origin } from "../support/admin-fixtures";
import { customersCopy } from "../../app/content/customers";
import { contentEntries } from "../../server/db/schema";
import { createStudioApp, sendJson, ok } from "./content-support";

/*
 * Customer stories as studio content (issue 42 item 1, decision 0906): /customers and
 * /customers/<slug>, Article JSON-LD, share card and sitemap like posts; the newest published story
 * of an industry on its page and the home page, and without one, those pages as they were.
 */
let t: TestApp;
let editorCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, moderatorCookie } = await createStudioApp());
});
afterAll(async () => t?.close());

const API = "/api/admin/content/stories";
const get = (path: string, cookie?: string) => t.app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
const send = (method: string, path: string, body: unknown, cookie = editorCookie) => sendJson(t, method, path, body, cookie);
const html = async (path: string, status = 200) => {
  const res = await get(path);
  expect(res.status, path).toBe(status);
  return res.text();
};
const text = (page: string) => page.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
/** A page with everything a story might add taken out: what it showed before any story. */
const withoutStory = (page: string) => text(page).replace(/\s+/g, " ");

const story: StoryDraftInput = {
  title: "How Lopez & Hart answers every after-hours call",
  company: "Lopez & Hart",
  industry: "law",
  problem: "Half the firm's new-client calls came after six.\n\nThey went to voicemail, and callers rang the next firm.",
  solution: "The agent answers in the firm's name and **runs the intake**:\n\n- matter type\n- parties\n- contact details",
  results: [
    { value: "100%", label: "calls answered" },
    { value: "+32%", label: "consultations booked" },
  ],
  quote: { text: "We stopped losing the callers who rang after six.", person: "Maria Lopez", role: "Managing partner" },
};

let before: { home: string; law: string; trades: string };

describe("with no story published", () => {
  it("the industry pages and the home page keep today's proof; /customers says there are none; a story's address is the 404", async () => {
    before = { home: await html("/"), law: await html("/industries/law"), trades: await html("/industries/trades") };
    for (const page of Object.values(before)) expect(page).not.toContain('data-testid="story-proof"');
    // Nothing in the navigation leads to a page of no stories.
    expect(before.home).not.toMatch(/<a[^>]*href="\/customers"/);
    expect(text(await html("/customers"))).toContain(customersCopy.empty.split(".")[0]);
    expect(await html("/customers/lopez-hart", 404)).toContain("Page not found");
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/customers");
  });
});

describe("who may edit them", () => {
  it("refuses a moderator every story route (403); an editor reaches them", async () => {
    for (const [method, path] of [
      ["GET", API],
      ["POST", API],
      ["POST", `${API}/publish`],
    ] as const) {
      const res = method === "GET" ? await get(path, moderatorCookie) : await send(method, path, { baseVersion: 0, draft: story }, moderatorCookie);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await get(API, editorCookie)).status).toBe(200);
    expect(await t.database.db.select().from(contentEntries).where(eq(contentEntries.kind, "story"))).toHaveLength(0);
  });
});

describe("bad input", () => {
  it("refuses a story without a company, of another industry, without results or a quote, or with a figure without its label, with 400 and a message; stores nothing", async () => {
    for (const [draft, message] of [
      [{ ...story, company: "" }, "Company is required"],
      [{ ...story, industry: "restaurants" }, "Choose one of the site's industries"],
      [{ ...story, results: [] }, "Give at least one result before publishing"],
      [{ ...story, results: [{ value: "100%", label: "" }] }, "Say what the figure counts"],
      [{ ...story, results: Array.from({ length: 7 }, () => ({ value: "1", label: "x" })) }, "At most 6 results"],
      [{ ...story, quote: { text: "", person: "Maria Lopez", role: "" } }, "Add the quote before publishing"],
      [{ ...story, problem: "" }, "Describe the problem before publishing"],
      [{ ...story, example: true }, "Unrecognized key"],
    ] as const) {
      const res = await send("POST", `${API}/publish`, { baseVersion: 0, draft });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect(await t.database.db.select().from(contentEntries).where(eq(contentEntries.kind, "story"))).toHaveLength(0);
  });
});

describe("a published story", () => {
  it("a draft is nowhere on the site; published, it has its page with Article JSON-LD and share card, is on /customers and the sitemap", async () => {
    const draft = await ok<ContentEntryDetail<StoryDraft>>(await send("POST", API, { baseVersion: 0, draft: story }));
    expect(draft.slug).toBe("lopez-hart");
    expect(await html("/customers/lopez-hart", 404)).not.toContain(story.title);
    expect(text(await html("/industries/law"))).not.toContain("after-hours call");
    // Its preview: its page as it will be, for the studio's staff only, never cached.
    const preview = await get(`/admin/content/stories/${draft.id}/preview`, editorCookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(text(await preview.text())).toContain("Half the firm's new-client calls came after six.");
    expect((await get(`/admin/content/stories/${draft.id}/preview`, moderatorCookie)).status).toBe(403);

    const image = await sharp({ create: { width: 200, height: 80, channels: 3, background: "#1e3a8a" } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "logo.png");
    const { id: imageId } = await ok<{ id: string }>(await t.app.request("/api/admin/content/images", { method: "POST", headers: { Origin: origin, Cookie: editorCookie }, body: form }));
    await ok(await send("POST", `${API}/${draft.id}/publish`, { baseVersion: draft.version, draft: { ...story, logo: { imageId, alt: "Lopez & Hart logo" } } }));

    const page = await html("/customers/lopez-hart");
    const words = text(page);
    for (const part of ["How Lopez &amp; Hart answers every after-hours call", "Half the firm's new-client calls came after six.", "100%", "calls answered", "+32%", "Maria Lopez", "Managing partner"]) {
      expect(words).toContain(part);
    }
    expect(page).toMatch(/<strong[^>]*>runs the intake<\/strong>/);
    expect(page).toMatch(new RegExp(`<img[^>]*alt="Lopez &amp; Hart logo"`));
    expect(page).toContain('href="/book"');
    const article = jsonLd(page).find((b) => b["@type"] === "Article") as { headline: string; image: string[]; about: { name: string } };
    expect(article.headline).toBe(story.title);
    expect(article.about.name).toBe("Lopez & Hart");
    expect(article.image[0]).toMatch(/\/cards\/customers\/lopez-hart\.png$/);
    const card = await get("/cards/customers/lopez-hart.png");
    expect(card.status).toBe(200);
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });

    expect(text(await html("/customers"))).toContain(story.title.replace("&", "&amp;"));
    // The navigation offers the stories now: in Resources, and in the footer's Company column.
    const home = await html("/");
    expect(home.slice(0, home.indexOf("<main")), "Resources, in the header's menu and sheets").toMatch(/<a[^>]*href="\/customers"[^>]*>Customers<\/a>/);
    expect(home.slice(home.indexOf("<footer")), "the footer's Company column").toMatch(/<a[^>]*href="\/customers"[^>]*>Customers<\/a>/);
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("/customers</loc>");
    expect(sitemap).toContain("/customers/lopez-hart</loc>");
  });

  it("shows on its industry's page and the home page, not on another industry's; unpublished, those pages are as they were", async () => {
    const law = await html("/industries/law");
    expect(law).toContain('data-testid="story-proof"');
    expect(text(law)).toContain("How Lopez &amp; Hart answers every after-hours call");
    expect(text(law)).toContain("We stopped losing the callers who rang after six.");
    // Another industry's page is as it was, but for the navigation's Customers links (in
    // Resources and the footer), which every page gains once a story is published.
    const trades = await html("/industries/trades");
    const mainOf = (page: string) => page.slice(page.indexOf('<main id="main">'), page.indexOf("</main>"));
    const headOf = (page: string) => page.slice(0, page.indexOf("<body"));
    expect(mainOf(trades) === mainOf(before.trades), "the trades page's main content is unchanged").toBe(true);
    expect(headOf(trades) === headOf(before.trades), "the trades page's head (title, meta, JSON-LD) is unchanged").toBe(true);
    expect(trades.match(/href="\/customers"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text(await html("/"))).toContain("How Lopez &amp; Hart answers every after-hours call");

    // The newest of the industry is the one shown.
    await ok(await send("POST", `${API}/publish`, { baseVersion: 0, draft: { ...story, title: "A second firm's story", company: "Reyes Law" } }));
    expect(text(await html("/industries/law"))).toContain("A second firm's story");
    expect(text(await html("/industries/law"))).not.toContain("after-hours call");

    for (const item of (await ok<StoryListResponse>(await get(API, editorCookie))).items) {
      await ok(await send("POST", `${API}/${item.id}/unpublish`, { baseVersion: item.version }));
    }
    expect(withoutStory(await html("/industries/law"))).toBe(withoutStory(before.law));
    expect(withoutStory(await html("/"))).toBe(withoutStory(before.home));
    expect(await html("/customers/lopez-hart", 404)).not.toContain(story.title);
    expect((await get("/cards/customers/lopez-hart.png")).status).toBe(404);
  });
});
