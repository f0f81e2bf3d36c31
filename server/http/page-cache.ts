/**
 * Pages rendered once per change of the published content and served from memory until the next
 * (docs/decisions/0903). A miss renders the page through React Router's server build; requests for
 * the same page while it renders wait for that one render. Renders of different pages run at most
 * MAX_CONCURRENT_RENDERS at once, with a bounded queue behind them: past it, the caller answers 503
 * (Retry-After) rather than letting a crawl of many pages pile renders up without bound. A page
 * already rendered is never refused.
 */

/** What a render answered: a page, a redirect, or nothing to show. */
export type RenderedAnswer<File> =
  | { kind: "page"; file: File }
  | { kind: "redirect"; location: string; status: 301 | 302 | 307 | 308 }
  | { kind: "not-found"; file?: File };

export type PageCacheBusy = { kind: "busy"; retryAfterSeconds: number };

/** Renders at once: the server has two cores; more would only queue inside the event loop. */
export const MAX_CONCURRENT_RENDERS = 2;
/** Misses waiting for a render slot; past this, the answer is 503. */
export const MAX_QUEUED_RENDERS = 64;
/**
 * Pages held per content version. The site has a few dozen pages and a list page per ten posts;
 * the bound is for made-up query strings on a data request, which are keys of their own.
 */
export const MAX_CACHED_PAGES = 2000;

export type PageCache<File> = {
  /** The page at `key` for `version`: from memory, else rendered by `render` (once). */
  get: (key: string, version: number, render: () => Promise<RenderedAnswer<File>>) => Promise<RenderedAnswer<File> | PageCacheBusy>;
  /** How many answers are held (for tests and the log). */
  size: () => number;
};

export function createPageCache<File>(limits: { concurrent?: number; queued?: number; cached?: number } = {}): PageCache<File> {
  const concurrent = limits.concurrent ?? MAX_CONCURRENT_RENDERS;
  const queued = limits.queued ?? MAX_QUEUED_RENDERS;
  const cached = limits.cached ?? MAX_CACHED_PAGES;
  let version = -1;
  let answers = new Map<string, Promise<RenderedAnswer<File>>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  const slot = async () => {
    if (running < concurrent) {
      running++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    size: () => answers.size,
    async get(key, at, render) {
      // A newer version empties the cache; an older one (a request that read the content before
      // the change) renders without keeping its answer.
      if (at > version) {
        version = at;
        answers = new Map();
      }
      const held = at === version ? answers.get(key) : undefined;
      if (held) return held;
      if (running >= concurrent && waiting.length >= queued) return { kind: "busy", retryAfterSeconds: 1 };
      const rendering = (async () => {
        await slot();
        try {
          return await render();
        } finally {
          release();
        }
      })();
      if (at === version && answers.size < cached) {
        answers.set(key, rendering);
        // A render that failed is tried again by the next request, not served as a failure.
        rendering.catch(() => {
          if (answers.get(key) === rendering) answers.delete(key);
        });
      }
      return rendering;
    },
  };
}
