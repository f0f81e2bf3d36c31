import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  FAQ_ORDER_MAX,
  faqDraftSchema,
  faqPublishSchema,
  postPublishSchema,
  PRICES_SLUG,
  PRICES_TITLE,
  pricesDraftSchema,
  roleClosingProblem,
  rolePublishSchema,
  slugFromTitle,
  SCHEDULE_FAR_MESSAGE,
  SCHEDULE_MAX_AHEAD_MS,
  SCHEDULE_MIN_AHEAD_MS,
  SCHEDULE_PAST_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  STALE_SAVE_MESSAGE,
  testimonialPublishSchema,
  storyPublishSchema,
  type ContentKind,
  type AnyDraft,
  type DraftOf,
  type ContentStatus,
} from "@shared/schemas/content";
import { faqAnswerProblems } from "@shared/content/faq-answer";
import { roleDescriptionProblems } from "@shared/content/role";
import type { ContentAuthor, ContentEntryDetail, ContentEntrySummary, ContentRevisionSummary } from "@shared/api/content-api";
import { contentRoles } from "@shared/schemas/admin";
import type { Db } from "../db/client";
import { contentEntries, contentRedirects, contentRevisions, contentState, userRoles, users } from "../db/schema";
import { writeAudit, type AuditActor } from "../platform/audit-log";

/**
 * The content studio's writes (docs/decisions/0903): every one a transaction that checks the
 * version the editor started from, writes the entry, keeps a revision, and, when what the site
 * shows changes, moves content_state's version in the same transaction (every instance renders
 * its pages again within a second of seeing it: server/content/site-content.ts).
 */

export type ContentActor = AuditActor & { userId: string };

/** Why a write was refused, with the status and message the studio shows. */
export type ContentRefusal = { ok: false; status: 400 | 404 | 409; error: string; fieldErrors?: Record<string, string> };
export type ContentResult<T> = { ok: true; value: T } | ContentRefusal;

/** What a request about an entry deleted or never made answers (404), in the kind's own word. */
const NOT_FOUND: Record<ContentKind, string> = {
  post: "This post no longer exists",
  prices: "These prices no longer exist",
  faq: "This question no longer exists",
  role: "This role no longer exists",
  testimonial: "This testimonial no longer exists",
  story: "This story no longer exists",
};
export const entryNotFound = (kind: ContentKind): string => NOT_FOUND[kind];
export const PRICES_ALWAYS_LIVE = "The prices are always on the site: publish new ones instead";
const PUBLISHED_CANNOT_SCHEDULE = "This post is live: publish the changes now, or unpublish it before scheduling";

const refuse = (status: ContentRefusal["status"], error: string, fieldErrors?: Record<string, string>): ContentRefusal => ({
  ok: false,
  status,
  error,
  ...(fieldErrors ? { fieldErrors } : {}),
});

const author = alias(users, "author");
const editor = alias(users, "editor");

function summaryOf(row: {
  id: string;
  kind: string;
  status: ContentStatus;
  title: string;
  slug: string | null;
  publishedSlug: string | null;
  publishAt: Date | null;
  firstPublishedAt: Date | null;
  updatedAt: Date;
  version: number;
  authorName: string | null;
  updatedByName: string | null;
  closedAt: Date | string | null;
}): ContentEntrySummary {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    slug: row.slug,
    publishedSlug: row.publishedSlug,
    publishAt: row.publishAt?.toISOString() ?? null,
    firstPublishedAt: row.firstPublishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    authorName: row.authorName,
    updatedByName: row.updatedByName,
    closedAt: row.closedAt === null ? null : new Date(row.closedAt).toISOString(),
  };
}

