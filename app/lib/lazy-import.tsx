import * as React from "react";

/**
 * Code that loads on first use (docs/decisions/0303), made dependable and fast:
 * `retryingImport` retries a chunk that failed to arrive, and `warmWhenIdle` fetches the code a
 * page can open once the page is up and idle, so that a later press finds it in the module cache.
 * Both run on every public page's start-up: keep them small.
 */

/** Waits before each retry: 300 ms, then 600 ms. */
const RETRY_BACKOFF_MS = 300;

/**
 * Wraps a dynamic import: a failed attempt is retried `retries` times with a growing pause, and
 * every caller (a warm-up, then `React.lazy`) shares one load. When every attempt fails the next
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

/**
 * Runs `warm` once the page has loaded and the main thread is idle (so never during hydration or
 * before the first paint), unless the visitor asked to save data. Without requestIdleCallback
 * (Safari) it waits two seconds after the load event instead. A warm-up that fails stays quiet:
 * the press that needs the code loads it again.
 */
export function warmWhenIdle(warm: () => Promise<unknown>): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const run = () => void warm().catch(() => {});
  const schedule = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 5_000 }) : setTimeout(run, 2_000));
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
}

/**
 * `React.lazy` for code a page warms: the component and its loader (to warm it). Once the code
 * is in, the component renders it at once; React.lazy alone would still suspend for a tick on
 * first render, and React reveals content that suspended at most every 300 ms, so a warmed
 * dialog and its form would still take two such steps to show (bench:interactions).
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => React.ComponentType<P>,
): [component: React.ComponentType<P>, load: () => Promise<M>] {
  let ready: React.ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      ready ??= pick(module);
      return module;
    });
  const Lazy = React.lazy(() => loadAndKeep().then((module) => ({ default: pick(module) })));
  function Component(props: P) {
    const Loaded = ready ?? Lazy;
    return <Loaded {...props} />;
  }
  return [Component, loadAndKeep];
}
