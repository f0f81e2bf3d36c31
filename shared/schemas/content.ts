import "./zod-csp";
import { z } from "zod";
import { employmentTypes } from "../content/employment-types";

/**
 * The content studio's rules and messages (docs/product.md#content-studio), used by the studio's
 * forms and again by the server. One publishing model for every kind of entry
 * (docs/decisions/0903): a draft staff edit and save, a published copy the site reads, and the
 * publish, unpublish and schedule moves between them.
 */

/** What the studio publishes: posts, and the site's own words (issue 42). */
export const contentKinds = ["post", "prices", "faq", "role"] as const;
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


/* Prices (docs/decisions/0904): one entry, whole dollars. The annual price per month and the
   savings percentage are derived (shared/content/prices.ts), never typed. */

/** A price's most: far above any plan, low enough that no figure overflows a card. */
export const PRICE_MAX = 1_000_000;
const wholeDollars = (label: string) =>
  z.coerce
    .number({ error: `${label} is a number of dollars` })
    .int(`${label} is whole dollars, like 849`)
    .min(1, `${label} is at least $1`)
    .max(PRICE_MAX, `${label} is at most $${PRICE_MAX.toLocaleString("en-US")}`);

export const pricesDraftSchema = z
  .object({
    monthly: wholeDollars("Monthly price"),
    annualYearly: wholeDollars("Annual plan billed per year"),
    annualSavings: wholeDollars("Annual plan saves"),
  })
  .strict();
export type PricesDraft = z.infer<typeof pricesDraftSchema>;
/** The prices entry's title and slug: there is one. */
export const PRICES_TITLE = "Prices";
export const PRICES_SLUG = "prices";

/* FAQ items: a question, its answer (rich text, like a post's body) and its place in the list. */

export const FAQ_QUESTION_MAX = 200;
/** An answer is a paragraph or a few, not an article. */
export const FAQ_ANSWER_MAX = 5_000;
export const FAQ_ORDER_MAX = 999;

export const faqDraftSchema = z
  .object({
    question: z.string().trim().min(1, "Question is required").max(FAQ_QUESTION_MAX, `Question is at most ${FAQ_QUESTION_MAX} characters`),
    answer: z.string().max(FAQ_ANSWER_MAX, `The answer is at most ${FAQ_ANSWER_MAX.toLocaleString("en-US")} characters`).default(""),
    /** Lower first on the page. */
    order: z.coerce
      .number({ error: "Order is a number" })
      .int("Order is a whole number")
      .min(0, "Order is 0 or more")
      .max(FAQ_ORDER_MAX, `Order is at most ${FAQ_ORDER_MAX}`)
      .default(0),
  })
  .strict();
export type FaqDraft = z.infer<typeof faqDraftSchema>;
export type FaqDraftInput = z.input<typeof faqDraftSchema>;

export const ANSWER_REQUIRED = "Write the answer before publishing";
export const faqPublishSchema = faqDraftSchema.superRefine((item, ctx) => {
  if (item.answer.trim() === "") ctx.addIssue({ code: "custom", path: ["answer"], message: ANSWER_REQUIRED });
});

/* Open roles (docs/decisions/0905): what /careers lists and /careers/<slug> shows, with its
   JobPosting. A role closes by itself at `closesAt` (server/content/role-closing.ts). */


export const ROLE_TITLE_MAX = 120;
export const ROLE_TEAM_MAX = 80;
export const ROLE_PLACE_MAX = 100;
/** A role's description is a page of text, not an article. */
export const ROLE_DESCRIPTION_MAX = 20_000;
export const ROLE_EMAIL_MESSAGE = "Enter an e-mail address like careers@example.com, or leave it empty for the careers address";
export const ROLE_CLOSES_MESSAGE = "Choose the date and time the role closes";

const placeField = (label: string) => z.string().trim().max(ROLE_PLACE_MAX, `${label} is at most ${ROLE_PLACE_MAX} characters`).default("");