const summaryColumns = {
  id: contentEntries.id,
  kind: contentEntries.kind,
  status: contentEntries.status,
  title: contentEntries.title,
  slug: contentEntries.slug,
  publishedSlug: contentEntries.publishedSlug,
  publishAt: contentEntries.publishAt,
  firstPublishedAt: contentEntries.firstPublishedAt,
  updatedAt: contentEntries.updatedAt,
  version: contentEntries.version,
  authorName: author.name,
  updatedByName: editor.name,
  // The entry's last publish-or-unpublish, when it was its closing date's and the entry is a
  // draft (off the site, nothing scheduled): the studio says "Closed" from this, not from the
  // date (a role unpublished by hand stays "Draft" once its date passes; one with a scheduled
  // copy says when it goes live).
  closedAt: sql<Date | string | null>`(select case when ${contentEntries.status} = 'draft' and r.action = 'close' then r.created_at end from ${contentRevisions} r where r.entry_id = ${contentEntries.id} and r.action in ('publish', 'unpublish', 'scheduled-publish', 'close') order by r.version desc limit 1)`,
};

/** The people who work the studio (admins and editors with access), by name: who a byline may name. */
export async function listAuthors(db: Db): Promise<ContentAuthor[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(userRoles.role, [...contentRoles]), isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
}

/** The studio's list: newest change first, optionally of one status. */
export async function listEntries(db: Db, kind: ContentKind, status?: ContentStatus): Promise<ContentEntrySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(contentEntries)
    .leftJoin(author, eq(author.id, contentEntries.authorUserId))
    .leftJoin(editor, eq(editor.id, contentEntries.updatedBy))
    .where(and(eq(contentEntries.kind, kind), status ? eq(contentEntries.status, status) : undefined))
    .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id))
    .limit(500);
  return rows.map(summaryOf);
}

export async function getEntry<K extends ContentKind>(db: Db, kind: K, id: string): Promise<ContentEntryDetail<DraftOf[K]> | null> {
  const [row] = await db
    .select({ ...summaryColumns, draft: contentEntries.draft, authorUserId: contentEntries.authorUserId, hasPublished: sql<boolean>`${contentEntries.published} is not null` })
    .from(contentEntries)
    .leftJoin(author, eq(author.id, contentEntries.authorUserId))
    .leftJoin(editor, eq(editor.id, contentEntries.updatedBy))
    .where(and(eq(contentEntries.id, id), eq(contentEntries.kind, kind)));
  if (!row) return null;
  return { ...summaryOf(row), draft: row.draft as DraftOf[K] };
}

export async function listRevisions(db: Db, kind: ContentKind, id: string): Promise<ContentRevisionSummary[] | null> {
  const [entry] = await db.select({ id: contentEntries.id }).from(contentEntries).where(and(eq(contentEntries.id, id), eq(contentEntries.kind, kind)));
  if (!entry) return null;
  const rows = await db
    .select({
      id: contentRevisions.id,
      version: contentRevisions.version,
      action: contentRevisions.action,
      createdAt: contentRevisions.createdAt,
      byName: users.name,
      // A post's or story's title, an FAQ item's question, a testimonial's name; the prices have none.
      title: sql<string>`coalesce(${contentRevisions.draft}->>'title', ${contentRevisions.draft}->>'question', ${contentRevisions.draft}->>'name', '')`,
    })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.createdBy))
    .where(eq(contentRevisions.entryId, id))
    .orderBy(desc(contentRevisions.version))
    .limit(200);
  return rows.map((r) => ({ id: r.id, version: r.version, action: r.action, createdAt: r.createdAt.toISOString(), byName: r.byName, title: r.title }));
}

/** Whether another entry of the kind holds `slug`: as its draft's, its live one or a former one. */
async function slugTaken(tx: Db, kind: ContentKind, slug: string, exceptId: string | null): Promise<boolean> {
  const other = exceptId ? ne(contentEntries.id, exceptId) : undefined;
  const [entry] = await tx
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), or(eq(contentEntries.slug, slug), eq(contentEntries.publishedSlug, slug)), other))
    .limit(1);
  if (entry) return true;
  const [redirect] = await tx
    .select({ id: contentRedirects.entryId })
    .from(contentRedirects)
    .where(and(eq(contentRedirects.kind, kind), eq(contentRedirects.fromSlug, slug), exceptId ? ne(contentRedirects.entryId, exceptId) : undefined))
    .limit(1);
  return Boolean(redirect);
}

const slugRefusal = () => refuse(409, SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });

