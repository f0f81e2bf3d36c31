import type { Prices } from "@shared/content/prices";
import type { FaqDraft, PricesDraft, RoleDraft, StoryDraft, TestimonialDraft } from "@shared/schemas/content";
import type { ContentEntryDetail } from "./content-api";

/** GET /api/admin/content/prices: the entry, the prices the site shows now, and the live answers quoting them. */
export type PricesResponse = {
  entry: ContentEntryDetail<PricesDraft>;
  live: Prices | null;
  /** Published FAQ answers holding a price tag (Markdoc source): what a price change moves. */
  quotingAnswers: { id: string; question: string; answer: string }[];
};

/** GET /api/admin/content/faq: every item, in the draft's order. */
export type FaqListResponse = { items: ContentEntryDetail<FaqDraft>[] };

/** GET /api/admin/content/roles: every role, newest change first. */
export type RoleListResponse = { items: ContentEntryDetail<RoleDraft>[] };
/** GET /api/admin/content/testimonials: every testimonial, in the draft's order. */
export type TestimonialListResponse = { items: ContentEntryDetail<TestimonialDraft>[] };

/** GET /api/admin/content/stories: every customer story, newest change first. */
export type StoryListResponse = { items: ContentEntryDetail<StoryDraft>[] };
