import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { plainText, toRenderable } from "@shared/content/rich-text";
import {
  BLOG_PAGE_SIZE,
  readingMinutes,
  emptySiteContent,
  initialsOf,
  type FaqItem,
  type PostCard,
  type PostLookup,
  type PublishedImage,
  type SiteContent,
  type StoryCard,
  type StoryPageData,
  type TestimonialCard,
} from "@shared/content/site-content";
import { priceValues, type Prices } from "@shared/content/prices";
import { termValues } from "@shared/content/term-values";
import {
  faqDraftSchema,
  postDraftSchema,
  pricesDraftSchema,
  storedStorySchema,
  storedTestimonialSchema,
  type Cover,
  type FaqDraft,
  type PostDraft,
  type StoryDraft,
  type TestimonialDraft,
} from "@shared/schemas/content";
import type { SiteContentStore } from "../app-env";
import type { Db } from "../db/client";
import { contentEntries, contentRedirects, contentState, users } from "../db/schema";
import type { Logger } from "../logger";
import { describeImage } from "../platform/file-storage";
import { publishDueEntries, scheduledEntryDue } from "./content-entries";
import { seedSiteWords } from "./seed-content";
import { closeExpiredRoles, expiredRoleDue } from "./role-closing";
import { openRoleOf, rolesOf, type PublishedRole } from "./open-roles";

/**
 * The published content every public page reads (docs/decisions/0903), held in memory by each
 * instance and built again when content_state's version moves. Instances learn of a change
 * through the database, never through HTTP: each reads that one row every CONTENT_POLL_MS, and
 * the instance that made the change reads it at once (`changed()`). The same tick publishes the
 * scheduled entries whose time has come.
 */

/** How often an instance looks for changes: a publish shows everywhere within about a second. */
export const CONTENT_POLL_MS = 1000;

/** Posts related to a post: the newest sharing most tags, then the newest. */
const RELATED_POSTS = 3;

export type PublishedPost = PostCard & { id: string; body: string; authorName: string; updatedAt: string };

function srcsetOf(variants: { url: string; width: number }[]): string {
  return variants.map((v) => `${v.url} ${v.width}w`).join(", ");
}

/** A stored image with its alt text as a page shows it; null when the image is gone. */
async function publishedImageOf(db: Db, cover: Cover | null): Promise<PublishedImage | null> {
  if (!cover) return null;
  const image = await describeImage(db, cover.imageId);
  return image ? { url: image.variants.at(-1)!.url, width: image.width, height: image.height, alt: cover.alt, srcset: srcsetOf(image.variants) } : null;
}

/** A post as the pages read it: its cover's sizes looked up, its reading time counted. */
export async function publishedPostOf(
  db: Db,
  row: { id: string; post: PostDraft; slug: string; firstPublishedAt: Date; publishedAt: Date | null; authorName: string | null },
): Promise<PublishedPost> {
  const { post } = row;
  let cover: PublishedImage | null = null;
  if (post.cover) {
    const image = await describeImage(db, post.cover.imageId);
    if (image) cover = { url: image.variants.at(-1)!.url, width: image.width, height: image.height, alt: post.cover.alt, srcset: srcsetOf(image.variants) };
  }
  return {
    id: row.id,
    slug: row.slug,
    title: post.title,
    summary: post.summary,
    cover,
    publishedAt: row.firstPublishedAt.toISOString(),
    updatedAt: (row.publishedAt ?? row.firstPublishedAt).toISOString(),
    readingMinutes: readingMinutes(plainText(post.body)),
    tags: post.tags,
    body: post.body,
    authorName: row.authorName ?? "The team",
  };
}

