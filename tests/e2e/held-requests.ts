import type { Page, Route } from "@playwright/test";

/**
 * Holds the requests matching `url` until released, so a test can look at the screen while they
 * wait (a loading state, a disabled submit button) without guessing how long that is.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  const handler = (route: Route) => {
    const passed = released.then(() => route.continue());
    held.push(passed);
    return passed;
  };
  await page.route(url, handler);
  return async () => {
    release();
    await Promise.all(held);
    await page.unroute(url, handler);
  };
}

/**
 * Makes our own API fail on demand (the one place a test stands in for our server): every request
 * matching `url` gets `answer`, the first one only once released, so the loading state can be seen
 * first. `attempts()` counts the requests, retries included.
 */
export async function failRequests(page: Page, url: string, answer: { status: number; json: unknown }) {
  let attempts = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (attempts++ === 0) await released;
    await route.fulfill(answer);
  });
  return { release, attempts: () => attempts };
}
