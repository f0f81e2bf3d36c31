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
export const contentKinds = ["post", "prices", "faq", "role", "testimonial", "story"] as const;
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

/* Testimonials (docs/decisions/0906): a customer's words, who said them, and their industry. */

/** The site's industries (app/content/industries.ts IndustryId): a testimonial or story is of one. */
export const siteIndustries = ["law", "trades", "insurance"] as const;
export type SiteIndustry = (typeof siteIndustries)[number];
export const siteIndustryLabels: Record<SiteIndustry, string> = { law: "Law firms", trades: "Home services and trades", insurance: "Insurance" };

export const TESTIMONIAL_QUOTE_MAX = 600;
export const TESTIMONIAL_NAME_MAX = 80;
export const TESTIMONIAL_ROLE_MAX = 80;
export const TESTIMONIAL_COMPANY_MAX = 120;
export const FIGURE_VALUE_MAX = 16;
export const FIGURE_LABEL_MAX = 60;

/** One line: a stray newline in a name or a figure would break its card. */
const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .regex(/^[^\r\n]*$/, `${label} must be a single line`);

/** A figure a card leads with ("2x", "consults booked after hours"): both or neither. */
export const figureSchema = z.object({
  value: oneLine("Figure", FIGURE_VALUE_MAX).min(1, "Give the figure, like 2x or +32%"),
  label: oneLine("What the figure counts", FIGURE_LABEL_MAX).min(1, "Say what the figure counts"),
});
export type Figure = z.infer<typeof figureSchema>;

const industrySchema = z.enum(siteIndustries, { error: "Choose one of the site's industries" });

/** A testimonial as an editor writes it. `example` is the seed's mark, never the editor's (storedTestimonialSchema). */
export const testimonialDraftSchema = z
  .object({
    quote: z.string().trim().max(TESTIMONIAL_QUOTE_MAX, `The quote is at most ${TESTIMONIAL_QUOTE_MAX} characters`).default(""),
    name: oneLine("Name", TESTIMONIAL_NAME_MAX).min(1, "Name is required"),
    role: oneLine("Role", TESTIMONIAL_ROLE_MAX).default(""),
    company: oneLine("Company", TESTIMONIAL_COMPANY_MAX).default(""),
    industry: industrySchema,
    photo: coverSchema.nullable().default(null),
    figure: figureSchema.nullable().default(null),
    /** Lower first on the page. */
    order: z.coerce
      .number({ error: "Order is a number" })
      .int("Order is a whole number")
      .min(0, "Order is 0 or more")
      .max(FAQ_ORDER_MAX, `Order is at most ${FAQ_ORDER_MAX}`)
      .default(0),
  })
  .strict();
export type TestimonialDraftInput = z.input<typeof testimonialDraftSchema>;

/**
 * A testimonial as stored: the seeded examples carry `example: true` (the page labels them, and a
 * production start refuses them while published); any editor's write stores it without.
 */
export const storedTestimonialSchema = testimonialDraftSchema.extend({ example: z.boolean().default(false) });
export type TestimonialDraft = z.infer<typeof storedTestimonialSchema>;

export const QUOTE_REQUIRED = "Write the quote before publishing";
export const PHOTO_ALT_REQUIRED = "Describe the photo in Alt text before publishing";
export const testimonialPublishSchema = storedTestimonialSchema.superRefine((item, ctx) => {
  if (item.quote === "") ctx.addIssue({ code: "custom", path: ["quote"], message: QUOTE_REQUIRED });
  if (item.photo && item.photo.alt === "") ctx.addIssue({ code: "custom", path: ["photo", "alt"], message: PHOTO_ALT_REQUIRED });
});

/* Customer stories (docs/decisions/0906): a customer's problem, what the agent does, the results. */

export const STORY_TITLE_MAX = 160;
export const STORY_PROBLEM_MAX = 3_000;
/** What the agent does: rich text, a few paragraphs and a list, not an article. */
export const STORY_SOLUTION_MAX = 20_000;
export const STORY_RESULTS_MAX = 6;

