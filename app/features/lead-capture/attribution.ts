import type { Attribution } from "@shared/schemas/lead-meta";
import { ATTRIBUTION_KEYS, FIRST_ARTICLE_KEY, isArticlePath } from "@shared/schemas/attribution-keys";

const STORAGE_KEY = "lead-attribution";

type LandingVisit = Partial<Record<(typeof ATTRIBUTION_KEYS)[number] | "referrer" | typeof FIRST_ARTICLE_KEY, string>>;

/**
 * Remembers the landing visit's UTM parameters and external referrer for this browser session,
 * so a lead submitted pages later is still credited to the campaign that brought the visitor.
 * Only the first page of the session counts; storage errors (private modes) are ignored.
 */
export function captureLandingAttribution(): void {
  try {
    if (window.sessionStorage.getItem(STORAGE_KEY) !== null) return;
    const params = new URLSearchParams(window.location.search);
    const visit: LandingVisit = {};
    for (const key of ATTRIBUTION_KEYS) {
      const value = params.get(key)?.trim();
      if (value) visit[key] = value.slice(0, 256);
    }
    const referrer = document.referrer;
    if (referrer && safeOrigin(referrer) !== window.location.origin) visit.referrer = referrer.slice(0, 2048);
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // No storage: attribution is best effort.
  }
}

/**
 * Remembers the first blog post read in this tab (docs/decisions/0801), in the same session entry
 * as the landing visit, so a lead sent later from this tab says which article its visitor read
 * first. Called by a post's page once it shows; any other path (a studio preview) is left alone.
 * No cookie and no identifier: the entry stays in the tab and leaves it only with a lead.
 */
export function rememberArticleRead(): void {
  try {
    const path = window.location.pathname;
    if (!isArticlePath(path)) return;
    // A post can be the tab's first page: its campaign and referrer are kept first, as any
    // landing page's are (the booking dialog's capture may run after this).
    captureLandingAttribution();
    const visit = storedVisit();
    if (visit[FIRST_ARTICLE_KEY]) return;
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...visit, [FIRST_ARTICLE_KEY]: path }));
  } catch {
    // No storage: attribution is best effort.
  }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The session's entry; anything but an object of it (a broken or foreign value) reads as none. */
function storedVisit(): LandingVisit {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as LandingVisit) : {};
  } catch {
    return {};
  }
}

/** The attribution sent with a lead: the landing visit, the first post read, and the page the form is on. */
export function leadAttribution(): Attribution {
  return { ...storedVisit(), page_path: window.location.pathname };
}
