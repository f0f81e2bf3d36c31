import { collect } from "~/lib/collector";
import { toast } from "~/lib/toast";
import { paths } from "@shared/site-routes";
import { prefilledSchedulerUrl, type SchedulerPrefill } from "@shared/scheduler-links";
import { rememberBooker } from "./booker-storage";
import { reportLeadEvent, scheduledBookingUris } from "./lead-events";

/** The scheduler opens this long after a successful submission (docs/product.md#timings-and-sizes). */
export const SCHEDULER_DELAY_MS = 300;
const WIDGET_SCRIPT = "https://assets.calendly.com/assets/external/widget.js";
const WIDGET_STYLES = "https://assets.calendly.com/assets/external/widget.css";
const WIDGET_TIMEOUT_MS = 4000;


type CalendlyWidget = { initPopupWidget: (options: { url: string }) => void };

declare global {
  interface Window {
    Calendly?: CalendlyWidget;
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

/** The popup's listener, if one is waiting: a second submission replaces it, so one booking is reported once, for its own lead. */
let stopListening: (() => void) | null = null;

/**
 * After a booking is scheduled in the popup, Calendly posts calendly.event_scheduled to this
 * window: report it for the lead (a beacon, which the navigation does not cancel), then go to the
 * confirmation page, which reads the visitor's name and email from this tab's session storage
 * (never from the URL, docs/decisions/0501).
 */
function listenForScheduledEvent(prefill: SchedulerPrefill, reference: string | null) {
  stopListening?.();
  const onMessage = (event: MessageEvent) => {
    if (!/^https:\/\/([a-z0-9-]+\.)?calendly\.com$/.test(event.origin)) return;
    const data = event.data as { event?: unknown; payload?: unknown } | null;
    if (!data || data.event !== "calendly.event_scheduled") return;
    stop();
    if (reference) reportLeadEvent({ reference, event: "meeting_scheduled", ...scheduledBookingUris(data.payload) });
    // The confirmation page greets the visitor by name; their details stay out of the URL.
    rememberBooker({ name: prefill.name, email: prefill.email });
    window.location.assign(paths.bookingSuccess);
  };
  const stop = () => {
    window.removeEventListener("message", onMessage);
    if (stopListening === stop) stopListening = null;
  };
  stopListening = stop;
  window.addEventListener("message", onMessage);
}

/**
 * Opens the scheduler in a new tab; tells the visitor, with a link, when the browser blocks it.
 * `onShown` runs once the scheduler is open (at once, or when the visitor presses the link).
 */
function openInNewTab(url: string, reason: "no-widget" | "direct", onShown: () => void) {
  const opened = window.open(url, "_blank");
  if (opened) {
    opened.opener = null;
    onShown();
    if (reason === "no-widget") {
      toast.info("The scheduler could not load on this page", { description: "We opened it in a new tab so you can pick a time." });
    }
    return;
  }
  toast.warning("Pick a time for your call", {
    description: "Your browser blocked the scheduler window. Use the button to open it.",
    duration: 30_000,
    action: {
      label: "Open scheduler",
      onClick: () => {
        window.open(url, "_blank", "noopener");
        onShown();
      },
    },
  });
}

/**
 * Opens the 30-minute scheduler prefilled, SCHEDULER_DELAY_MS after a successful submission:
 * Calendly's popup when its widget loads, otherwise the prefilled page in a new tab. With the
 * lead's reference (booking and enterprise requests), the link carries it and the page reports
 * the scheduler shown and, from the popup, the meeting booked (docs/decisions/0702).
 */
export function openSchedulerSoon(baseUrl: string, prefill: SchedulerPrefill, reference: string | null = null): void {
  window.setTimeout(() => {
    let url: string;
    try {
      url = prefilledSchedulerUrl(baseUrl, prefill, reference);
    } catch {
      toast.error("The scheduler link is not configured", { description: "We'll contact you to schedule your call." });
      return;
    }
    const shown = () => {
      collect("scheduler_shown");
      if (reference) reportLeadEvent({ reference, event: "scheduler_shown" });
    };
    if (!isCalendly(url)) return openInNewTab(url, "direct", shown);
    loadWidget()
      .then((calendly) => {
        listenForScheduledEvent(prefill, reference);
        calendly.initPopupWidget({ url });
        shown();
      })
      .catch(() => openInNewTab(url, "no-widget", shown));
  }, SCHEDULER_DELAY_MS);
}
