import type { AnalyticsDetail } from "@shared/schemas/analytics";
import { collect } from "~/lib/collector";

/**
 * Client-side tracking. Every event goes to window.dataLayer (the Google Tag Manager convention);
 * whatever tag manager or pixel is configured reads it from there. The Book and consult presses
 * and demo plays are also counted by the site itself (app/lib/collector.ts, docs/decisions/0801),
 * so the two can never disagree on where they are recorded. Tracking must never break the page,
 * so nothing here throws.
 */
export type CtaLocation = Extract<AnalyticsDetail, "navbar" | "hero" | "cta_strip" | "pricing" | "compare" | "article">;

export type AnalyticsEvents = {
  cta_book_click: { location: CtaLocation };
  demo_play: Record<string, never>;
  enterprise_consult_click: Record<string, never>;
  /** No name or e-mail: every tag in the container reads the dataLayer (docs/decisions/0104). */
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
  if (typeof window === "undefined") return;
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...payload });
  } catch {
    // A broken or hostile dataLayer must not break the page.
  }
  try {
    if (event === "cta_book_click") collect("cta_click", (payload as AnalyticsEvents["cta_book_click"]).location);
    // The consult buttons on /enterprise have no location in the dataLayer (docs/decisions/0304).
    if (event === "enterprise_consult_click") collect("cta_click", "enterprise");
    if (event === "demo_play") collect("demo_play");
  } catch {
    // Counting must not break the page either.
  }
}
