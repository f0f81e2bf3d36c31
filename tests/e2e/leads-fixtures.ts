import type { BrowserContext, Page } from "@playwright/test";

/**
 * The third parties of the lead forms, played in the browser: Calendly's widget and scheduler
 * page, reCAPTCHA's script (its siteverify is played by global-setup.ts), tag and pixel scripts.
 * The leads server itself, its webhook receiver and a staff session to read what it stored come
 * from global-setup.ts and fixtures.ts.
 */
export { DEMO_SCHEDULER, ENTERPRISE_SCHEDULER } from "./servers";

/** Calendly's widget script, played locally: records each popup and opens the scheduler page in an iframe. */
const FAKE_CALENDLY_WIDGET = `
window.__calendlyPopups = [];
window.Calendly = {
  initPopupWidget: function (options) {
    window.__calendlyPopups.push({ url: options.url, at: Date.now() });
    var frame = document.createElement("iframe");
    frame.src = options.url;
    frame.setAttribute("data-testid", "calendly-popup");
    frame.title = "Scheduler";
    frame.style.cssText = "position:fixed;inset:10%;width:80%;height:80%;z-index:100;background:#fff";
    document.body.appendChild(frame);
  }
};`;

/**
 * The scheduler page, played locally: a button that posts Calendly's event_scheduled message, with
 * the booking's event and invitee URIs as Calendly's embed sends them (no start time).
 */
const FAKE_CALENDLY_PAGE = `<!doctype html><title>Scheduler</title>
<script>
function book() {
  var id = function () { return Date.now().toString(36) + Math.random().toString(36).slice(2, 10); };
  var event = "https://api.calendly.com/scheduled_events/" + id();
  parent.postMessage({ event: "calendly.event_scheduled", payload: { event: { uri: event }, invitee: { uri: event + "/invitees/" + id() } } }, "*");
}
</script>
<button onclick="book()">Confirm booking</button>`;

/** reCAPTCHA v3's api.js, played locally: tokens carry the action so the fake siteverify can echo it. */
const FAKE_RECAPTCHA = `
window.__recaptchaActions = [];
window.grecaptcha = {
  ready: function (cb) { setTimeout(cb, 0); },
  execute: function (key, options) {
    window.__recaptchaActions.push(options.action);
    return Promise.resolve("e2e-token-" + options.action + "-" + Math.random().toString(36).slice(2));
  }
};`;

export type ThirdParties = { calendly?: "ok" | "blocked"; recaptcha?: "ok" | "blocked" };

/**
 * Intercepts the third-party hosts the lead forms use. Any other off-site request fails, so a
 * test cannot depend on the internet by accident.
 */
export async function interceptThirdParties(context: BrowserContext, options: ThirdParties = {}) {
  const requests: string[] = [];
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, async (route) => {
    const url = route.request().url();
    requests.push(url);
    if (url.startsWith("https://assets.calendly.com/")) {
      if (options.calendly === "blocked") return route.abort("blockedbyclient");
      if (url.endsWith(".css")) return route.fulfill({ contentType: "text/css", body: "" });
      return route.fulfill({ contentType: "text/javascript", body: FAKE_CALENDLY_WIDGET });
    }
    if (url.startsWith("https://calendly.com/")) return route.fulfill({ contentType: "text/html", body: FAKE_CALENDLY_PAGE });
    if (url.startsWith("https://www.google.com/recaptcha/api.js")) {
      if (options.recaptcha === "blocked") return route.abort("blockedbyclient");
      return route.fulfill({ contentType: "text/javascript", body: FAKE_RECAPTCHA });
    }
    // Tag and pixel scripts: answered with nothing, so the page's own queues stay inspectable.
    if (/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//.test(url)) {
      return route.fulfill({ contentType: "text/javascript", body: "" });
    }
    return route.abort("blockedbyclient");
  });
  return requests;
}

/** The dataLayer events the page pushed. */
export async function dataLayerEvents(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (e): e is Record<string, unknown> => typeof e === "object" && e !== null && "event" in e,
    ),
  );
}

export const x = (n: number) => "x".repeat(n);
