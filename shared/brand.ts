/**
 * The company's name, which the requirements leave out (docs/decisions/0003): a placeholder to
 * replace before launch. Here, not in app/content, because the server names the site too (the
 * feed's title, the share cards); app/content/brand.ts takes it from here.
 */
export const BRAND_NAME = "AgentDesk";

/** The blog's feed, as the feed names itself and every page's link to it does. */
export const BLOG_FEED_TITLE = `${BRAND_NAME} blog`;
