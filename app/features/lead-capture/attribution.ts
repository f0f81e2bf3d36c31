import type { Attribution } from "@shared/schemas/lead-meta";
import { ATTRIBUTION_KEYS } from "@shared/schemas/attribution-keys";

const STORAGE_KEY = "lead-attribution";

type LandingVisit = Partial<Record<(typeof ATTRIBUTION_KEYS)[number] | "referrer", string>>;

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

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The attribution sent with a lead: the landing visit plus the page the form is on. */
export function leadAttribution(): Attribution {
  let visit: LandingVisit = {};
  try {
    visit = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}") as LandingVisit;
  } catch {
    visit = {};
  }
  return { ...visit, page_path: window.location.pathname };
}
