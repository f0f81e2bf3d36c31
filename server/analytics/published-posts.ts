import type { PostCard } from "@shared/content/site-content";
import { blogPostPath } from "@shared/site-routes";
import type { SiteContentStore } from "../app-env";

const NONE: ReadonlyMap<string, string> = new Map();

/** One map per published set: the store hands out a new card list on every change, the same one until then. */
const titlesByCards = new WeakMap<readonly PostCard[], ReadonlyMap<string, string>>();

/**
 * The published posts' titles by path (/blog/<slug>), as this instance has the content now
 * (docs/decisions/0801): what makes a post's path a page the funnel counts, and the name the
 * content report and a lead's page show for it. No store (some tests): no posts.
 */
export function publishedPostTitles(store: SiteContentStore | undefined): ReadonlyMap<string, string> {
  if (!store) return NONE;
  const cards = store.posts();
  let titles = titlesByCards.get(cards);
  if (!titles) {
    titles = new Map(cards.map((card) => [blogPostPath(card.slug), card.title]));
    titlesByCards.set(cards, titles);
  }
  return titles;
}
