import { toast } from "~/lib/toast";
import { paths } from "@shared/site-routes";
import { rememberBooker } from "./booker-storage";

/** The scheduler opens this long after a successful submission (docs/product.md#timings-and-sizes). */
export const SCHEDULER_DELAY_MS = 300;
const WIDGET_SCRIPT = "https://assets.calendly.com/assets/external/widget.js";
const WIDGET_STYLES = "https://assets.calendly.com/assets/external/widget.css";
const WIDGET_TIMEOUT_MS = 4000;

export type SchedulerPrefill = {
  name: string;
  email: string;
  /** Extra invitees' emails. */
  guests: string[];
  /** Custom answers, sent as a1, a2, ... in this order. */
  answers: string[];
};

type CalendlyWidget = { initPopupWidget: (options: { url: string }) => void };

declare global {
  interface Window {
    Calendly?: CalendlyWidget;
  }
}

/** The scheduler link with the visitor's details prefilled through Calendly's query parameters. */
export function prefilledSchedulerUrl(baseUrl: string, prefill: SchedulerPrefill): string {
  const url = new URL(baseUrl);
  url.searchParams.set("name", prefill.name);
  url.searchParams.set("email", prefill.email);
  if (prefill.guests.length > 0) url.searchParams.set("guests", prefill.guests.join(","));
  prefill.answers.forEach((answer, index) => url.searchParams.set(`a${index + 1}`, answer));
  return url.toString();
}

/** The prefilled scheduler link, or null when the deployment's scheduler URL is not a URL. */
export function schedulerUrlOrNull(baseUrl: string, prefill: SchedulerPrefill): string | null {
  try {
    return prefilledSchedulerUrl(baseUrl, prefill);
  } catch {
    return null;
  }
}

function isCalendly(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "calendly.com" || host.endsWith(".calendly.com");
}

let widgetLoading: Promise<CalendlyWidget> | null = null;

/** Loads Calendly's popup widget on first use only (never on page load). */
function loadWidget(): Promise<CalendlyWidget> {
  if (window.Calendly) return Promise.resolve(window.Calendly);
  if (!widgetLoading) {
    widgetLoading = new Promise<CalendlyWidget>((resolve, reject) => {
      const styles = document.createElement("link");
      styles.rel = "stylesheet";
      styles.href = WIDGET_STYLES;
      document.head.appendChild(styles);
      const script = document.createElement("script");
      script.src = WIDGET_SCRIPT;
      script.async = true;
      script.onload = () => (window.Calendly ? resolve(window.Calendly) : reject(new Error("no Calendly global")));
      script.onerror = () => reject(new Error("widget failed to load"));
      document.head.appendChild(script);
      setTimeout(() => reject(new Error("widget timed out")), WIDGET_TIMEOUT_MS);
    });
    widgetLoading.catch(() => {
      widgetLoading = null;
    });
  }
  return widgetLoading;
}

/**
 * After a booking is scheduled in the popup, Calendly posts calendly.event_scheduled to this
 * window: go to the confirmation page, which reads the visitor's name and email from this tab's
 * session storage (never from the URL, docs/decisions/0501).
 */
function listenForScheduledEvent(prefill: SchedulerPrefill) {
  const onMessage = (event: MessageEvent) => {
    if (!/^https:\/\/([a-z0-9-]+\.)?calendly\.com$/.test(event.origin)) return;
    const data = event.data as { event?: unknown } | null;
    if (!data || data.event !== "calendly.event_scheduled") return;
    window.removeEventListener("message", onMessage);
    // The confirmation page greets the visitor by name; their details stay out of the URL.
    rememberBooker({ name: prefill.name, email: prefill.email });
    window.location.assign(paths.bookingSuccess);
  };
  window.addEventListener("message", onMessage);
}

/** Opens the scheduler in a new tab; tells the visitor, with a link, when the browser blocks it. */
function openInNewTab(url: string, reason: "no-widget" | "direct") {
  const opened = window.open(url, "_blank");
  if (opened) {
    opened.opener = null;
    if (reason === "no-widget") {
      toast.info("The scheduler could not load on this page", { description: "We opened it in a new tab so you can pick a time." });
    }
    return;
  }
  toast.warning("Pick a time for your call", {
    description: "Your browser blocked the scheduler window. Use the button to open it.",
    duration: 30_000,
    action: { label: "Open scheduler", onClick: () => window.open(url, "_blank", "noopener") },
  });
}

/**
 * Opens the 30-minute scheduler prefilled, SCHEDULER_DELAY_MS after a successful submission:
 * Calendly's popup when its widget loads, otherwise the prefilled page in a new tab.
 */
export function openSchedulerSoon(baseUrl: string, prefill: SchedulerPrefill): void {
  window.setTimeout(() => {
    let url: string;
    try {
      url = prefilledSchedulerUrl(baseUrl, prefill);
    } catch {
      toast.error("The scheduler link is not configured", { description: "We'll contact you to schedule your call." });
      return;
    }
    if (!isCalendly(url)) return openInNewTab(url, "direct");
    loadWidget()
      .then((calendly) => {
        listenForScheduledEvent(prefill);
        calendly.initPopupWidget({ url });
      })
      .catch(() => openInNewTab(url, "no-widget"));
  }, SCHEDULER_DELAY_MS);
}