/** Reads every published post with its cover's sizes, newest first, and the former slugs. */
export async function loadPublishedPosts(db: Db): Promise<{ posts: PublishedPost[]; redirects: Map<string, string> }> {
  const rows = await db
    .select({
      id: contentEntries.id,
      published: contentEntries.published,
      slug: contentEntries.publishedSlug,
      firstPublishedAt: contentEntries.firstPublishedAt,
      publishedAt: contentEntries.publishedAt,
      authorName: users.name,
    })
    .from(contentEntries)
    .leftJoin(users, eq(users.id, contentEntries.authorUserId))
    .where(and(eq(contentEntries.kind, "post"), eq(contentEntries.status, "published")));
  const posts: PublishedPost[] = [];
  for (const row of rows) {
    // Written through the same schema; a row that no longer parses is left off the site, not a 500.
    const parsed = postDraftSchema.safeParse(row.published);
    if (!parsed.success || !row.slug || !row.firstPublishedAt) continue;
    posts.push(await publishedPostOf(db, { id: row.id, post: parsed.data, slug: row.slug, firstPublishedAt: row.firstPublishedAt, publishedAt: row.publishedAt, authorName: row.authorName }));
  }
  posts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug));
  const redirects = new Map<string, string>();
  const ids = posts.map((p) => p.id);
  if (ids.length > 0) {
    const slugOf = new Map(posts.map((p) => [p.id, p.slug]));
    const formers = await db
      .select({ fromSlug: contentRedirects.fromSlug, entryId: contentRedirects.entryId })
      .from(contentRedirects)
      .where(inArray(contentRedirects.entryId, ids));
    for (const r of formers) redirects.set(r.fromSlug, slugOf.get(r.entryId)!);
  }
  return { posts, redirects };
}

/** A testimonial as the pages show it, with its order to sort by: its photo's sizes looked up. */
export async function testimonialCardOf(db: Db, slug: string, t: TestimonialDraft): Promise<TestimonialCard & { order: number }> {
  return {
    id: slug,
    quote: t.quote,
    name: t.name,
    initials: initialsOf(t.name),
    role: t.role,
    company: t.company,
    industry: t.industry,
    photo: await publishedImageOf(db, t.photo),
    figure: t.figure,
    example: t.example,
    order: t.order,
  };
}

/** A story as the pages read it: its logo's sizes looked up. */
export async function publishedStoryOf(db: Db, slug: string, story: StoryDraft, firstPublishedAt: Date, publishedAt: Date | null): Promise<PublishedStory> {
  return {
    slug,
    title: story.title,
    company: story.company,
    industry: story.industry,
    logo: await publishedImageOf(db, story.logo),
    results: story.results,
    quote: story.quote,
    publishedAt: firstPublishedAt.toISOString(),
    updatedAt: (publishedAt ?? firstPublishedAt).toISOString(),
    problem: story.problem,
    solution: story.solution,
  };
}

const storyCardOf = ({ updatedAt: _u, problem: _p, solution: _s, ...card }: PublishedStory): StoryCard => card;

/** In the pages' order: lower order first, then by name. */
export function inTestimonialOrder(cards: (TestimonialCard & { order: number })[]): TestimonialCard[] {
  return [...cards].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)).map(({ order: _order, ...card }) => card);
}

/**
 * The site's own words as published: the prices, the FAQ items (with their slugs) in no order yet,
 * the roles still open, the testimonials in their order and the stories (absent: none).
 */
export type SiteWords = {
  prices: Prices | null;
  faq: (FaqDraft & { slug: string })[];
  roles?: PublishedRole[];
  testimonials?: TestimonialCard[];
  stories?: PublishedStory[];
};

/** A published story with what its page needs in source form (its solution parsed once per version). */
export type PublishedStory = StoryCard & { updatedAt: string; problem: string; solution: string };

/**
 * Reads the published prices and FAQ items. A scheduled change of a live one is not live yet: its
 * published copy is what the site shows until its time.
 */
