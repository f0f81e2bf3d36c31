import type { RichTextTree } from "./rich-text-rules";
import type { Prices } from "./prices";

/**
 * What the public pages read of the published content (docs/decisions/0903): the server builds it
 * from the database once per change (server/content/site-content.ts) and hands it to the pages'
 * loaders through React Router's context; each loader sends the page only what it shows.
 */

/** A stored image as a page shows it: its largest size, every size for srcset, and its alt text. */
export type PublishedImage = {
  url: string;
  width: number;
  height: number;
  alt: string;
  /** `url width` pairs for the srcset attribute, narrowest first. */
  srcset: string;
};

/** A post as a list shows it. */
export type PostCard = {
  slug: string;
  title: string;
  summary: string;
  cover: PublishedImage | null;
  /** ISO date-time of its first publication: the date the blog shows. */
  publishedAt: string;
  readingMinutes: number;
  tags: string[];
};

/** A post as its own page shows it. */
export type PostPageData = PostCard & {
  authorName: string;
  /** ISO date-time of its last publication. */
  updatedAt: string;
  body: RichTextTree;
  related: PostCard[];
};

export type BlogListData = {
  posts: PostCard[];
  /** 1-based. */
  page: number;
  pageCount: number;
  /** The tag this list is of, or null for the whole blog. */
  tag: string | null;
  /** Every tag in use, most used first. */
  tags: string[];
};

/** What a post's address answers: its page, a redirect from a former slug, or nothing (404). */
export type PostLookup = { kind: "post"; post: PostPageData } | { kind: "redirect"; slug: string } | null;

/** A published FAQ item as /faq (and any page quoting it) shows it, its price tags filled in. */
export type FaqItem = {
  /** Its slug: the anchor, and how a page picks the items it quotes ("price"). */
  id: string;
  question: string;
  answer: RichTextTree;
  /** The answer's words alone, for the FAQPage JSON-LD. */
  answerText: string;
};

/** An open role as /careers lists it (docs/decisions/0905). */
export type RoleCard = {
  slug: string;
  title: string;
  team: string;
  /** In words: "Austin, TX, United States" or "Remote (United States)". */
  location: string;
  remote: boolean;
  employmentType: "FULL_TIME" | "PART_TIME" | "CONTRACTOR" | "INTERN";
  /** "Full-time", "Part-time", …: in words on the server, so the pages load no table for it. */
  employmentTypeText: string;
  /** ISO date-time it leaves the site. */
  closesAt: string;
  /** Its date as the page shows it ("January 1, 2027", UTC): written on the server, no Intl in the browser. */
  closesOn: string;
};

/** An open role as its own page shows it, with what its JobPosting needs. */
export type RolePageData = RoleCard & {
  city: string;
  region: string;
  country: string;
  description: RichTextTree;
  /** The description's words alone, for the JobPosting. */
  descriptionText: string;
  /** Where to apply; empty: the deployment's careers address. */
  applyEmail: string;
  /** ISO date-time of its first publication (JobPosting's datePosted). */
  postedAt: string;
  postedOn: string;
};

/** A published testimonial as the pages show it (docs/decisions/0906). */
export type TestimonialCard = {
  id: string;
  quote: string;
  name: string;
  /** The avatar's letters when there is no photo. */
  initials: string;
  role: string;
  company: string;
  industry: "law" | "trades" | "insurance";
  photo: PublishedImage | null;
  figure: { value: string; label: string } | null;
  /** One of the seeded examples nobody replaced: labelled as an example on the page. */
  example: boolean;
};

/** A published customer story as a list, the home page and an industry page show it (decision 0906). */
export type StoryCard = {
  slug: string;
  title: string;
  company: string;
  industry: "law" | "trades" | "insurance";
  logo: PublishedImage | null;
  results: { value: string; label: string }[];
  quote: { text: string; person: string; role: string };
  /** ISO date-time of its first publication: newest first. */
  publishedAt: string;
};

/** A customer story as its own page shows it. */
export type StoryPageData = StoryCard & {
  /** ISO date-time of its last publication. */
  updatedAt: string;
  /** The problem's paragraphs. */
  problem: string[];
  /** What the agent does, rendered. */
  solution: RichTextTree;
};

/** The published content as the pages' loaders read it. */
export type SiteContent = {
  /** Moves with every change to what the site shows; pages cached under another are stale. */
  version: number;
  /** Whether the blog has a published post: the navigation shows "Blog" only then. */
  hasBlog: boolean;
  blogList: (page: number, tag: string | null) => BlogListData | null;
  post: (slug: string) => PostLookup;
  /** The published prices; null where nothing is published (the build's prerender): the code's own. */
  prices: Prices | null;
  /** The published FAQ items in their order; null where nothing is published: the code's own. */
  faq: FaqItem[] | null;
  /** The open roles, soonest closing first (empty where nothing is published). */
  roles: RoleCard[];
  /** An open role's page; null for an unknown, unpublished or closed one (404). */
  role: (slug: string) => RolePageData | null;
  /** The published testimonials in their order; null where nothing is published: the code's own examples. */
  testimonials: TestimonialCard[] | null;
  /** The published customer stories, newest first. */
  stories: StoryCard[];
  /** A published story's page, or null (404). */
  story: (slug: string) => StoryPageData | null;
};

/** "2", "3", …: a later page of a list (its URL's last part); "1", "01" or anything else is no page (404). */
export function blogPageNumber(param: string | undefined): number | null {
  if (param === undefined) return 1;
  return /^[1-9][0-9]{0,4}$/.test(param) && param !== "1" ? Number(param) : null;
}

/** Words an adult reads in a minute of web prose (the common 200-250; the byline rounds up). */
const WORDS_PER_MINUTE = 230;

/** A body's reading time in whole minutes, at least one. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Posts per page of /blog and /blog/tag/<tag>. */
export const BLOG_PAGE_SIZE = 10;

/** The published content when there is none (and when the build prerenders pages). */
export const emptySiteContent: SiteContent = {
  version: 0,
  hasBlog: false,
  blogList: () => null,
  post: () => null,
  prices: null,
  faq: null,
  roles: [],
  role: () => null,
  testimonials: null,
  stories: [],
  story: () => null,
};

/** The newest published story of an industry (of any, for null), where a page shows its proof. */
export function newestStory(stories: readonly StoryCard[], industry: StoryCard["industry"] | null): StoryCard | null {
  return stories.find((s) => industry === null || s.industry === industry) ?? null;
}

/** "J. R." → "JR", "Dana Kim" → "DK": the first letters of a name's first and last words. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s.]+/).filter((w) => /\p{L}/u.test(w));
  const first = words[0]?.match(/\p{L}/u)?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.match(/\p{L}/u)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}
