import type { AnalyticsDetail, CollectedEvent, CollectedEventName } from "@shared/schemas/analytics";
import { paths } from "@shared/site-routes";
import { getRuntimeConfig } from "~/lib/runtime-config";

/**
 * The page's side of first-party funnel analytics (docs/decisions/0801): page views, Book
 * and consult presses, dialog opens, the first input into each lead form, the scheduler shown and
 * demo plays, one POST /api/events each. No cookie, no storage, no identifier: the body names the
 * event, the page's path and, on a page view, the referrer's origin and the URL's UTM values.
 *
 * Nothing leaves before the page's load event and an idle moment after it: events wait in a queue
 * until then (or until the page is left). Nothing at all is collected when the visitor's browser
 * sends Global Privacy Control, or when the server does not say it counts events (its runtime
 * configuration's `collectEvents`): a request to an endpoint that is not there would answer 404,
 * which the browser logs as an error. Every failure is swallowed: counting never breaks a page.
 *
 * This module is part of every public page's start-up (the shared chunk): keep it small
 * (tests/unit/performance-build.test.ts holds it to 2 KB gzip).
 */

export const EVENTS_PATH = "/api/events";

/** The lead forms' marker: the form_start detail of the `<form>` it is on. */
export const FUNNEL_FORM_ATTRIBUTE = "data-funnel-form";

/**
 * Spread on a lead form's `<form>`: its first input in a page view counts as form_start with this
 * detail. An attribute in the prerendered HTML rather than a handler, so that typing into an
 * inline form whose code loads on intent still counts.
 */
export const funnelFormProps = (detail: AnalyticsDetail) => ({ [FUNNEL_FORM_ATTRIBUTE]: detail });

const MAX_PATH = 300;
const MAX_REFERRER = 500;
const MAX_UTM = 100;
/** The longest wait for an idle moment before sending anyway. */
const IDLE_TIMEOUT_MS = 2_000;

let queue: CollectedEvent[] = [];
/** The page view that opened this document has had its load event and an idle moment. */
let ready = false;
let flushing = false;
let listening = false;
/** The path of the last page view (null before the first). */
let viewed: string | null = null;
/** The current page is one that is counted (not a staff page). */
let counted = false;
/** Lead forms typed into during the current page view. */
let started = new Set<string>();

function enabled(): boolean {
  try {
    return (
      (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl !== true &&
      getRuntimeConfig().collectEvents === true
    );
  } catch {
    return false;
  }
}

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, IDLE_TIMEOUT_MS / 2);
}

/** One event, one request: a beacon (a string body, sent as text/plain), else fetch with keepalive. */
function send(event: CollectedEvent) {
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon(EVENTS_PATH, body)) return;
  } catch {
    // No beacons here, or it refused: fetch below.
  }
  try {
    fetch(EVENTS_PATH, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
  } catch {
    // Nothing to send it with: this event is not counted.
  }
}

function flush() {
  flushing = false;
  const events = queue;
  queue = [];
  events.forEach(send);
}

/** A site path the server accepts: one leading slash, at most MAX_PATH characters. */
const sitePath = () => location.pathname.replace(/^\/+/, "/").slice(0, MAX_PATH);

function onInput(event: Event) {
  const form = event.isTrusted ? (event.target as Element | null)?.closest?.(`[${FUNNEL_FORM_ATTRIBUTE}]`) : null;
  const detail = form?.getAttribute(FUNNEL_FORM_ATTRIBUTE);
  if (!detail || started.has(detail)) return;
  started.add(detail);
  collect("form_start", detail as AnalyticsDetail);
}

/** Starts listening on the first event of the document: the load event, leaving, lead form input. */
function listen() {
  listening = true;
  const afterLoad = () =>
    whenIdle(() => {
      ready = true;
      flush();
    });
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
  // Leaving before then: what was queued still goes (a beacon outlives the page).
  addEventListener("pagehide", flush);
  document.addEventListener("input", onInput, true);
}

function enqueue(event: CollectedEvent) {
  if (!enabled()) return;
  if (!listening) listen();
  queue.push(event);
  if (ready && !flushing) {
    flushing = true;
    whenIdle(flush);
  }
}

/** Counts an event of the current page. */
export function collect(name: Exclude<CollectedEventName, "page_view">, detail?: AnalyticsDetail): void {
  // A tap kept before hydration is replayed by the button's effect, which runs before the root's:
  // the page view goes first all the same, as the server takes the visit's source from it.
  if (viewed === null) collectPageView();
  if (counted) enqueue(detail ? { name, path: sitePath(), detail } : { name, path: sitePath() });
}

/**
 * Counts a view of the current location: call it on the document's first render and after each
 * client-side navigation. A view of the path already counted is not counted again (a re-render,
 * a link to the page it is on); staff pages are never counted.
 */
export function collectPageView(): void {
  const path = sitePath();
  if (path === viewed) return;
  const first = viewed === null;
  viewed = path;
  started = new Set();
  counted = path !== paths.admin && !path.startsWith(`${paths.admin}/`);
  if (!counted) return;
  const event: CollectedEvent = { name: "page_view", path };
  if (first) {
    const referrer = externalOrigin(document.referrer);
    if (referrer) event.referrer = referrer;
  }
  const params = new URLSearchParams(location.search);
  const utm: NonNullable<CollectedEvent["utm"]> = {};
  for (const key of ["source", "medium", "campaign"] as const) {
    const value = params.get(`utm_${key}`)?.trim().slice(0, MAX_UTM);
    if (value) utm[key] = value;
  }
  if (Object.keys(utm).length > 0) event.utm = utm;
  enqueue(event);
}

/** The referrer's scheme and host when it is another site: the server keeps only its host. */
function externalOrigin(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    return url.host && url.host !== location.host ? `${url.protocol}//${url.host}`.slice(0, MAX_REFERRER) : null;
  } catch {
    return null;
  }
}
