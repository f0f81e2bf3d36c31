import { Hono } from "hono";
import { Feed } from "feed";
import { BLOG_FEED_TITLE, BRAND_NAME } from "@shared/brand";
import type { PostCard, SiteContent } from "@shared/content/site-content";
import { blogFeedPath, blogPostPath, careersRolePath, customersPath, paths, publicPaths, storyPath, unindexedPaths } from "@shared/site-routes";
import type { AppEnv } from "../app-env";
import type { SiteContentStore } from "../app-env";
import { renderShareCard } from "../content/share-card";

/** Posts the feed lists: the newest. */
export const FEED_POSTS = 20;

/** Share cards held in memory: one per post, drawn on first request after a change. */
const MAX_CARDS = 500;

/** The site's pages and the published posts, for search engines (docs/decisions/0903). */
export function sitemapXml(publicUrl: string, content: SiteContent, posts: readonly PostCard[]): string {
  const pages = publicPaths.filter((p) => !unindexedPaths.includes(p)).map((p) => ({ loc: p === "/" ? "/" : p, lastmod: null as string | null }));
  if (content.hasBlog) pages.push({ loc: paths.blog, lastmod: posts[0]?.publishedAt ?? null });
  for (const post of posts) pages.push({ loc: blogPostPath(post.slug), lastmod: post.publishedAt });
  // Open roles only: a closed role leaves with the content version its closing moves.
  for (const role of content.roles) pages.push({ loc: careersRolePath(role.slug), lastmod: null });
  // Customer stories (decision 0906): the list once there is one, and each story.
  if (content.stories.length > 0) pages.push({ loc: customersPath, lastmod: content.stories[0]!.publishedAt });
  for (const story of content.stories) pages.push({ loc: storyPath(story.slug), lastmod: story.publishedAt });
  const urls = pages.map(({ loc, lastmod }) => `  <url><loc>${escapeXml(publicUrl + loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** RSS 2.0 of the newest posts. */
export function rssXml(publicUrl: string, posts: readonly PostCard[]): string {
  const feed = new Feed({
    title: BLOG_FEED_TITLE,
    description: `Guides and stories from ${BRAND_NAME} on answering every call, text and message with AI agents.`,
    id: `${publicUrl}${paths.blog}`,
    link: `${publicUrl}${paths.blog}`,
    language: "en",
    copyright: `© ${BRAND_NAME}`,
    updated: posts[0] ? new Date(posts[0].publishedAt) : undefined,
    generator: false,
    feedLinks: { rss: `${publicUrl}${blogFeedPath}` },
  });
  for (const post of posts.slice(0, FEED_POSTS)) {
    const link = `${publicUrl}${blogPostPath(post.slug)}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.publishedAt),
      description: post.summary || undefined,
      category: post.tags.map((tag) => ({ name: tag })),
    });
  }
  return feed.rss2();
}

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * GET /sitemap.xml, /blog/rss.xml and the posts' share cards (/cards/blog/<slug>.png): made from
 * the published content once per change and served from memory. Every instance answers them the
 * same way within a second of a publish (server/content/site-content.ts).
 */
export function contentFeedRoutes(store: SiteContentStore, publicUrl: string) {
  const routes = new Hono<AppEnv>();
  const perVersion = <T>(make: (content: SiteContent) => T) => {
    let held: { version: number; value: T } | null = null;
    return () => {
      const content = store.current();
      if (held?.version !== content.version) held = { version: content.version, value: make(content) };
      return held.value;
    };
  };
  const sitemap = perVersion((content) => sitemapXml(publicUrl, content, store.posts()));
  const rss = perVersion(() => rssXml(publicUrl, store.posts()));
  let cards = { version: -1, bySlug: new Map<string, Promise<Buffer>>() };

  routes.get("/sitemap.xml", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(sitemap(), 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
  routes.get(blogFeedPath, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(rss(), 200, { "Content-Type": "application/rss+xml; charset=utf-8" });
  });
  let storyCards = { version: -1, bySlug: new Map<string, Promise<Buffer>>() };
  // A story's share card: its headline under the company's name, drawn as a post's is.
  routes.get("/cards/customers/:file", async (c) => {
    const file = c.req.param("file");
    const slug = file.endsWith(".png") ? file.slice(0, -".png".length) : null;
    const content = store.current();
    const story = slug === null ? null : content.story(slug);
    if (!slug || !story) return c.text("Not found", 404);
    if (storyCards.version !== content.version) storyCards = { version: content.version, bySlug: new Map() };
    let card = storyCards.bySlug.get(slug);
    if (!card) {
      card = renderShareCard({ title: story.title, kicker: `Customer story · ${story.company}`, footer: `${BRAND_NAME} · ${new URL(publicUrl).host}` });
      if (storyCards.bySlug.size < MAX_CARDS) storyCards.bySlug.set(slug, card);
      const held = storyCards;
      card.catch(() => held.bySlug.delete(slug));
    }
    const png = await card;
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png" });
  });
  routes.get("/cards/blog/:file", async (c) => {
    const file = c.req.param("file");
    const slug = file.endsWith(".png") ? file.slice(0, -".png".length) : null;
    const content = store.current();
    const found = slug === null ? null : content.post(slug);
    if (!slug || found?.kind !== "post") return c.text("Not found", 404);
    if (cards.version !== content.version) cards = { version: content.version, bySlug: new Map() };
    let card = cards.bySlug.get(slug);
    if (!card) {
      card = renderShareCard({ title: found.post.title, kicker: "Blog", footer: `${BRAND_NAME} · ${new URL(publicUrl).host}` });
      if (cards.bySlug.size < MAX_CARDS) cards.bySlug.set(slug, card);
      const held = cards;
      card.catch(() => held.bySlug.delete(slug));
    }
    const png = await card;
    // The same address draws the post's new title after an edit: cached for an hour, not for ever.
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png" });
  });
  return routes;
}