export async function loadSiteWords(db: Db, now = new Date()): Promise<SiteWords> {
  const rows = await db
    .select({
      kind: contentEntries.kind,
      published: contentEntries.published,
      slug: contentEntries.publishedSlug,
      firstPublishedAt: contentEntries.firstPublishedAt,
      publishedAt: contentEntries.publishedAt,
    })
    .from(contentEntries)
    .where(and(inArray(contentEntries.kind, ["prices", "faq", "role", "testimonial", "story"]), isNotNull(contentEntries.published)));
  const words: SiteWords = { prices: null, faq: [], roles: [], testimonials: [], stories: [] };
  const testimonials: (TestimonialCard & { order: number })[] = [];
  for (const row of rows) {
    // Written through the same schemas; a row that no longer parses is left off, not a 500.
    if (row.kind === "role") {
      const role = openRoleOf(row, now);
      if (role) words.roles!.push(role);
    } else if (row.kind === "story") {
      const parsed = storedStorySchema.safeParse(row.published);
      if (!parsed.success || !row.slug || !row.firstPublishedAt) continue;
      words.stories!.push(await publishedStoryOf(db, row.slug, parsed.data, row.firstPublishedAt, row.publishedAt));
    } else if (row.kind === "testimonial") {
      const parsed = storedTestimonialSchema.safeParse(row.published);
      if (parsed.success && row.slug) testimonials.push(await testimonialCardOf(db, row.slug, parsed.data));
    } else if (row.kind === "prices") {
      const prices = pricesDraftSchema.safeParse(row.published);
      if (prices.success) words.prices = prices.data;
    } else {
      const item = faqDraftSchema.safeParse(row.published);
      if (item.success && row.slug) words.faq.push({ ...item.data, slug: row.slug });
    }
  }
  words.testimonials = inTestimonialOrder(testimonials);
  words.stories!.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug));
  return words;
}

/** The FAQ as pages show it: in its order (then by question), each answer rendered with the prices' and the terms' values. */
export function faqItemsOf(faq: SiteWords["faq"], prices: Prices | null): FaqItem[] {
  const values = { term: termValues(), ...(prices ? { price: priceValues(prices) } : {}) };
  return [...faq]
    .sort((a, b) => a.order - b.order || a.question.localeCompare(b.question))
    .map((item) => ({ id: item.slug, question: item.question, answer: toRenderable(item.answer, values), answerText: plainText(item.answer, values) }));
}

const cardOf = ({ slug, title, summary, cover, publishedAt, readingMinutes, tags }: PublishedPost): PostCard => ({
  slug,
  title,
  summary,
  cover,
  publishedAt,
  readingMinutes,
  tags,
});

/** The pages' view of the published posts at `version`. */
export function siteContentOf(version: number, posts: PublishedPost[], redirects: Map<string, string>, words: SiteWords = { prices: null, faq: [] }): SiteContent {
  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  const found = new Map<string, PostLookup>();
  const stories = words.stories ?? [];
  const storyBySlug = new Map(stories.map((s) => [s.slug, s]));
  const storyPages = new Map<string, StoryPageData>();
  const tagCounts = new Map<string, number>();
  for (const post of posts) for (const tag of post.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const tags = [...tagCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
  const related = (post: PublishedPost) =>
    posts
      .filter((p) => p !== post)
      .map((p, index) => ({ p, index, shared: p.tags.filter((t) => post.tags.includes(t)).length }))
      .sort((a, b) => b.shared - a.shared || a.index - b.index)
      .slice(0, RELATED_POSTS)
      .map(({ p }) => cardOf(p));
  const roles = rolesOf(words.roles ?? []);
  return {
    version,
    hasBlog: posts.length > 0,
    prices: words.prices,
    faq: faqItemsOf(words.faq, words.prices),
    roles: roles.cards,
    role: roles.page,
    testimonials: words.testimonials ?? [],
    stories: stories.map(storyCardOf),
    story(slug) {
      const story = storyBySlug.get(slug);
      if (!story) return null;
      // Asked for each request of its address: parsed once per version.
      let page = storyPages.get(slug);
      if (!page) {
        page = { ...storyCardOf(story), updatedAt: story.updatedAt, problem: story.problem.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean), solution: toRenderable(story.solution) };
        storyPages.set(slug, page);
      }
      return page;
    },
    blogList(page, tag) {
      const listed = tag === null ? posts : posts.filter((p) => p.tags.includes(tag));
      if (listed.length === 0) return null;
      const pageCount = Math.max(1, Math.ceil(listed.length / BLOG_PAGE_SIZE));
      if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
      return { posts: listed.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE).map(cardOf), page, pageCount, tag, tags };
    },
    post(slug): PostLookup {
      const post = bySlug.get(slug);
      if (post) {
        // Asked on every request for the post's address (is it a page?), not only by its render:
        // its body is parsed once per version, not once per request.
        let lookup = found.get(slug);
        if (!lookup) {
          lookup = {
            kind: "post",
            post: { ...cardOf(post), authorName: post.authorName, updatedAt: post.updatedAt, body: toRenderable(post.body), related: related(post) },
          };
          found.set(slug, lookup);
        }
        return lookup;
      }
      const moved = redirects.get(slug);
      return moved ? { kind: "redirect", slug: moved } : null;
    },
  };
}