/** The site shows something else now: every instance renders its pages again. */
export async function contentChanged(tx: Db) {
  await tx
    .insert(contentState)
    .values({ id: 1, version: 2 })
    .onConflictDoUpdate({ target: contentState.id, set: { version: sql`${contentState.version} + 1`, changedAt: sql`now()` } });
}

type EntryRow = typeof contentEntries.$inferSelect;
type EntryInsert = typeof contentEntries.$inferInsert;
/** Columns a write sets besides the draft: values, or SQL the database evaluates (now()). */
type EntryChanges = { [K in keyof EntryInsert]?: EntryInsert[K] | SQL };

/** What an entry is called in lists and where it lives: a post's title and slug, an FAQ item's question. */
type Identity = { title: string; slug: string };

/** An FAQ item's slug (its anchor, and how code finds it): from its first question, unique in the kind. */
async function freeSlug(tx: Db, kind: ContentKind, base: string): Promise<string> {
  const stem = base || "question";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? stem : `${stem}-${n}`;
    if (!(await slugTaken(tx, kind, slug, null))) return slug;
  }
}

/**
 * The title and slug a write gives the entry. A post's are the editor's; the prices are one entry;
 * an FAQ item keeps the slug it was created with (code and anchors name it) and lists by question.
 */
async function identityOf(tx: Db, kind: ContentKind, draft: AnyDraft, current: EntryRow | null): Promise<Identity> {
  if ("slug" in draft) return { title: draft.title, slug: draft.slug };
  if ("question" in draft) return { title: draft.question, slug: current?.slug ?? (await freeSlug(tx, kind, slugFromTitle(draft.question))) };
  // A role keeps the address it was created with (/careers/<slug>), as an FAQ item its anchor.
  if (kind === "role" && "title" in draft) return { title: draft.title, slug: current?.slug ?? (await freeSlug(tx, kind, slugFromTitle(draft.title) || "role")) };
  // A story's address is its company's name, kept from its creation (its URL); a testimonial
  // lists by who said it, its slug only keeping (kind, slug) unique.
  if ("results" in draft) return { title: draft.title, slug: current?.slug ?? (await freeSlug(tx, kind, slugFromTitle(draft.company))) };
  if ("name" in draft) return { title: draft.name, slug: current?.slug ?? (await freeSlug(tx, kind, slugFromTitle(draft.name))) };
  return { title: PRICES_TITLE, slug: PRICES_SLUG };
}

/** A post names its author (the signed-in person unless chosen); the other kinds have none. */
function authored(draft: AnyDraft, actor: ContentActor): { saved: AnyDraft; authorUserId: string | null } {
  if (!("slug" in draft)) return { saved: draft, authorUserId: null };
  const authorUserId = draft.authorUserId ?? actor.userId;
  return { saved: { ...draft, authorUserId }, authorUserId };
}

/**
 * Writes the editor's draft over the version it started from (a new entry when `id` is null),
 * with the changes `then` adds, and keeps the revision. Refused when someone else wrote since
 * (409, STALE_SAVE_MESSAGE) or the slug is another entry's.
 */
async function writeDraft(
  tx: Db,
  kind: ContentKind,
  actor: ContentActor,
  target: { id: string | null; baseVersion: number },
  draft: AnyDraft,
  action: (typeof contentRevisions.$inferInsert)["action"],
  changes: (current: EntryRow | null, identity: Identity) => EntryChanges = () => ({}),
): Promise<ContentResult<EntryRow>> {
  const { saved, authorUserId } = authored(draft, actor);
  let row: EntryRow | undefined;
  if (target.id === null) {
    const identity = await identityOf(tx, kind, draft, null);
    if (await slugTaken(tx, kind, identity.slug, null)) return slugRefusal();
    [row] = await tx
      .insert(contentEntries)
      .values({ kind, title: identity.title, slug: identity.slug, draft: saved, authorUserId, createdBy: actor.userId, updatedBy: actor.userId, ...changes(null, identity) })
      .returning();
  } else {
    // Locked, so that the version read here is the one the update below replaces.
    const [current] = await tx.select().from(contentEntries).where(and(eq(contentEntries.id, target.id), eq(contentEntries.kind, kind))).for("update");
    if (!current) return refuse(404, entryNotFound(kind));
    if (current.version !== target.baseVersion) return refuse(409, STALE_SAVE_MESSAGE);
    const identity = await identityOf(tx, kind, draft, current);
    if (await slugTaken(tx, kind, identity.slug, current.id)) return slugRefusal();
    [row] = await tx
      .update(contentEntries)
      .set({
        title: identity.title,
        slug: identity.slug,
        draft: saved,
        authorUserId,
        version: current.version + 1,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
        ...changes(current, identity),
      })
      .where(eq(contentEntries.id, current.id))
      .returning();
  }
  if (!row) throw new Error("content entry write returned no row");
  await tx.insert(contentRevisions).values({ entryId: row.id, version: row.version, action, draft: saved, createdBy: actor.userId });
  return { ok: true, value: row };
}

