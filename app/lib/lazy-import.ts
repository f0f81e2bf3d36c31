/**
 * Code that loads on first use (docs/decisions/0303), made dependable: a chunk that failed to
 * arrive is tried again. Part of every public page's start-up: keep it small.
 */

/** Waits before each retry: 300 ms, then 600 ms. */
const RETRY_BACKOFF_MS = 300;

/**
 * Wraps a dynamic import: a failed attempt is retried `retries` times with a growing pause, and
 * every caller shares one load. When every attempt fails the next
 * call starts afresh. Chromium does not remember a failed module fetch: importing the same URL
 * again fetches it again (checked with Chromium 156), so no cache-busting query is needed.
 */
export function retryingImport<M>(load: () => Promise<M>, retries = 2): () => Promise<M> {
  let pending: Promise<M> | null = null;
  const attempt = (left: number): Promise<M> =>
    load().catch((error: unknown) => {
      if (left <= 0) throw error;
      return new Promise((resolve) => setTimeout(resolve, RETRY_BACKOFF_MS * 2 ** (retries - left))).then(() => attempt(left - 1));
    });
  return () =>
    (pending ??= attempt(retries).catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