export const roleDraftSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required").max(ROLE_TITLE_MAX, `Title is at most ${ROLE_TITLE_MAX} characters`),
    team: z.string().trim().max(ROLE_TEAM_MAX, `Team is at most ${ROLE_TEAM_MAX} characters`).default(""),
    /** Remote: no office; `country` is then where applicants must live. */
    remote: z.boolean({ error: "Remote is yes or no" }).default(false),
    city: placeField("City"),
    region: placeField("Region"),
    country: placeField("Country"),
    employmentType: z.enum(employmentTypes, { error: "Choose full-time, part-time, contractor or internship" }).default("FULL_TIME"),
    description: z.string().max(ROLE_DESCRIPTION_MAX, `The description is at most ${ROLE_DESCRIPTION_MAX.toLocaleString("en-US")} characters`).default(""),
    /** Where applications go; empty: the deployment's careers address (CAREERS_EMAIL). */
    applyEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, ROLE_EMAIL_MESSAGE)
      .refine((value) => value === "" || z.email().safeParse(value).success, ROLE_EMAIL_MESSAGE)
      .default(""),
    /** When the role leaves the site (an ISO date-time, stored in UTC); empty in a draft that has none yet. */
    closesAt: z
      .union([z.literal(""), z.iso.datetime({ offset: true, error: ROLE_CLOSES_MESSAGE })], { error: ROLE_CLOSES_MESSAGE })
      .transform((value) => (value === "" ? "" : new Date(value).toISOString()))
      .default(""),
  })
  .strict();
export type RoleDraft = z.infer<typeof roleDraftSchema>;
export type RoleDraftInput = z.input<typeof roleDraftSchema>;

export const ROLE_TEAM_REQUIRED = "Name the team before publishing";
export const ROLE_DESCRIPTION_REQUIRED = "Write the description before publishing";
export const ROLE_CITY_REQUIRED = "Give the city, or mark the role Remote, before publishing";
export const ROLE_COUNTRY_REQUIRED = "Give the country before publishing";
export const ROLE_APPLICANT_COUNTRY_REQUIRED = "Say where applicants must live (a country) before publishing a remote role";
export const ROLE_CLOSES_REQUIRED = "Choose the closing date before publishing";
export const ROLE_CLOSES_PAST = "Choose a closing date in the future";
export const ROLE_CLOSES_BEFORE_PUBLISH = "Choose a closing date after the time it is published";

/** What publishing asks besides a save's rules; that the closing date is still ahead is roleClosingProblem's. */
export const rolePublishSchema = roleDraftSchema.superRefine((role, ctx) => {
  const need = (ok: boolean, path: string, message: string) => ok || ctx.addIssue({ code: "custom", path: [path], message });
  need(role.team !== "", "team", ROLE_TEAM_REQUIRED);
  need(role.description.trim() !== "", "description", ROLE_DESCRIPTION_REQUIRED);
  if (!role.remote) need(role.city !== "", "city", ROLE_CITY_REQUIRED);
  need(role.country !== "", "country", role.remote ? ROLE_APPLICANT_COUNTRY_REQUIRED : ROLE_COUNTRY_REQUIRED);
  need(role.closesAt !== "", "closesAt", ROLE_CLOSES_REQUIRED);
});

/** A role goes live only while open: its closing date after `liveAt` (now, or the scheduled time). */
export function roleClosingProblem(role: Pick<RoleDraft, "closesAt">, liveAt: Date, scheduled = false): string | null {
  if (role.closesAt === "") return ROLE_CLOSES_REQUIRED;
  if (new Date(role.closesAt).getTime() > liveAt.getTime()) return null;
  return scheduled ? ROLE_CLOSES_BEFORE_PUBLISH : ROLE_CLOSES_PAST;
}

/** Each kind's draft, as its routes take it. */
export const draftSchemaOf = { post: postDraftSchema, prices: pricesDraftSchema, faq: faqDraftSchema, role: roleDraftSchema } as const;
export type DraftOf = { post: PostDraft; prices: PricesDraft; faq: FaqDraft; role: RoleDraft };
export type AnyDraft = DraftOf[ContentKind];

export const saveSiteEntrySchema = <S extends z.ZodType>(draft: S) => z.object({ baseVersion: baseVersionSchema, draft });
export const scheduleSiteEntrySchema = <S extends z.ZodType>(draft: S) =>
  z.object({ baseVersion: baseVersionSchema, draft, publishAt: z.coerce.date({ error: "Choose when to publish" }) });