export function createSiteContentStore(options: { db: Db; logger: Logger; pollMs?: number }): SiteContentStore {
  const { db, logger, pollMs = CONTENT_POLL_MS } = options;
  let content: SiteContent = emptySiteContent;
  let cards: PostCard[] = [];
  let timer: NodeJS.Timeout | null = null;
  let loading: Promise<void> | null = null;
  const listeners: ((content: SiteContent) => void)[] = [];

  const readVersion = async () => {
    const [row] = await db.select({ version: contentState.version }).from(contentState).where(isNotNull(contentState.version));
    return row?.version ?? 1;
  };
  /**
   * The tick's one question, asked every CONTENT_POLL_MS on every instance: the version, and
   * whether anything is due to be published or closed. The claiming transactions (three round
   * trips each) run only when something is.
   */
  const readTick = async () => {
    const now = new Date();
    const [row] = await db
      .select({ version: contentState.version, publish: scheduledEntryDue(now), close: expiredRoleDue(now) })
      .from(contentState)
      .where(isNotNull(contentState.version));
    return { version: row?.version ?? 1, publish: row?.publish === true, close: row?.close === true };
  };
  let seeded = false;
  const load = async () => {
    // The site's own words as they were in code, added where absent (decision 0904): once per
    // instance, before its first read.
    if (!seeded) {
      await seedSiteWords(db);
      seeded = true;
    }
    // Scheduled entries go live here, whoever is signed in or not: each instance looks every
    // tick, and each entry is claimed by one of them (SKIP LOCKED), so it is published once.
    // Roles past their closing date leave the site the same way: once, by whichever instance.
    const tick = await readTick();
    let version = tick.version;
    if (tick.publish || tick.close) {
      if (tick.publish) await publishDueEntries(db);
      if (tick.close) await closeExpiredRoles(db);
      version = await readVersion();
    }
    if (version === content.version) return;
    const [{ posts, redirects }, words] = await Promise.all([loadPublishedPosts(db), loadSiteWords(db)]);
    content = siteContentOf(version, posts, redirects, words);
    cards = posts.map(cardOf);
    for (const listener of listeners) listener(content);
  };
  /** One load at a time; a change seen while loading is loaded by the next tick. */
  const refresh = () => {
    loading ??= load()
      .catch((error: unknown) => logger.error({ err: error }, "could not load the published content"))
      .finally(() => (loading = null));
    return loading;
  };

  return {
    current: () => content,
    posts: () => cards,
    async changed() {
      // A load already under way may have read the version before this change committed.
      await loading;
      await refresh();
    },
    onChange: (listener) => void listeners.push(listener),
    async start() {
      await refresh();
      const tick = () => {
        timer = setTimeout(() => void refresh().finally(() => timer && tick()), pollMs);
        timer.unref();
      };
      tick();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