export const storyDraftSchema = z
  .object({
    /** The story's headline: its page's title, its card's and its share card's. */
    title: oneLine("Headline", STORY_TITLE_MAX).min(1, "Headline is required"),
    company: oneLine("Company", TESTIMONIAL_COMPANY_MAX).min(1, "Company is required"),
    industry: industrySchema,
    logo: coverSchema.nullable().default(null),
    /** Plain text; a blank line starts a paragraph. */
    problem: z.string().trim().max(STORY_PROBLEM_MAX, `The problem is at most ${STORY_PROBLEM_MAX.toLocaleString("en-US")} characters`).default(""),
    /** Rich text, like a post's body. */
    solution: z.string().max(STORY_SOLUTION_MAX, `What the agent does is at most ${STORY_SOLUTION_MAX.toLocaleString("en-US")} characters`).default(""),
    results: z.array(figureSchema).max(STORY_RESULTS_MAX, `At most ${STORY_RESULTS_MAX} results`).default([]),
    quote: z
      .object({
        text: z.string().trim().max(TESTIMONIAL_QUOTE_MAX, `The quote is at most ${TESTIMONIAL_QUOTE_MAX} characters`).default(""),
        person: oneLine("Person", TESTIMONIAL_NAME_MAX).default(""),
        role: oneLine("Their role", TESTIMONIAL_ROLE_MAX).default(""),
      })
      .strict()
      .default({ text: "", person: "", role: "" }),
  })
  .strict();
export type StoryDraftInput = z.input<typeof storyDraftSchema>;
/** As stored: the same mark of a seeded example a testimonial has (none is seeded: decision 0906). */
export const storedStorySchema = storyDraftSchema.extend({ example: z.boolean().default(false) });
export type StoryDraft = z.infer<typeof storedStorySchema>;

export const STORY_PUBLISH_MESSAGES = {
  problem: "Describe the problem before publishing",
  solution: "Say what the agent does before publishing",
  results: "Give at least one result before publishing",
  quote: "Add the quote before publishing",
  person: "Say who said it before publishing",
  logoAlt: "Describe the logo in Alt text before publishing",
} as const;
export const storyPublishSchema = storedStorySchema.superRefine((story, ctx) => {
  const m = STORY_PUBLISH_MESSAGES;
  if (story.problem === "") ctx.addIssue({ code: "custom", path: ["problem"], message: m.problem });
  if (story.solution.trim() === "") ctx.addIssue({ code: "custom", path: ["solution"], message: m.solution });
  if (story.results.length === 0) ctx.addIssue({ code: "custom", path: ["results"], message: m.results });
  if (story.quote.text === "") ctx.addIssue({ code: "custom", path: ["quote", "text"], message: m.quote });
  if (story.quote.person === "") ctx.addIssue({ code: "custom", path: ["quote", "person"], message: m.person });
  if (story.logo && story.logo.alt === "") ctx.addIssue({ code: "custom", path: ["logo", "alt"], message: m.logoAlt });
});

/** Each kind's draft, as its routes take it. */
export const draftSchemaOf = {
  post: postDraftSchema,
  prices: pricesDraftSchema,
  faq: faqDraftSchema,
  role: roleDraftSchema,
  testimonial: testimonialDraftSchema,
  story: storyDraftSchema,
} as const;
export type DraftOf = { post: PostDraft; prices: PricesDraft; faq: FaqDraft; role: RoleDraft; testimonial: TestimonialDraft; story: StoryDraft };
export type AnyDraft = DraftOf[ContentKind];

export const saveSiteEntrySchema = <S extends z.ZodType>(draft: S) => z.object({ baseVersion: baseVersionSchema, draft });
export const scheduleSiteEntrySchema = <S extends z.ZodType>(draft: S) =>
  z.object({ baseVersion: baseVersionSchema, draft, publishAt: z.coerce.date({ error: "Choose when to publish" }) });
