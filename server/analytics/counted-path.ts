import { OTHER_PATH } from "@shared/schemas/analytics";
import { publicPaths } from "@shared/site-routes";

const servedPaths = new Set<string>(publicPaths);

/**
 * The path an event is stored and counted under (docs/decisions/0801): a public page as it
 * is, a published blog post's page as it is (`posts`: their paths as this instance has them when
 * the event is written), anything else the site does not serve (a 404, an invented path, an
 * unknown or unpublished /blog/<x>, a staff page) as OTHER_PATH. So a sender cannot fill the
 * landing table, the content table or the stored events with paths of its choosing.
 */
export function countedPath(path: string | null, posts: { has(path: string): boolean } = new Set()): string | null {
  if (path === null) return null;
  return servedPaths.has(path) || posts.has(path) ? path : OTHER_PATH;
}
