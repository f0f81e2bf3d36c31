/**
 * Who booked (name, email), for the confirmation page's greeting: kept in this tab's session
 * storage, never in the address bar, where every tag and pixel reads the page's URL
 * (docs/decisions/0501, 0104). The booking dialog's own redirect stores them here; a scheduler
 * configured to redirect with `?name=&email=` (the spec's contract) has them moved here from the
 * URL before anything can read it.
 */
export const BOOKER_STORAGE_KEY = "booking-success";

/** The query parameters that carry who booked. */
const BOOKER_PARAMS = ["name", "email"] as const;

export type Booker = { name: string | null; email: string | null };

export function rememberBooker(booker: { name: string; email: string }): void {
  try {
    window.sessionStorage.setItem(BOOKER_STORAGE_KEY, new URLSearchParams(booker).toString());
  } catch {
    // Storage refused (private mode, quota): the page greets with its default name.
  }
}

/**
 * Moves `name` and `email` from the current URL into session storage and takes them out of the
 * address bar (history.replaceState, other parameters kept). Safe to call more than once; a no-op
 * when the URL carries neither. Call it before any third-party tag loads.
 */
export function moveBookerOutOfUrl(): void {
  if (typeof window === "undefined") return;
  const url = new URL(window.location.href);
  if (!BOOKER_PARAMS.some((p) => url.searchParams.has(p))) return;
  rememberBooker({ name: url.searchParams.get("name") ?? "", email: url.searchParams.get("email") ?? "" });
  for (const p of BOOKER_PARAMS) url.searchParams.delete(p);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

/** Who booked, from session storage (after moveBookerOutOfUrl), or nulls. */
export function readBooker(): Booker {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(BOOKER_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const params = new URLSearchParams(stored ?? "");
  return {
    name: params.get("name")?.trim().slice(0, 100) || null,
    email: params.get("email")?.trim().slice(0, 255) || null,
  };
}