/** Saves the draft: the site does not change. */
export async function saveEntry(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string | null; baseVersion: number }, draft: AnyDraft) {
  const problems = answerProblems(draft);
  if (problems) return problems;
  return db.transaction(async (tx) => writeDraft(tx, kind, actor, target, draft, target.id === null ? "create" : "save"));
}

/** An FAQ answer's rich text that cannot be stored (a tag the schema does not know, a price that does not exist). */
function answerProblems(draft: AnyDraft): ContentRefusal | null {
  if ("employmentType" in draft) {
    const problem = roleDescriptionProblems(draft.description);
    return problem ? refuse(400, problem, { description: problem }) : null;
  }
  if (!("question" in draft)) return null;
  const problem = faqAnswerProblems(draft.answer);
  return problem ? refuse(400, problem, { answer: problem }) : null;
}

/**
 * The publish rules' field errors (a post's title and body, a cover's alt text; an FAQ answer; a
 * role's facts and a closing date after `liveAt`, when it goes live), or null when it may go live.
 */
function publishProblems(draft: AnyDraft, liveAt = new Date(), scheduled = false): ContentRefusal | null {
  const checked =
    "slug" in draft
      ? postPublishSchema.safeParse(draft)
      : "question" in draft
        ? faqPublishSchema.safeParse(draft)
        : "employmentType" in draft
          ? rolePublishSchema.safeParse(draft)
          : "results" in draft
            ? storyPublishSchema.safeParse(draft)
            : "name" in draft
              ? testimonialPublishSchema.safeParse(draft)
              : pricesDraftSchema.safeParse(draft);
  if (checked.success && "employmentType" in draft) {
    const closing = roleClosingProblem(draft, liveAt, scheduled);
    if (closing) return refuse(400, closing, { closesAt: closing });
  }
  if (checked.success) return answerProblems(draft);
  const fieldErrors: Record<string, string> = {};
  for (const issue of checked.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
  return refuse(400, Object.values(fieldErrors)[0] ?? "This entry cannot be published yet", fieldErrors);
}

/**
 * Publishes the editor's copy now: saved and made the live one in one step, so a new post goes
 * live in one click. A live post whose slug changed keeps answering at its old URL with a redirect.
 */
export async function publishEntry(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string | null; baseVersion: number }, draft: AnyDraft) {
  const problems = publishProblems(draft);
  if (problems) return problems;
  return db.transaction(async (tx) => {
    let formerSlug: string | null = null;
    let slug = "";
    const written = await writeDraft(tx, kind, actor, target, draft, "publish", (current, identity) => {
      formerSlug = current?.publishedSlug ?? null;
      slug = identity.slug;
      return {
        status: "published",
        published: authored(draft, actor).saved,
        publishedSlug: identity.slug,
        publishAt: null,
        publishedAt: sql`now()`,
        // A new row has no column to read yet.
        firstPublishedAt: current ? sql`coalesce(${contentEntries.firstPublishedAt}, now())` : sql`now()`,
      };
    });
    if (!written.ok) return written;
    const entry = written.value;
    // Its own former URL is its own again; the one it leaves redirects to the new one.
    await tx.delete(contentRedirects).where(and(eq(contentRedirects.kind, kind), eq(contentRedirects.fromSlug, slug)));
    if (formerSlug && formerSlug !== slug) {
      await tx.insert(contentRedirects).values({ kind, fromSlug: formerSlug, entryId: entry.id }).onConflictDoNothing();
    }
    await contentChanged(tx);
    await writeAudit(tx, actor, { action: "content.publish", target: entry.id, details: { kind, slug, version: entry.version } });
    return written;
  });
}

