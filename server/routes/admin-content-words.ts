import { Hono, type Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { ContentEntryDetail, ContentRevisionsResponse } from "@shared/api/content-api";
import type { FaqListResponse, PricesResponse, RoleListResponse, StoryListResponse, TestimonialListResponse } from "@shared/api/content-words-api";
import {
  baseVersionSchema,
  faqDraftSchema,
  pricesDraftSchema,
  roleDraftSchema,
  saveSiteEntrySchema,
  scheduleSiteEntrySchema,
  storyDraftSchema,
  testimonialDraftSchema,
  unpublishEntrySchema,
  type ContentKind,
  type DraftOf,
  type FaqDraft,
  type RoleDraft,
  type StoryDraft,
  type TestimonialDraft,
} from "@shared/schemas/content";
import { adminError } from "../admin/admin-errors";
import type { AdminEnv } from "../admin/require-admin";
import { contentEntries } from "../db/schema";
import {
  entryNotFound,
  getEntry,
  listRevisions,
  publishEntry,
  reorderFaq,
  restoreRevision,
  saveEntry,
  scheduleEntry,
  unpublishEntry,
} from "../content/content-entries";
import { contentRouteParts } from "./admin-content";

const idParam = z.object({ id: z.string().uuid("Invalid entry ID").transform((id) => id.toLowerCase()) });
const revisionParam = idParam.extend({ revisionId: z.string().uuid("Invalid revision ID").transform((id) => id.toLowerCase()) });
const restoreBody = z.object({ baseVersion: baseVersionSchema });
/** The FAQ's new order: every item's id with the version the list showed, first first. */
const reorderBody = z.object({
  items: z
    .array(z.object({ id: z.string().uuid("Invalid entry ID").transform((id) => id.toLowerCase()), baseVersion: baseVersionSchema }))
    .min(1, "Name the items to order")
    .max(200, "At most 200 items"),
});

/**
 * /api/admin/content/prices and /api/admin/content/faq: the site's own words in the studio
 * (decision 0904), on the posts' publishing model (decision 0903): save, publish, schedule,
 * unpublish (FAQ items), revisions and restore, each write naming its version (409 when stale).
 * Editors and admins only, declared per route.
 */
export function adminContentWordsRoutes() {
  const routes = new Hono<AdminEnv>();
  const { invalid, json, editors, actor, db, answerFor } = contentRouteParts();

  /** The routes every kind's entry has, under /<base>/:id. */
  function entryRoutes<K extends Exclude<ContentKind, "post">>(kind: K, base: string, schema: z.ZodType<DraftOf[K]>) {
    const answer = answerFor(kind);
    const save = saveSiteEntrySchema(schema);
    const schedule = scheduleSiteEntrySchema(schema);
    const target = (c: Context<AdminEnv>, baseVersion: number) => ({ id: idParam.parse({ id: c.req.param("id") }).id, baseVersion });

    routes.get(`/${base}/:id`, editors, zValidator("param", idParam, invalid), async (c) => {
      const entry = await getEntry(db(c), kind, c.req.valid("param").id);
      return entry ? c.json(entry) : adminError(c, 404, entryNotFound(kind));
    });
    routes.put(`/${base}/:id`, editors, zValidator("param", idParam, invalid), json, zValidator("json", save, invalid), async (c) => {
      const { baseVersion, draft } = c.req.valid("json");
      return answer(c, await saveEntry(db(c), kind, actor(c), target(c, baseVersion), draft));
    });
    routes.post(`/${base}/:id/publish`, editors, zValidator("param", idParam, invalid), json, zValidator("json", save, invalid), async (c) => {
      const { baseVersion, draft } = c.req.valid("json");
      return answer(c, await publishEntry(db(c), kind, actor(c), target(c, baseVersion), draft));
    });
    routes.post(`/${base}/:id/schedule`, editors, zValidator("param", idParam, invalid), json, zValidator("json", schedule, invalid), async (c) => {
      const { baseVersion, draft, publishAt } = c.req.valid("json");
      return answer(c, await scheduleEntry(db(c), kind, actor(c), target(c, baseVersion), draft, publishAt));
    });
    routes.post(`/${base}/:id/unpublish`, editors, zValidator("param", idParam, invalid), json, zValidator("json", unpublishEntrySchema, invalid), async (c) => {
      const { baseVersion } = c.req.valid("json");
      return answer(c, await unpublishEntry(db(c), kind, actor(c), target(c, baseVersion)));
    });
    routes.get(`/${base}/:id/revisions`, editors, zValidator("param", idParam, invalid), async (c) => {
      const items = await listRevisions(db(c), kind, c.req.valid("param").id);
      return items ? c.json({ items } satisfies ContentRevisionsResponse) : adminError(c, 404, entryNotFound(kind));
    });
    routes.post(`/${base}/:id/revisions/:revisionId/restore`, editors, zValidator("param", revisionParam, invalid), json, zValidator("json", restoreBody, invalid), async (c) => {
      const { id, revisionId } = c.req.valid("param");
      return answer(c, await restoreRevision(db(c), kind, actor(c), { id, baseVersion: c.req.valid("json").baseVersion }, revisionId));
    });
    return { answer, save };
  }

  // The one prices entry (seeded at start-up: server/content/seed-content.ts), with what the site
  // shows now and the published FAQ answers that quote a price (the Prices page's preview).
  routes.get("/prices", editors, async (c) => {
    const [row] = await db(c).select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, "prices")).orderBy(asc(contentEntries.createdAt)).limit(1);
    const entry = row ? await getEntry(db(c), "prices", row.id) : null;
    if (!entry) return adminError(c, 404, "There are no prices yet: restart the site to add today's");
    const [live] = await db(c).select({ published: contentEntries.published }).from(contentEntries).where(eq(contentEntries.id, entry.id));
    const quoting = await db(c)
      .select({ id: contentEntries.id, question: sql<string>`${contentEntries.published}->>'question'`, answer: sql<string>`${contentEntries.published}->>'answer'` })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "faq"), isNotNull(contentEntries.published), sql`${contentEntries.published}->>'answer' ~ '\\{%\\s*price'`))
      .orderBy(sql`(${contentEntries.published}->>'order')::int`);
    const published = pricesDraftSchema.safeParse(live?.published);
    return c.json({ entry, live: published.success ? published.data : null, quotingAnswers: quoting } satisfies PricesResponse);
  });
  entryRoutes("prices", "prices", pricesDraftSchema);

  routes.get("/faq", editors, async (c) => {
    const rows = await db(c)
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(eq(contentEntries.kind, "faq"))
      .orderBy(sql`(${contentEntries.draft}->>'order')::int`, asc(contentEntries.title))
      .limit(500);
    const items: ContentEntryDetail<FaqDraft>[] = [];
    for (const row of rows) {
      const entry = await getEntry(db(c), "faq", row.id);
      if (entry) items.push(entry);
    }
    return c.json({ items } satisfies FaqListResponse);
  });
  const faq = entryRoutes("faq", "faq", faqDraftSchema);
  routes.post("/faq", editors, json, zValidator("json", faq.save, invalid), async (c) => {
    return faq.answer(c, await saveEntry(db(c), "faq", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });
  routes.post("/faq/publish", editors, json, zValidator("json", faq.save, invalid), async (c) => {
    return faq.answer(c, await publishEntry(db(c), "faq", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });
  // The list's order, as one write: drafts and live copies alike (the order is the list's, not a
  // wording to review), audited; a stale item refuses the whole move (409).
  routes.post("/faq/order", editors, json, zValidator("json", reorderBody, invalid), async (c) => {
    const result = await reorderFaq(db(c), actor(c), c.req.valid("json").items);
    if (!result.ok) return adminError(c, result.status, result.error);
    await c.get("deps").siteContent?.changed();
    return c.json({ ok: true });
  });

  // Open roles (decision 0905): newest change first, each with its draft (title, closing date).
  routes.get("/roles", editors, async (c) => {
    const rows = await db(c).select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, "role")).orderBy(desc(contentEntries.updatedAt)).limit(500);
    const items: ContentEntryDetail<RoleDraft>[] = [];
    for (const row of rows) {
      const entry = await getEntry(db(c), "role", row.id);
      if (entry) items.push(entry);
    }
    return c.json({ items } satisfies RoleListResponse);
  });
  const role = entryRoutes("role", "roles", roleDraftSchema);
  routes.post("/roles", editors, json, zValidator("json", role.save, invalid), async (c) => {
    return role.answer(c, await saveEntry(db(c), "role", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });
  routes.post("/roles/publish", editors, json, zValidator("json", role.save, invalid), async (c) => {
    return role.answer(c, await publishEntry(db(c), "role", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });

  // Testimonials (decision 0906). An editor's write is never an example: only the seed marks one.
  routes.get("/testimonials", editors, async (c) => {
    const rows = await db(c)
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(eq(contentEntries.kind, "testimonial"))
      .orderBy(sql`(${contentEntries.draft}->>'order')::int`, asc(contentEntries.title))
      .limit(500);
    const items: ContentEntryDetail<TestimonialDraft>[] = [];
    for (const row of rows) {
      const entry = await getEntry(db(c), "testimonial", row.id);
      if (entry) items.push(entry);
    }
    return c.json({ items } satisfies TestimonialListResponse);
  });
  const testimonial = entryRoutes(
    "testimonial",
    "testimonials",
    testimonialDraftSchema.transform((draft): TestimonialDraft => ({ ...draft, example: false })),
  );
  routes.post("/testimonials", editors, json, zValidator("json", testimonial.save, invalid), async (c) => {
    return testimonial.answer(c, await saveEntry(db(c), "testimonial", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });
  routes.post("/testimonials/publish", editors, json, zValidator("json", testimonial.save, invalid), async (c) => {
    return testimonial.answer(c, await publishEntry(db(c), "testimonial", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });

  // Customer stories (decision 0906): newest change first, as the posts list.
  routes.get("/stories", editors, async (c) => {
    const rows = await db(c).select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, "story")).orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id)).limit(500);
    const items: ContentEntryDetail<StoryDraft>[] = [];
    for (const row of rows) {
      const entry = await getEntry(db(c), "story", row.id);
      if (entry) items.push(entry);
    }
    return c.json({ items } satisfies StoryListResponse);
  });
  const story = entryRoutes("story", "stories", storyDraftSchema.transform((draft): StoryDraft => ({ ...draft, example: false })));
  routes.post("/stories", editors, json, zValidator("json", story.save, invalid), async (c) => {
    return story.answer(c, await saveEntry(db(c), "story", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });
  routes.post("/stories/publish", editors, json, zValidator("json", story.save, invalid), async (c) => {
    return story.answer(c, await publishEntry(db(c), "story", actor(c), { id: null, baseVersion: 0 }, c.req.valid("json").draft), true);
  });

  return routes;
}
