import { getRuntimeConfig } from "~/lib/runtime-config";
import { moveBookerOutOfUrl } from "~/features/lead-capture/booker-storage";

/**
 * Visitor consent for analytics and advertising storage (Google Consent Mode v2), and the loading
 * of the tag manager and pixels that depends on it. Until the visitor chooses, everything is
 * denied and no third-party script loads; tracking calls still go to window.dataLayer, where they
 * stay. Nothing here runs during prerendering.
 */
export type ConsentChoice = {
  analytics: boolean;
  advertising: boolean;
  decidedAt: string;
};

export const CONSENT_STORAGE_KEY = "agentdesk.consent.v1";
const listeners = new Set<() => void>();
const loaded = new Set<string>();
let defaultsPushed = false;
let cachedRaw: string | null | undefined;
let cachedChoice: ConsentChoice | null = null;

/** gtag pushes its `arguments` object: that is the shape Google's tags read commands in. */
function gtag(..._args: unknown[]) {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

/** Whether this deployment has any tag or pixel that needs consent. */
export function consentNeeded(): boolean {
  const { gtmId, ga4Id, metaPixelId } = getRuntimeConfig();
  return Boolean(gtmId || ga4Id || metaPixelId);
}

export function readConsent(): ConsentChoice | null {
  if (typeof window === "undefined") return null;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedChoice;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<ConsentChoice>) : null;
    cachedChoice =
      parsed && typeof parsed.analytics === "boolean" && typeof parsed.advertising === "boolean"
        ? { analytics: parsed.analytics, advertising: parsed.advertising, decidedAt: String(parsed.decidedAt ?? "") }
        : null;
  } catch {
    cachedChoice = null;
  }
  return cachedChoice;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const signals = (choice: Pick<ConsentChoice, "analytics" | "advertising"> | null) => ({
  analytics_storage: choice?.analytics ? "granted" : "denied",
  ad_storage: choice?.advertising ? "granted" : "denied",
  ad_user_data: choice?.advertising ? "granted" : "denied",
  ad_personalization: choice?.advertising ? "granted" : "denied",
});

/**
 * Called once in the browser at start-up: Consent Mode v2 defaults (all denied), then the
 * visitor's remembered choice, if any.
 */
export function initConsent(): void {
  if (typeof window === "undefined" || defaultsPushed) return;
  defaultsPushed = true;
  gtag("consent", "default", { ...signals(null), wait_for_update: 500 });
  const choice = readConsent();
  if (choice) applyConsent(choice);
}

export function saveConsent(choice: Pick<ConsentChoice, "analytics" | "advertising">): void {
  const full: ConsentChoice = { ...choice, decidedAt: new Date().toISOString() };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(full));
  } catch {
    // Storage may be blocked; the choice still applies to this page view.
    cachedRaw = JSON.stringify(full);
    cachedChoice = full;
  }
  applyConsent(full);
  for (const listener of listeners) listener();
}

function applyConsent(choice: ConsentChoice): void {
  gtag("consent", "update", signals(choice));
  // Tags and pixels send the page's URL (page_location, PageView): who booked leaves it first.
  moveBookerOutOfUrl();
  const { gtmId, ga4Id, metaPixelId } = getRuntimeConfig();
  if (choice.analytics && gtmId) loadGtm(gtmId);
  if (choice.analytics && ga4Id && !gtmId) loadGa4(ga4Id);
  if (choice.advertising && metaPixelId) loadMetaPixel(metaPixelId);
}

function loadScript(src: string): void {
  if (loaded.has(src)) return;
  loaded.add(src);
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function loadGtm(id: string) {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

function loadGa4(id: string) {
  gtag("js", new Date());
  gtag("config", id);
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: (...args: unknown[]) => void; loaded?: boolean; version?: string; push?: unknown };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

function loadMetaPixel(id: string) {
  if (!window.fbq) {
    // The pixel's standard queueing stub: calls made before fbevents.js loads are replayed by it.
    const fbq: Fbq = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    };
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.push = fbq;
    window.fbq = fbq;
    window._fbq = fbq;
    fbq("init", id);
    fbq("track", "PageView");
  }
  loadScript("https://connect.facebook.net/en_US/fbevents.js");
}

/**
 * A lead conversion for the pixels (GA4 `generate_lead`, Meta `Lead`), sent only to what the
 * visitor consented to and what is configured. Returns what was sent, for the caller's records.
 */
export function sendLeadConversion(): { ga4: boolean; meta: boolean } {
  const sent = { ga4: false, meta: false };
  if (typeof window === "undefined") return sent;
  const choice = readConsent();
  const { gtmId, ga4Id, metaPixelId } = getRuntimeConfig();
  if (choice?.analytics && (ga4Id || gtmId)) {
    gtag("event", "generate_lead", ga4Id ? { send_to: ga4Id } : {});
    sent.ga4 = true;
  }
  if (choice?.advertising && metaPixelId && window.fbq) {
    window.fbq("track", "Lead");
    sent.meta = true;
  }
  return sent;
}