/** Takes the entry off the site (its URL answers 404); the draft stays. */
export async function unpublishEntry(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string; baseVersion: number }) {
  // The pages need prices; a price is changed by publishing another.
  if (kind === "prices") return refuse(400, PRICES_ALWAYS_LIVE);
  return db.transaction(async (tx): Promise<ContentResult<EntryRow>> => {
    const [current] = await tx.select().from(contentEntries).where(and(eq(contentEntries.id, target.id), eq(contentEntries.kind, kind))).for("update");
    if (!current) return refuse(404, entryNotFound(kind));
    if (current.version !== target.baseVersion) return refuse(409, STALE_SAVE_MESSAGE);
    const wasLive = current.published !== null;
    const [row] = await tx
      .update(contentEntries)
      .set({ status: "draft", published: null, publishedSlug: null, publishAt: null, version: current.version + 1, updatedAt: sql`now()`, updatedBy: actor.userId })
      .where(eq(contentEntries.id, current.id))
      .returning();
    await tx.insert(contentRevisions).values({ entryId: current.id, version: row!.version, action: "unpublish", draft: current.draft, createdBy: actor.userId });
    if (wasLive) await contentChanged(tx);
    await writeAudit(tx, actor, { action: "content.unpublish", target: current.id, details: { kind, slug: current.publishedSlug ?? current.slug, was: current.status } });
    return { ok: true, value: row! };
  });
}

/** Saves the editor's copy and has it go live at `publishAt` (publishDueEntries does it). */
export async function scheduleEntry(
  db: Db,
  kind: ContentKind,
  actor: ContentActor,
  target: { id: string | null; baseVersion: number },
  draft: AnyDraft,
  publishAt: Date,
  now = new Date(),
) {
  const problems = publishProblems(draft, publishAt, true);
  if (problems) return problems;
  if (publishAt.getTime() < now.getTime() + SCHEDULE_MIN_AHEAD_MS) return refuse(400, SCHEDULE_PAST_MESSAGE, { publishAt: SCHEDULE_PAST_MESSAGE });
  if (publishAt.getTime() > now.getTime() + SCHEDULE_MAX_AHEAD_MS) return refuse(400, SCHEDULE_FAR_MESSAGE, { publishAt: SCHEDULE_FAR_MESSAGE });
  return db.transaction(async (tx) => {
    if (target.id) {
      const [current] = await tx.select({ status: contentEntries.status }).from(contentEntries).where(and(eq(contentEntries.id, target.id), eq(contentEntries.kind, kind)));
      // A live post's changes are published now; the site's own words (always live) may schedule
      // theirs: the live copy stays until the time comes (docs/decisions/0904).
      if (kind === "post" && current?.status === "published") return refuse(409, PUBLISHED_CANNOT_SCHEDULE);
    }
    const written = await writeDraft(tx, kind, actor, target, draft, "schedule", () => ({ status: "scheduled", publishAt }));
    if (!written.ok) return written;
    await writeAudit(tx, actor, { action: "content.schedule", target: written.value.id, details: { kind, slug: written.value.slug, publishAt: publishAt.toISOString() } });
    return written;
  });
}

/**
 * Puts the FAQ items in the order given (10, 20, …), in their drafts and live copies at once: the
 * list's order is not a wording to review. One transaction; a stale item refuses it all (409).
 */
