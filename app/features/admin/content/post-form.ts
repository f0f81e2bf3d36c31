import { z } from "zod";
import type { ContentEntryDetail } from "@shared/api/content-api";
import {
  coverSchema,
  postDraftSchema,
  postPublishSchema,
  SCHEDULE_FAR_MESSAGE,
  SCHEDULE_MAX_AHEAD_MS,
  SCHEDULE_MIN_AHEAD_MS,
  SCHEDULE_PAST_MESSAGE,
  slugFromTitle,
  type PostDraftInput,
} from "@shared/schemas/content";

/*
 * The post editor's form (docs/decisions/0903) as plain functions: its values and the draft they
 * are, the shared schemas' rules on them, when the slug follows the title, and which field a
 * server's message belongs under. The editor (post-editor.tsx) only wires these to the page.
 */

/** The editor's fields as the form holds them: tags as one comma-separated text, time as datetime-local. */
export type PostFormValues = {
  title: string;
  slug: string;
  summary: string;
  body: string;
  /** "ai, customer-service": split and normalised to the tag rule when saved. */
  tags: string;
  authorUserId: string;
  cover: { imageId: string; alt: string } | null;
  /** The "Publish at" field's local time (YYYY-MM-DDTHH:mm), read only by Schedule. */
  publishAt: string;
};

/** The form's fields a message can stand under, in page order (the first one gets the focus). */
export const postFormFields = ["title", "slug", "summary", "body", "cover.alt", "tags", "authorUserId", "publishAt"] as const;
export type PostFormField = (typeof postFormFields)[number];

export const PUBLISH_AT_REQUIRED = "Choose when to publish";

/**
 * Tags as typed ("AI, Customer Service, ai") in the tag rule's shape (["ai", "customer-service"]):
 * each cut at its commas, accents folded and words hyphenated as a slug is, empty ones and
 * repeats dropped. What still breaks the rule (too long, too many) is the schema's to say.
 */
export function tagsFromText(text: string): string[] {
  const tags = text
    .split(",")
    .map((tag) => tagSlug(tag))
    .filter((tag) => tag !== "");
  return [...new Set(tags)];
}

/** One tag in the rule's shape, whole: unlike a slug it is not cut, so a long one gets the rule's message. */
function tagSlug(tag: string): string {
  return tag
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-");
}

export const tagsText = (tags: readonly string[]) => tags.join(", ");

/**
 * The form's own check: the draft rules of shared/schemas/content.ts on each field, keyed like
 * the form (Tags as its text, the cover's alt text under cover.alt). Publishing asks more
 * (publishProblems).
 */
export const postFormSchema = z.object({
  title: postDraftSchema.shape.title,
  slug: postDraftSchema.shape.slug,
  // The form always has these (empty at worst): their rules without the API's defaults.
  summary: postDraftSchema.shape.summary.unwrap(),
  body: postDraftSchema.shape.body.unwrap(),
  tags: z.string().superRefine((text, ctx) => {
    const checked = postDraftSchema.shape.tags.safeParse(tagsFromText(text));
    if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? "Check the tags" });
  }),
  authorUserId: z.string(),
  cover: coverSchema.nullable(),
  publishAt: z.string(),
});

/** The form's values for a saved post, or a new one bylined to the signed-in person. */
export function formValuesOf(entry: ContentEntryDetail | null, signedInUserId: string): PostFormValues {
  if (!entry) return { title: "", slug: "", summary: "", body: "", tags: "", authorUserId: signedInUserId, cover: null, publishAt: "" };
  const { draft } = entry;
  return {
    title: draft.title,
    slug: draft.slug,
    summary: draft.summary,
    body: draft.body,
    tags: tagsText(draft.tags),
    authorUserId: draft.authorUserId ?? signedInUserId,
    cover: draft.cover ? { imageId: draft.cover.imageId, alt: draft.cover.alt } : null,
    publishAt: entry.publishAt ? localDateTime(entry.publishAt) : "",
  };
}

/** The draft the form's values are, as the API takes it. */
export function draftOf(values: PostFormValues): PostDraftInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    summary: values.summary.trim(),
    body: values.body,
    tags: tagsFromText(values.tags),
    authorUserId: values.authorUserId === "" ? null : values.authorUserId,
    cover: values.cover ? { imageId: values.cover.imageId, alt: values.cover.alt.trim() } : null,
  };
}

/** What stops the draft going live (no body; a cover without alt text), keyed like the form. */
export function publishProblems(values: PostFormValues): Partial<Record<PostFormField, string>> {
  const checked = postPublishSchema.safeParse(draftOf(values));
  return checked.success ? {} : messagesByField(checked.error.issues);
}

/** The "Publish at" field as the ISO instant Schedule sends, or the message that stops it. */
export function scheduleTime(local: string, now = new Date()): { ok: true; iso: string } | { ok: false; message: string } {
  const time = local === "" ? Number.NaN : new Date(local).getTime();
  if (Number.isNaN(time)) return { ok: false, message: PUBLISH_AT_REQUIRED };
  if (time < now.getTime() + SCHEDULE_MIN_AHEAD_MS) return { ok: false, message: SCHEDULE_PAST_MESSAGE };
  if (time > now.getTime() + SCHEDULE_MAX_AHEAD_MS) return { ok: false, message: SCHEDULE_FAR_MESSAGE };
  return { ok: true, iso: new Date(time).toISOString() };
}

/** An instant as a datetime-local field shows it: the reader's own clock, to the minute. */
export function localDateTime(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * Whether the slug still follows the title: until the person edits the slug, and never once the
 * post was published (its address stays; a change would leave a redirect behind).
 */
export function slugFollowsTitle({ slugEdited, everPublished }: { slugEdited: boolean; everPublished: boolean }): boolean {
  return !slugEdited && !everPublished;
}

/** A saved post whose slug is no longer its title's was given one by hand: it keeps it. */
export function slugWasEdited(values: Pick<PostFormValues, "title" | "slug">): boolean {
  return values.slug !== "" && values.slug !== slugFromTitle(values.title);
}

/** Whether the post was ever live: its slug is then kept. */
export const everPublished = (entry: ContentEntryDetail | null) => Boolean(entry && (entry.firstPublishedAt || entry.publishedSlug));

/**
 * The form field a server's message belongs under (its fieldErrors keys: title, slug, body,
 * summary, tags, cover.alt, publishAt, authorUserId, each maybe under "draft."), or null for
 * one the form has no field for (shown at the top instead): a cover's image id, or a whole
 * "draft".
 */
export function formFieldOf(key: string): PostFormField | null {
  const path = key.startsWith("draft.") ? key.slice("draft.".length) : key;
  const [head] = path.split(".");
  if (head === "cover") return path === "cover.alt" ? "cover.alt" : null;
  if (head === "tags") return "tags";
  return (postFormFields as readonly string[]).includes(head ?? "") ? (head as PostFormField) : null;
}

/** Issues of a parse, first message per form field. */
function messagesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<PostFormField, string>> {
  const messages: Partial<Record<PostFormField, string>> = {};
  for (const issue of issues) {
    const field = formFieldOf(issue.path.map(String).join("."));
    if (field) messages[field] ??= issue.message;
  }
  return messages;
}

/** The fields whose values differ between two copies of the form. */
export function changedFields(a: PostFormValues, b: PostFormValues): (keyof PostFormValues)[] {
  return (Object.keys(a) as (keyof PostFormValues)[]).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}
