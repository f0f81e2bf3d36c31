import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  postPublishSchema,
  SCHEDULE_FAR_MESSAGE,
  SCHEDULE_MAX_AHEAD_MS,
  SCHEDULE_MIN_AHEAD_MS,
  SCHEDULE_PAST_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  STALE_SAVE_MESSAGE,
  type ContentKind,
  type ContentStatus,
  type PostDraft,
} from "@shared/schemas/content";
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

export const ENTRY_NOT_FOUND = "This post no longer exists";
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

export async function getEntry(db: Db, kind: ContentKind, id: string): Promise<ContentEntryDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, draft: contentEntries.draft, authorUserId: contentEntries.authorUserId, hasPublished: sql<boolean>`${contentEntries.published} is not null` })
    .from(contentEntries)
    .leftJoin(author, eq(author.id, contentEntries.authorUserId))
    .leftJoin(editor, eq(editor.id, contentEntries.updatedBy))
    .where(and(eq(contentEntries.id, id), eq(contentEntries.kind, kind)));
  if (!row) return null;
  return { ...summaryOf(row), draft: row.draft as PostDraft };
}

export async function listRevisions(db: Db, kind: ContentKind, id: string): Promise<ContentRevisionSummary[] | null> {
  const [entry] = await db.select({ id: contentEntries.id }).from(contentEntries).where(and(eq(contentEntries.id, id), eq(contentEntries.kind, kind)));
  if (!entry) return null;
  const rows = await db
    .select({ id: contentRevisions.id, version: contentRevisions.version, action: contentRevisions.action, createdAt: contentRevisions.createdAt, byName: users.name, title: sql<string>`${contentRevisions.draft}->>'title'` })
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
async function contentChanged(tx: Db) {
  await tx
    .insert(contentState)
    .values({ id: 1, version: 2 })
    .onConflictDoUpdate({ target: contentState.id, set: { version: sql`${contentState.version} + 1`, changedAt: sql`now()` } });
}

type EntryRow = typeof contentEntries.$inferSelect;
type EntryInsert = typeof contentEntries.$inferInsert;
/** Columns a write sets besides the draft: values, or SQL the database evaluates (now()). */
type EntryChanges = { [K in keyof EntryInsert]?: EntryInsert[K] | SQL };

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
  draft: PostDraft,
  action: (typeof contentRevisions.$inferInsert)["action"],
  changes: (current: EntryRow | null) => EntryChanges = () => ({}),
): Promise<ContentResult<EntryRow>> {
  if (await slugTaken(tx, kind, draft.slug, target.id)) return slugRefusal();
  const authorUserId = draft.authorUserId ?? actor.userId;
  const saved = { ...draft, authorUserId };
  let row: EntryRow | undefined;
  if (target.id === null) {
    [row] = await tx
      .insert(contentEntries)
      .values({ kind, title: draft.title, slug: draft.slug, draft: saved, authorUserId, createdBy: actor.userId, updatedBy: actor.userId, ...changes(null) })
      .returning();
  } else {
    // Locked, so that the version read here is the one the update below replaces.
    const [current] = await tx.select().from(contentEntries).where(and(eq(contentEntries.id, target.id), eq(contentEntries.kind, kind))).for("update");
    if (!current) return refuse(404, ENTRY_NOT_FOUND);
    if (current.version !== target.baseVersion) return refuse(409, STALE_SAVE_MESSAGE);
    [row] = await tx
      .update(contentEntries)
      .set({
        title: draft.title,
        slug: draft.slug,
        draft: saved,
        authorUserId,
        version: current.version + 1,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
        ...changes(current),
      })
      .where(eq(contentEntries.id, current.id))
      .returning();
  }
  if (!row) throw new Error("content entry write returned no row");
  await tx.insert(contentRevisions).values({ entryId: row.id, version: row.version, action, draft: saved, createdBy: actor.userId });
  return { ok: true, value: row };
}

/** Saves the draft: the site does not change. */
export async function saveEntry(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string | null; baseVersion: number }, draft: PostDraft) {
  return db.transaction(async (tx) => writeDraft(tx, kind, actor, target, draft, target.id === null ? "create" : "save"));
}

