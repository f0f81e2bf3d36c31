import "./zod-csp";
import { z } from "zod";

/**
 * The content studio's rules and messages (docs/product.md#content-studio), used by the studio's
 * forms and again by the server. One publishing model for every kind of entry
 * (docs/decisions/0903): a draft staff edit and save, a published copy the site reads, and the
 * publish, unpublish and schedule moves between them.
 */

/** What the studio publishes. Posts first; the site's own words (issue 42) join them. */
export const contentKinds = ["post"] as const;
export type ContentKind = (typeof contentKinds)[number];

export const contentStatuses = ["draft", "scheduled", "published"] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const contentStatusLabels: Record<ContentStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

export const POST_TITLE_MAX = 160;
export const POST_SUMMARY_MAX = 300;
export const POST_SLUG_MAX = 80;
export const POST_TAGS_MAX = 8;
export const POST_TAG_MAX = 32;
export const IMAGE_ALT_MAX = 250;
/** A long article is 30-60 thousand characters of Markdown; this leaves room, not a novel. */
export const POST_BODY_MAX = 200_000;

/** Lower-case words of letters and digits joined by single hyphens: the URL's last part. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use lower-case letters, digits and single hyphens, like my-first-post";

/**
 * A slug from a title, as the editor fills it in: accents folded to their letters, anything else
 * between words becomes one hyphen, cut at a word boundary within POST_SLUG_MAX.
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > POST_SLUG_MAX) break;
    slug = next;
  }
  return slug || (words[0] ?? "").slice(0, POST_SLUG_MAX);
}

/** A tag as the blog shows it in its URL (/blog/tag/<tag>): the same shape as a slug. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(POST_TAG_MAX, `A tag is at most ${POST_TAG_MAX} characters`)
  .regex(SLUG_PATTERN, "Tags use lower-case letters, digits and single hyphens, like customer-service");

const uuid = z.string().uuid("Invalid id");

/** The cover: an image from the studio's storage (server/platform/file-storage.ts) and its alt text. */
export const coverSchema = z.object({
  imageId: uuid,
  alt: z.string().trim().max(IMAGE_ALT_MAX, `Alt text is at most ${IMAGE_ALT_MAX} characters`),
});
export type Cover = z.infer<typeof coverSchema>;

/**
 * A post as it is saved: anything may still be empty but what makes it a post (a title) and the
 * form's limits. Publishing asks more (postPublishSchema).
 */
export const postDraftSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(POST_TITLE_MAX, `Title is at most ${POST_TITLE_MAX} characters`),
  slug: z.string().trim().max(POST_SLUG_MAX, `Slug is at most ${POST_SLUG_MAX} characters`).regex(SLUG_PATTERN, SLUG_MESSAGE),
  summary: z.string().trim().max(POST_SUMMARY_MAX, `Summary is at most ${POST_SUMMARY_MAX} characters`).default(""),
  body: z.string().max(POST_BODY_MAX, "The body is too long").default(""),
  cover: coverSchema.nullable().default(null),
  tags: z
    .array(tagSchema)
    .max(POST_TAGS_MAX, `At most ${POST_TAGS_MAX} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  /** Who the byline names; the signed-in person when not given. */
  authorUserId: uuid.nullable().default(null),
});
export type PostDraft = z.infer<typeof postDraftSchema>;
export type PostDraftInput = z.input<typeof postDraftSchema>;

export const BODY_REQUIRED = "Write the body before publishing";
export const ALT_REQUIRED = "Describe the cover image in Alt text before publishing";

/** Only the title and the body are needed to publish; a cover needs its alt text. */
export const postPublishSchema = postDraftSchema.superRefine((post, ctx) => {
  if (post.body.trim() === "") ctx.addIssue({ code: "custom", path: ["body"], message: BODY_REQUIRED });
  if (post.cover && post.cover.alt === "") ctx.addIssue({ code: "custom", path: ["cover", "alt"], message: ALT_REQUIRED });
});

/** Every write names the version it was made on: a save on a stale copy is refused (409). */
export const baseVersionSchema = z.coerce.number().int().min(0);

export const saveEntrySchema = z.object({
  /** 0 for a new entry. */
  baseVersion: baseVersionSchema,
  draft: postDraftSchema,
});
export type SaveEntryInput = z.input<typeof saveEntrySchema>;

export const publishEntrySchema = z.object({
  baseVersion: baseVersionSchema,
  /** The editor's copy, saved in the same step (a new post publishes in one click). */
  draft: postDraftSchema,
});

/** Scheduling: at least a minute ahead, at most a year. */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
export const scheduleEntrySchema = z.object({
  baseVersion: baseVersionSchema,
  draft: postDraftSchema,
  publishAt: z.coerce.date({ error: "Choose when to publish" }),
});

export const unpublishEntrySchema = z.object({ baseVersion: baseVersionSchema });

export const contentListQuerySchema = z.object({
  status: z.enum(contentStatuses, { error: "Unknown status" }).optional(),
});

export const STALE_SAVE_MESSAGE =
  "Someone else saved this post while you were editing it. Your text is still here: copy what you need, then reload to see their version.";
export const SLUG_TAKEN_MESSAGE = "Another post already uses this slug: choose another";
export const SCHEDULE_PAST_MESSAGE = "Choose a time at least a minute from now";
export const SCHEDULE_FAR_MESSAGE = "Choose a time within a year";
