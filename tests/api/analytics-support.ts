import { sql } from "drizzle-orm";
import { analyticsFor, type AnalyticsIngest } from "../../server/analytics/ingest";
import { expect } from "vitest";
import type { AnalyticsReport } from "@shared/api/analytics-api";
import { createTestApp, type TestApp } from "../support/test-app";
import type { Logger } from "../../server/logger";

/*
 * Shared by the analytics tests (docs/decisions/0801): an app whose analytics clock the test
 * drives, events sent as the page's collector sends them, and the tables read back.
 */

export const PUBLIC_URL = "http://localhost:3000";

export const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
export const TABLET_UA =
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
export const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export type AnalyticsTestApp = TestApp & {
  ingest: AnalyticsIngest;
  /** The analytics clock (ms since the epoch): set it to move time. */
  clock: { now: number };
};

/** An app on a fresh database, addresses from X-Forwarded-For, its analytics clock at `start`. */
export async function createAnalyticsApp(start: string, env: Record<string, string> = {}, extra: Parameters<typeof createTestApp>[1] = {}, options: Parameters<typeof createTestApp>[2] = {}): Promise<AnalyticsTestApp> {
  const t = await createTestApp({ TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "1000", ...env }, extra, options);
  const clock = { now: Date.parse(start) };
  // Written only when the test says (flush), so that moving the clock between two lines is exact.
  const ingest = analyticsFor(t.deps, { now: () => clock.now, flushEveryMs: null });
  return { ...t, ingest, clock };
}

let ipCounter = 0;
/** A fresh client address per call, so limits and visitors never link two tests. */
export const freshIp = () => `203.0.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

export type Sender = { ip: string; ua: string };

/** POST /api/events as navigator.sendBeacon sends it (a JSON string as text/plain) unless told otherwise. */
export function sendEvent(
  t: TestApp,
  event: unknown,
  from: Sender,
  options: { contentType?: string | null; headers?: Record<string, string> } = {},
) {
  const contentType = options.contentType === undefined ? "text/plain;charset=UTF-8" : options.contentType;
  return t.app.request("/api/events", {
    method: "POST",
    headers: {
      ...(contentType === null ? {} : { "content-type": contentType }),
      origin: PUBLIC_URL,
      "x-forwarded-for": from.ip,
      "user-agent": from.ua,
      ...options.headers,
    },
    body: typeof event === "string" ? event : event instanceof Uint8Array ? new Blob([event as Uint8Array<ArrayBuffer>]) : JSON.stringify(event),
  });
}

/** Sends events in order, a millisecond apart, each answered 202, then writes the buffer. */
export async function track(t: AnalyticsTestApp, from: Sender, events: unknown[]) {
  for (const event of events) {
    const res = await sendEvent(t, event, from);
    if (res.status !== 202) throw new Error(`event answered ${res.status}: ${await res.text()}`);
    t.clock.now += 1;
  }
  await t.ingest.flush();
}

export type VisitRow = {
  day: string;
  visitor: string;
  entry_path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  cta_click: boolean;
  dialog_open: boolean;
  form_start: boolean;
  submitted: boolean;
  meeting_booked: boolean;
  pageviews: number;
  demo_plays: number;
};

export async function visits(t: TestApp): Promise<VisitRow[]> {
  const { rows } = await t.database.db.execute<VisitRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, visitor::text as visitor, entry_path, referrer_host, utm_source, utm_medium, utm_campaign, device,
           cta_click, dialog_open, form_start, submitted, meeting_booked, pageviews, demo_plays
      from analytics_visits order by day, first_at, visitor`);
  return rows;
}

export type EventRow = { day: string; visitor: string; name: string; path: string | null; detail: string | null };

export async function events(t: TestApp): Promise<EventRow[]> {
  const { rows } = await t.database.db.execute<EventRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, visitor::text as visitor, name, path, detail from analytics_events order by at, name`);
  return rows;
}

export async function tableCounts(t: TestApp) {
  const { rows } = await t.database.db.execute<{ events: number; visits: number; salts: number; daily: number }>(sql`select
    (select count(*) from analytics_events)::int as events,
    (select count(*) from analytics_visits)::int as visits,
    (select count(*) from analytics_salts)::int as salts,
    (select count(*) from analytics_daily)::int as daily`);
  return rows[0]!;
}

/** Every analytics row as text: what must never contain an address or a user agent. */
export async function everythingStored(t: TestApp): Promise<string> {
  const { rows } = await t.database.db.execute(sql`select
    (select coalesce(json_agg(e), '[]'::json) from analytics_events e)::text ||
    (select coalesce(json_agg(v), '[]'::json) from analytics_visits v)::text ||
    (select coalesce(json_agg(d), '[]'::json) from analytics_daily d)::text as dump`);
  return String((rows[0] as { dump: string }).dump);
}

/** A logger that keeps what it was told, for checking log lines. */
export function recordingLogger() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message?: string) => {
      lines.push({ level, fields: typeof fields === "string" ? {} : fields, message: typeof fields === "string" ? fields : (message ?? "") });
    };
  const logger = { fatal: at("fatal"), error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug"), trace: at("trace"), child: () => logger } as unknown as Logger;
  return { logger, lines };
}

/** GET /api/admin/analytics with the query, signed in with `cookie`: a 200 and its report. */
export async function fetchReport(t: TestApp, cookie: string, query: Record<string, string>): Promise<AnalyticsReport> {
  const res = await t.app.request(`/api/admin/analytics?${new URLSearchParams(query)}`, { headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AnalyticsReport;
}
