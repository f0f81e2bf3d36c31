import { OTHER_PATH } from "@shared/schemas/analytics";
import { publicPaths } from "@shared/site-routes";

const servedPaths = new Set<string>(publicPaths);

/**
 * The path an event is stored and counted under (docs/decisions/0801): a public page as it is,
 * anything else the site does not serve (a 404, an invented path, a staff page) as OTHER_PATH.
 * So a sender cannot fill the landing table, or the stored events, with paths of its choosing.
 */
export function countedPath(path: string | null): string | null {
  if (path === null) return null;
  return servedPaths.has(path) ? path : OTHER_PATH;
}
