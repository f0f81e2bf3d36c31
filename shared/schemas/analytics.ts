import "./zod-csp";
import { z } from "zod";
import { adminFilterDate, datesInOrder, datesInOrderError } from "./admin";
import { isSingleLineText, singleLineMessage } from "./lead-fields";

/**
 * First-party funnel analytics (docs/decisions/0801): what the page's collector sends to
 * POST /api/events, and the report's query. No cookies, no storage, no personal data: a visitor is
 * counted by a daily-rotating salted hash the server makes from the request (address and user
 * agent), never by anything the page sends.
 */

/**
 * The events a page sends. Submissions and booked meetings are counted by the server itself, from
 * the lead endpoints and the lead desk's booking outcome (they are facts there, not claims of the
 * page), so they are not in this list.
 */
export const collectedEventNames = ["page_view", "cta_click", "dialog_open", "form_start", "scheduler_shown", "demo_play"] as const;
export type CollectedEventName = (typeof collectedEventNames)[number];

/** Where a Book/consult button was pressed, which dialog opened, which form was started. */
export const analyticsDetails = [
  "navbar",
  "hero",
  "cta_strip",
  "pricing",
  "compare",
  "enterprise",
  "tab_bar",
  "booking",
  "enterprise_dialog",
  "enterprise_inline",
  "contact",
  "book_demo",
  /** A blog post's or list's own Book demo. */
  "article",
] as const;
export type AnalyticsDetail = (typeof analyticsDetails)[number];

const MAX_PATH = 300;
const MAX_REFERRER = 500;
const MAX_UTM = 100;

/** A site path as the page knows it: starts with one slash, no query or fragment. */
const sitePath = z
  .string()
  .max(MAX_PATH)
  .regex(/^\/(?!\/)[^?#\s]*$/, "Must be a site path");

/**
 * A campaign value from the page's URL: one line of visible text, by the lead fields' own rule
 * (docs/decisions/0101): no control, line-break or bidirectional character, no lone surrogate. It
 * becomes a row of the report and a cell of its CSV, where a bidi control would reorder what staff
 * read; an event holding one is refused (400 with this message).
 */
const utmValue = (label: string) => z.string().trim().refine(isSingleLineText, { error: singleLineMessage(label) }).max(MAX_UTM).optional();

/** One event, as POST /api/events takes it (JSON, or text/plain as sendBeacon sends a string). */
export const collectedEventSchema = z
  .object({
    name: z.enum(collectedEventNames),
    path: sitePath,
    /** page_view only: document.referrer (the server keeps its host only). */
    referrer: z.string().max(MAX_REFERRER).optional(),
    /** page_view only: the page URL's utm_source / utm_medium / utm_campaign. */
    utm: z.object({ source: utmValue("UTM source"), medium: utmValue("UTM medium"), campaign: utmValue("UTM campaign") }).strict().optional(),
    detail: z.enum(analyticsDetails).optional(),
  })
  .strict();
export type CollectedEvent = z.infer<typeof collectedEventSchema>;

/**
 * The landing page, and an event's page, of every path the site does not serve (a 404, a made-up
 * path): one row of the report, so invented paths cannot fill its landing table or the database.
 */
export const OTHER_PATH = "(other)";

/** The funnel's steps, in order: the contract of GET /api/admin/analytics. */
export const funnelSteps = ["visitors", "cta_clicks", "dialog_opens", "form_starts", "submissions", "meetings_booked"] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export const deviceClasses = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** The report's range (UTC days, both inclusive) and its optional row filter. */
export const analyticsQuerySchema = z
  .object({
    from: adminFilterDate,
    to: adminFilterDate,
    source: z.string().max(MAX_UTM).optional(),
    campaign: z.string().max(MAX_UTM).optional(),
    landing: z.string().max(MAX_PATH).optional(),
    device: z.enum(deviceClasses).optional(),
  })
  .refine(datesInOrder, datesInOrderError);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The Content view's query (docs/decisions/0801): a range only; the row filters are the funnel's. */
export const analyticsContentQuerySchema = z
  .object({ from: adminFilterDate, to: adminFilterDate })
  .refine(datesInOrder, datesInOrderError);
export type AnalyticsContentQuery = z.infer<typeof analyticsContentQuerySchema>;