/** The publish rules' field errors (title and body; a cover's alt text), or null when it may go live. */
function publishProblems(draft: PostDraft): ContentRefusal | null {
  const checked = postPublishSchema.safeParse(draft);
  if (checked.success) return null;
  const fieldErrors: Record<string, string> = {};
  for (const issue of checked.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
  return refuse(400, Object.values(fieldErrors)[0] ?? "This post cannot be published yet", fieldErrors);
}

/**
 * Publishes the editor's copy now: saved and made the live one in one step, so a new post goes
 * live in one click. A live post whose slug changed keeps answering at its old URL with a redirect.
 */
export async function publishEntry(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string | null; baseVersion: number }, draft: PostDraft) {
  const problems = publishProblems(draft);
  if (problems) return problems;
  return db.transaction(async (tx) => {
    let formerSlug: string | null = null;
    const written = await writeDraft(tx, kind, actor, target, draft, "publish", (current) => {
      formerSlug = current?.publishedSlug ?? null;
      return {
        status: "published",
        published: { ...draft, authorUserId: draft.authorUserId ?? actor.userId },
        publishedSlug: draft.slug,
        publishAt: null,
        publishedAt: sql`now()`,
        // A new row has no column to read yet.
        firstPublishedAt: current ? sql`coalesce(${contentEntries.firstPublishedAt}, now())` : sql`now()`,
      };
    });
    if (!written.ok) return written;
    const entry = written.value;
    // Its own former URL is its own again; the one it leaves redirects to the new one.
    await tx.delete(contentRedirects).where(and(eq(contentRedirects.kind, kind), eq(contentRedirects.fromSlug, draft.slug)));
    if (formerSlug && formerSlug !== draft.slug) {
      await tx.insert(contentRedirects).values({ kind, fromSlug: formerSlug, entryId: entry.id }).onConflictDoNothing();
    }
    await contentChanged(tx);
    await writeAudit(tx, actor, { action: "content.publish", target: entry.id, details: { kind, slug: draft.slug, version: entry.version } });
    return written;
  });
}

/** Takes the entry off the site (its URL answers 404); the draft stays. */
export async function unpublishEntry(db: Db, kind: ContentKind, actor: ContentActor, target: { id: string; baseVersion: number }) {
  return db.transaction(async (tx): Promise<ContentResult<EntryRow>> => {
    const [current] = await tx.select().from(contentEntries).where(and(eq(contentEntries.id, target.id), eq(contentEntries.kind, kind))).for("update");
    if (!current) return refuse(404, ENTRY_NOT_FOUND);
    if (current.version !== target.baseVersion) return refuse(409, STALE_SAVE_MESSAGE);
    const wasLive = current.status === "published";
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
  draft: PostDraft,
  publishAt: Date,
  now = new Date(),
) {
  const problems = publishProblems(draft);
  if (problems) return problems;
  if (publishAt.getTime() < now.getTime() + SCHEDULE_MIN_AHEAD_MS) return refuse(400, SCHEDULE_PAST_MESSAGE, { publishAt: SCHEDULE_PAST_MESSAGE });
  if (publishAt.getTime() > now.getTime() + SCHEDULE_MAX_AHEAD_MS) return refuse(400, SCHEDULE_FAR_MESSAGE, { publishAt: SCHEDULE_FAR_MESSAGE });
  return db.transaction(async (tx) => {
    if (target.id) {
      const [current] = await tx.select({ status: contentEntries.status }).from(contentEntries).where(and(eq(contentEntries.id, target.id), eq(contentEntries.kind, kind)));
      if (current?.status === "published") return refuse(409, PUBLISHED_CANNOT_SCHEDULE);
    }
    const written = await writeDraft(tx, kind, actor, target, draft, "schedule", () => ({ status: "scheduled", publishAt }));
    if (!written.ok) return written;
    await writeAudit(tx, actor, { action: "content.schedule", target: written.value.id, details: { kind, slug: draft.slug, publishAt: publishAt.toISOString() } });
    return written;
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
    return writeDraft(tx, kind, actor, target, revision.draft as PostDraft, "restore");
  });
}

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
      const draft = due.draft as PostDraft;
      const system = { userId: null, email: "scheduled publish" };
      if (publishProblems(draft) || (due.slug !== null && (await slugTaken(tx, due.kind as ContentKind, due.slug, due.id)))) {
        await tx.update(contentEntries).set({ status: "draft", publishAt: null, version: due.version + 1, updatedAt: sql`now()` }).where(eq(contentEntries.id, due.id));
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
