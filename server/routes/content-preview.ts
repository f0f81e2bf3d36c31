import { Hono, type Context } from "hono";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { z } from "zod";
import { contentRoles } from "@shared/schemas/admin";
import { faqDraftSchema, postDraftSchema, pricesDraftSchema, roleDraftSchema, storedStorySchema, storedTestimonialSchema } from "@shared/schemas/content";
import { blogPostPath, careersRolePath, paths, storyPath } from "@shared/site-routes";
import type { Auth } from "../auth/auth";
import { adminError } from "../admin/admin-errors";
import { allow, requireStaff, type AdminEnv } from "../admin/require-admin";
import { contentEntries, users } from "../db/schema";
import { entryNotFound } from "../content/content-entries";
import { inTestimonialOrder, loadPublishedPosts, loadSiteWords, publishedPostOf, publishedStoryOf, siteContentOf, testimonialCardOf } from "../content/site-content";
import { pageCsp } from "../http/security-headers";

const idParam = z.string().uuid();

/** A page without its scripts (but its JSON-LD, which is data) and its module preloads. */
/** A rendered page as a staff-only preview: without its scripts, never indexed or cached. */
function previewAnswer(c: Context<AdminEnv>, csp: string, body: Buffer) {
  const html = withoutScripts(body.toString("utf8")).replace("<head>", '<head><meta name="robots" content="noindex, nofollow"/>');
  c.header("Content-Security-Policy", csp);
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex, nofollow");
  return c.html(html);
}

function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/**
 * GET /admin/content/posts/<id>/preview: a post's draft rendered exactly as its public page will
 * be (the same route, layout and styles), for the studio's staff only (docs/decisions/0903). The
 * draft takes its place among the published posts for this one render, which is never cached
 * and never indexed. Drafts and scheduled posts are otherwise never reachable publicly.
 */
