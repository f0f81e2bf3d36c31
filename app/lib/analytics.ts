/**
 * Client-side tracking. Every event goes to window.dataLayer (the Google Tag Manager convention);
 * whatever tag manager or pixel is configured reads it from there. Tracking must never break the
 * page, so nothing here throws.
 */
export type CtaLocation = "navbar" | "hero" | "cta_strip" | "pricing" | "compare";

export type AnalyticsEvents = {
  cta_book_click: { location: CtaLocation };
  demo_play: Record<string, never>;
  enterprise_consult_click: Record<string, never>;
  /** No name or e-mail: every tag in the container reads the dataLayer (docs/decisions/0613). */
  booking_completed: { timestamp: string };
};

export type AnalyticsEventName = keyof AnalyticsEvents;

/** Entries are event objects, or gtag command `arguments` (consent, config, event). */
type DataLayerEntry = Record<string, unknown> | IArguments;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

export function track<E extends AnalyticsEventName>(event: E, payload: AnalyticsEvents[E]): void {
  try {
    if (typeof window === "undefined") return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...payload });
  } catch {
    // A broken or hostile dataLayer must not break the page.
  }
}
