import type { ContentStatus, PostDraft } from "@shared/schemas/content";

/** One entry in the studio's list (GET /api/admin/content/posts). */
export type ContentEntrySummary = {
  id: string;
  status: ContentStatus;
  title: string;
  /** The draft's slug. */
  slug: string | null;
  /** The slug the site answers to while it is published. */
  publishedSlug: string | null;
  /** When a scheduled entry goes live (ISO). */
  publishAt: string | null;
  /** The post's date on the site (ISO), once it was first published. */
  firstPublishedAt: string | null;
  updatedAt: string;
  /** Grows with every write: sent back with the next one (a stale write is refused, 409). */
  version: number;
  authorName: string | null;
  /** Who made the last change. */
  updatedByName: string | null;
  /**
   * When its closing date took it off the site (ISO): a role that closed by itself and has not
   * been published since. Null for every other entry, and for a role unpublished by hand.
   */
  closedAt: string | null;
};

/** An entry as its editor loads it: a post's draft unless another kind's is named. */
export type ContentEntryDetail<D = PostDraft> = ContentEntrySummary & { draft: D };

export type ContentListResponse = { items: ContentEntrySummary[] };

export type ContentRevisionSummary = {
  id: string;
  version: number;
  /** "close": a role's closing date took it off the site (server/content/role-closing.ts). */
  action: "create" | "save" | "publish" | "unpublish" | "schedule" | "restore" | "scheduled-publish" | "close";
  createdAt: string;
  byName: string | null;
  title: string;
};

export type ContentRevisionsResponse = { items: ContentRevisionSummary[] };

/** A stored image (server/platform/file-storage.ts): what an editor's form keeps and shows. */
export type StoredImage = { id: string; width: number; height: number; url: string };

/** Someone a post's byline may name (GET /api/admin/content/authors): the studio's people. */
export type ContentAuthor = { id: string; name: string; email: string };
export type ContentAuthorsResponse = { items: ContentAuthor[] };