export function contentPreviewRoutes(auth: Auth) {
  const routes = new Hono<AdminEnv>();
  routes.get("/admin/content/posts/:id/preview", requireStaff(auth), allow(...contentRoles), async (c) => {
    const { database, site, config } = c.get("deps");
    const id = idParam.safeParse(c.req.param("id"));
    if (!id.success || !site) return adminError(c, 404, "Not found");
    const { db } = database;
    const [entry] = await db
      .select({ draft: contentEntries.draft, firstPublishedAt: contentEntries.firstPublishedAt, authorName: users.name })
      .from(contentEntries)
      .leftJoin(users, eq(users.id, contentEntries.authorUserId))
      .where(eq(contentEntries.id, id.data.toLowerCase()));
    const draft = postDraftSchema.safeParse(entry?.draft);
    if (!entry || !draft.success) return adminError(c, 404, entryNotFound("post"));
    const { posts, redirects } = await loadPublishedPosts(db);
    const preview = await publishedPostOf(db, {
      id: id.data,
      post: draft.data,
      slug: draft.data.slug,
      firstPublishedAt: entry.firstPublishedAt ?? new Date(),
      publishedAt: new Date(),
      authorName: entry.authorName,
    });
    const others = posts.filter((p) => p.id !== preview.id && p.slug !== preview.slug);
    const content = siteContentOf(-1, [preview, ...others].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)), redirects);
    const answer = await site.renderPage(new URL(blogPostPath(preview.slug), config.publicUrl), content);
    if (answer.kind !== "page") return adminError(c, 404, "This post cannot be previewed");
    // Without its scripts: at this address React Router would find no route and show the 404
    // page. The site reads the same without JavaScript, so the preview is what a visitor sees
    // first; no inline script is left to allow, so the policy allows none.
    return previewAnswer(c, pageCsp(config, []), answer.file.body);
  });
  /**
   * GET /admin/content/prices/preview?page=pricing|compare|faq&monthly=…&annualYearly=…&annualSavings=…:
   * a page as it will be with these prices (the Prices page's form, saved or not), every figure
   * derived from them moved; for the studio's staff only, never cached or indexed (decision 0904).
   */
  routes.get("/admin/content/prices/preview", requireStaff(auth), allow(...contentRoles), async (c) => {
    const { database, site, config } = c.get("deps");
    const query = previewQuery.safeParse(c.req.query());
    if (!query.success) return adminError(c, 400, query.error.issues[0]?.message ?? "Invalid prices");
    if (!site) return adminError(c, 404, "Not found");
    const { page, ...prices } = query.data;
    const [{ posts, redirects }, words] = await Promise.all([loadPublishedPosts(database.db), loadSiteWords(database.db)]);
    const content = siteContentOf(-1, posts, redirects, { ...words, prices });
    const answer = await site.renderPage(new URL(paths[page], config.publicUrl), content);
    if (answer.kind !== "page") return adminError(c, 404, "This page cannot be previewed");
    return previewAnswer(c, pageCsp(config, []), answer.file.body);
  });
  /**
   * GET /admin/content/faq/<id>/preview: /faq with this question's saved draft in its place (added,
   * for one never published), its tags filled with the published prices and the plan's terms
   * (decision 0904); staff only, never cached or indexed.
   */
  routes.get("/admin/content/faq/:id/preview", requireStaff(auth), allow(...contentRoles), async (c) => {
    const { database, site, config } = c.get("deps");
    const id = idParam.safeParse(c.req.param("id"));
    if (!id.success || !site) return adminError(c, 404, "Not found");
    const { db } = database;
    const [entry] = await db
      .select({ draft: contentEntries.draft, slug: contentEntries.slug })
      .from(contentEntries)
      .where(and(eq(contentEntries.id, id.data.toLowerCase()), eq(contentEntries.kind, "faq")));
    const draft = faqDraftSchema.safeParse(entry?.draft);
    if (!entry?.slug || !draft.success) return adminError(c, 404, entryNotFound("faq"));
    const slug = entry.slug;
    const [{ posts, redirects }, words] = await Promise.all([loadPublishedPosts(db), loadSiteWords(db)]);
    const faq = [...words.faq.filter((item) => item.slug !== slug), { ...draft.data, slug }];
    const answer = await site.renderPage(new URL(paths.faq, config.publicUrl), siteContentOf(-1, posts, redirects, { ...words, faq }));
    if (answer.kind !== "page") return adminError(c, 404, "This page cannot be previewed");
    return previewAnswer(c, pageCsp(config, []), answer.file.body);
  });
  /**
   * GET /admin/content/roles/<id>/preview: a role's draft rendered as its page will be (decision
   * 0905), for the studio's staff only, never cached or indexed; its closing date unchecked, so a
   * draft is seen before it has one.
   */
  routes.get("/admin/content/roles/:id/preview", requireStaff(auth), allow(...contentRoles), async (c) => {
    const { database, site, config } = c.get("deps");
    const id = idParam.safeParse(c.req.param("id"));
    if (!id.success || !site) return adminError(c, 404, "Not found");
    const { db } = database;
    const [entry] = await db
      .select({ draft: contentEntries.draft, slug: contentEntries.slug, kind: contentEntries.kind, firstPublishedAt: contentEntries.firstPublishedAt })
      .from(contentEntries)
      .where(eq(contentEntries.id, id.data.toLowerCase()));
    const draft = roleDraftSchema.safeParse(entry?.draft);
    if (!entry || entry.kind !== "role" || !entry.slug || !draft.success) return adminError(c, 404, entryNotFound("role"));
    const slug = entry.slug;
    const [{ posts, redirects }, words] = await Promise.all([loadPublishedPosts(db), loadSiteWords(db)]);
    const roles = [...(words.roles ?? []).filter((r) => r.slug !== slug), { ...draft.data, slug, postedAt: (entry.firstPublishedAt ?? new Date()).toISOString() }];
    const content = siteContentOf(-1, posts, redirects, { ...words, roles });
    const answer = await site.renderPage(new URL(careersRolePath(slug), config.publicUrl), content);
    if (answer.kind !== "page") return adminError(c, 404, "This role cannot be previewed");
    return previewAnswer(c, pageCsp(config, []), answer.file.body);
  });
  /**
   * GET /admin/content/testimonials/<id>/preview: the home page with this testimonial's saved draft
   * in its place among the published ones (decision 0906); staff only, never cached or indexed.
   */
  routes.get("/admin/content/testimonials/:id/preview", requireStaff(auth), allow(...contentRoles), async (c) => {
    const { database, site, config } = c.get("deps");
    const id = idParam.safeParse(c.req.param("id"));
    if (!id.success || !site) return adminError(c, 404, "Not found");
    const { db } = database;
    const entryId = id.data.toLowerCase();
    const [entry] = await db
      .select({ draft: contentEntries.draft, slug: contentEntries.slug })
      .from(contentEntries)
      .where(and(eq(contentEntries.id, entryId), eq(contentEntries.kind, "testimonial")));
    const draft = storedTestimonialSchema.safeParse(entry?.draft);
    if (!entry?.slug || !draft.success) return adminError(c, 404, entryNotFound("testimonial"));
    const others = await db
      .select({ slug: contentEntries.publishedSlug, published: contentEntries.published })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "testimonial"), isNotNull(contentEntries.published), ne(contentEntries.id, entryId)));
    const cards = [await testimonialCardOf(db, entry.slug, draft.data)];
    for (const other of others) {
      const parsed = storedTestimonialSchema.safeParse(other.published);
      if (parsed.success && other.slug) cards.push(await testimonialCardOf(db, other.slug, parsed.data));
    }
    const [{ posts, redirects }, words] = await Promise.all([loadPublishedPosts(db), loadSiteWords(db)]);
    const content = siteContentOf(-1, posts, redirects, { ...words, testimonials: inTestimonialOrder(cards) });
    const answer = await site.renderPage(new URL(paths.home, config.publicUrl), content);
    if (answer.kind !== "page") return adminError(c, 404, "This page cannot be previewed");
    return previewAnswer(c, pageCsp(config, []), answer.file.body);
  });
  /**
   * GET /admin/content/stories/<id>/preview: a customer story's saved draft rendered as its page
   * will be (decision 0906); staff only, never cached or indexed.
   */
  routes.get("/admin/content/stories/:id/preview", requireStaff(auth), allow(...contentRoles), async (c) => {
    const { database, site, config } = c.get("deps");
    const id = idParam.safeParse(c.req.param("id"));
    if (!id.success || !site) return adminError(c, 404, "Not found");
    const { db } = database;
    const [entry] = await db
      .select({ draft: contentEntries.draft, slug: contentEntries.slug, firstPublishedAt: contentEntries.firstPublishedAt })
      .from(contentEntries)
      .where(and(eq(contentEntries.id, id.data.toLowerCase()), eq(contentEntries.kind, "story")));
    const draft = storedStorySchema.safeParse(entry?.draft);
    if (!entry?.slug || !draft.success) return adminError(c, 404, entryNotFound("story"));
    const preview = await publishedStoryOf(db, entry.slug, draft.data, entry.firstPublishedAt ?? new Date(), new Date());
    const [{ posts, redirects }, words] = await Promise.all([loadPublishedPosts(db), loadSiteWords(db)]);
    const stories = [preview, ...(words.stories ?? []).filter((s) => s.slug !== preview.slug)];
    const content = siteContentOf(-1, posts, redirects, { ...words, stories });
    const answer = await site.renderPage(new URL(storyPath(preview.slug), config.publicUrl), content);
    if (answer.kind !== "page") return adminError(c, 404, "This story cannot be previewed");
    return previewAnswer(c, pageCsp(config, []), answer.file.body);
  });
  return routes;
}

/** The pages a price change moves, and the prices to show them with (checked as a save is). */
export const pricePreviewPages = ["pricing", "compare", "faq"] as const;
const previewQuery = pricesDraftSchema.extend({ page: z.enum(pricePreviewPages, { error: "Preview the pricing, compare or faq page" }).default("pricing") });