export async function reorderFaq(db: Db, actor: ContentActor, items: { id: string; baseVersion: number }[]) {
  return db.transaction(async (tx): Promise<ContentResult<number>> => {
    let live = false;
    for (const [index, item] of items.entries()) {
      const [current] = await tx.select().from(contentEntries).where(and(eq(contentEntries.id, item.id), eq(contentEntries.kind, "faq"))).for("update");
      if (!current) return refuse(404, entryNotFound("faq"));
      if (current.version !== item.baseVersion) return refuse(409, STALE_SAVE_MESSAGE);
      const order = Math.min(FAQ_ORDER_MAX, (index + 1) * 10);
      const draft = faqDraftSchema.parse({ ...(current.draft as object), order });
      const published = current.published === null ? null : faqDraftSchema.parse({ ...(current.published as object), order });
      live ||= published !== null;
      const [row] = await tx
        .update(contentEntries)
        .set({ draft, published, version: current.version + 1, updatedAt: sql`now()`, updatedBy: actor.userId })
        .where(eq(contentEntries.id, current.id))
        .returning();
      await tx.insert(contentRevisions).values({ entryId: current.id, version: row!.version, action: "save", draft, createdBy: actor.userId });
    }
    if (live) await contentChanged(tx);
    await writeAudit(tx, actor, { action: "content.publish", target: null, details: { kind: "faq", reorder: items.map((i) => i.id) } });
    return { ok: true, value: items.length };
  });
}

/** Makes a former revision's draft the current one, as a new write (so it can be undone too). */
export async function restoreRevision(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string; baseVersion: number }, revisionId: string) {
  return db.transaction(async (tx): Promise<ContentResult<EntryRow>> => {
    const [revision] = await tx
      .select({ draft: contentRevisions.draft })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.entryId, target.id)));
    if (!revision) return refuse(404, "This revision no longer exists");
    return writeDraft(tx, kind, actor, target, revision.draft as AnyDraft, "restore");
  });
}

/** Whether a scheduled entry's time has come (the content tick asks before it claims one). */
export const scheduledEntryDue = (now: Date) =>
  sql<boolean>`exists (select 1 from ${contentEntries} where ${contentEntries.status} = 'scheduled' and ${contentEntries.publishAt} <= ${now.toISOString()}::timestamptz)`;

/**
 * Publishes every scheduled entry whose time has come, once across instances: each is claimed
 * with SKIP LOCKED and published in its own transaction. A draft that can no longer be published
 * (edited since it was scheduled) goes back to Draft, audited. Answers how many went live.
 */
export async function publishDueEntries(db: Db, now = new Date()): Promise<number> {
  let published = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(contentEntries)
        .where(and(eq(contentEntries.status, "scheduled"), lte(contentEntries.publishAt, now)))
        .orderBy(contentEntries.publishAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const draft = due.draft as AnyDraft;
      const system = { userId: null, email: "scheduled publish" };
      if (publishProblems(draft, now) || (due.slug !== null && (await slugTaken(tx, due.kind as ContentKind, due.slug, due.id)))) {
        await tx.update(contentEntries).set({ status: due.published === null ? "draft" : "published", publishAt: null, version: due.version + 1, updatedAt: sql`now()` }).where(eq(contentEntries.id, due.id));
        await writeAudit(tx, system, { action: "content.schedule.failed", target: due.id, details: { kind: due.kind, slug: due.slug } });
        return "failed" as const;
      }
      const [row] = await tx
        .update(contentEntries)
        .set({
          status: "published",
          published: draft,
          publishedSlug: due.slug,
          publishAt: null,
          publishedAt: sql`now()`,
          firstPublishedAt: sql`coalesce(${contentEntries.firstPublishedAt}, now())`,
          version: due.version + 1,
          updatedAt: sql`now()`,
        })
        .where(eq(contentEntries.id, due.id))
        .returning();
      await tx.insert(contentRevisions).values({ entryId: due.id, version: row!.version, action: "scheduled-publish", draft, createdBy: null });
      await contentChanged(tx);
      await writeAudit(tx, system, { action: "content.publish", target: due.id, details: { kind: due.kind, slug: due.slug, version: row!.version, scheduled: true } });
      return "published" as const;
    });
    if (done === null) return published;
    if (done === "published") published++;
  }
}
