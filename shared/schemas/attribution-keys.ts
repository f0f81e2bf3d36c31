/**
 * The UTM parameters recorded from a visitor's landing page. Kept apart from the zod schemas so
 * the landing-page capture, which runs on every page, does not pull the validation library in.
 */
export const ATTRIBUTION_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/**
 * The attribution field naming the first blog post the visitor read in the tab the lead was sent
 * from (docs/decisions/0801): the post's path, as the address bar had it.
 */
export const FIRST_ARTICLE_KEY = "first_article_path";

/** A post's slug is at most this long (shared/schemas/content.ts, POST_SLUG_MAX): "/blog/" and 80. */
export const ARTICLE_PATH_MAX = 86;

/**
 * A blog post's path: "/blog/" and a slug by the studio's rule (shared/schemas/content.ts,
 * SLUG_PATTERN: lower-case words of letters and digits joined by single hyphens). The list's
 * pages (/blog/page/2), tags and the feed never match it.
 */
export const ARTICLE_PATH_PATTERN = /^\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isArticlePath(path: string): boolean {
  return path.length <= ARTICLE_PATH_MAX && ARTICLE_PATH_PATTERN.test(path);
}
