import { sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { isbot } from "isbot";
import type { CollectedEventName } from "@shared/schemas/analytics";
import { utcDay } from "@shared/utc-day";
import { HONEYPOT_FIELD } from "@shared/schemas/lead-meta";
import type { AppDeps, AppEnv } from "../app-env";
import type { Db } from "../db/client";
import { clientIp, rateLimitKeyOf } from "../http/client-ip";
import { sameOriginUrl } from "../http/origin-guard";
import { compiled, runCompiled } from "../platform/compiled-sql";
import { decide, memoryBuckets, type LimitSpec, type RateLimitDecision } from "../platform/rate-limiter";
import type { Logger } from "../logger";
import { deviceClassOf } from "./device-class";
import { DailySalts, visitorId } from "./visitor";
import { countedPath } from "./counted-path";
import { publishedPostTitles } from "./published-posts";
import { NewVisitorCap, OVER_CAP_AGENT } from "./visitor-cap";

/** What the page sends, and the two steps the server counts itself (docs/decisions/0801). */
export type FunnelStepName = "submission" | "meeting_booked";
export type StoredEventName = CollectedEventName | FunnelStepName;

/**
 * An accepted event waiting in memory to be written: the address and user agent are only ever
 * hashed (at write time, with the salt of the day the event arrived on), never stored.
 */
export type PendingEvent = {
  at: number;
  ip: string;
  userAgent: string;
  name: StoredEventName;
  path: string | null;
  detail: string | null;
  /** page_view only. */
  referrer: string | null;
  utm: { source?: string; medium?: string; campaign?: string } | null;
};

/** Events held in memory at most (about 10 MB with long user agents); past it, events are dropped. */
export const MAX_BUFFERED_EVENTS = 20_000;
/** Written at least this often… */
const FLUSH_EVERY_MS = 1000;
/** …or as soon as this many wait. */
const FLUSH_AT_EVENTS = 500;
/**
 * Rows per statement; a batch being written is out of the buffer, so at most this many more are
 * held. Small enough that building one (hashes, arrays) and, on the embedded database, running it
 * holds the event loop for a few milliseconds, not the 40-60 ms of 2,000 (docs/decisions/0801).
 */
export const BATCH_MAX = 500;

/** Events one address may send per minute; more answer 429. */
export const EVENTS_PER_MINUTE = 120;

/**
 * The per-address limit on POST /api/events, counted in this process's memory
 * (docs/decisions/0801). It keeps one address from flooding the buffer or the counts; it is not a
 * security boundary, so N instances allowing N times the rate is fine, and a database counter
 * would be the round trip per event that ingest must not make.
 */
export const eventLimit = (address: string): LimitSpec => ({ key: address, max: EVENTS_PER_MINUTE, windowSeconds: 60 });

/** The host of an external referrer ("www." dropped, so both spellings are one row), else "". */
export function externalReferrerHost(referrer: string | null, siteHost: string): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "";
    const host = url.hostname.replace(/^www\./, "");
    return host === "" || host === siteHost ? "" : host.slice(0, 253);
  } catch {
    return "";
  }
}

/** One visitor-day as a batch adds to it. */
type VisitRow = {
  day: string;
  visitor: string;
  firstAt: number;
  attributedBy: StoredEventName;
  entryPath: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: string;
  ctaClick: boolean;
  dialogOpen: boolean;
  formStart: boolean;
  submitted: boolean;
  meetingBooked: boolean;
  pageviews: number;
  demoPlays: number;
};

const p = (name: string) => sql.placeholder(name);

/**
 * One statement per batch: every event row (one multi-row insert from arrays) and every
 * visitor-day it touches (one upsert): flags only ever turn on, counts add up, and the
 * attribution stays what the day's first write set. Arrays keep the statement's text the same
 * whatever the batch's size, so it is built and planned once (compiled-sql.ts).
 */
function flushSql(): SQL {
  return sql`with stored_events as (
    insert into analytics_events (day, at, visitor, name, path, detail)
    select * from unnest(${p("eDay")}::date[], ${p("eAt")}::timestamptz[], ${p("eVisitor")}::uuid[], ${p("eName")}::text[], ${p("ePath")}::text[], ${p("eDetail")}::text[])
  )
  insert into analytics_visits as v (day, visitor, first_at, entry_path, referrer_host, utm_source, utm_medium, utm_campaign, device,
                                     cta_click, dialog_open, form_start, submitted, meeting_booked, pageviews, demo_plays)
  select * from unnest(${p("vDay")}::date[], ${p("vVisitor")}::uuid[], ${p("vFirstAt")}::timestamptz[], ${p("vEntryPath")}::text[],
                       ${p("vReferrerHost")}::text[], ${p("vUtmSource")}::text[], ${p("vUtmMedium")}::text[], ${p("vUtmCampaign")}::text[],
                       ${p("vDevice")}::text[], ${p("vCta")}::boolean[], ${p("vDialog")}::boolean[], ${p("vForm")}::boolean[],
                       ${p("vSubmitted")}::boolean[], ${p("vMeeting")}::boolean[], ${p("vPageviews")}::int[], ${p("vDemoPlays")}::int[])
  on conflict (day, visitor) do update set
    cta_click = v.cta_click or excluded.cta_click,
    dialog_open = v.dialog_open or excluded.dialog_open,
    form_start = v.form_start or excluded.form_start,
    submitted = v.submitted or excluded.submitted,
    meeting_booked = v.meeting_booked or excluded.meeting_booked,
    pageviews = v.pageviews + excluded.pageviews,
    demo_plays = v.demo_plays + excluded.demo_plays`;
}

/** `overCap`: events stored for an address's overflow visitor (past its daily cap of new visitors). */
export type FlushStats = { stored: number; droppedFull: number; droppedClosed: number; failed: number; overCap: number };

/**
 * The in-process buffer behind POST /api/events and the server's own funnel steps
 * (docs/decisions/0801): `push` never waits on the database; a drain writes what waits in batches
 * every second, or at once when FLUSH_AT_EVENTS wait. A full buffer drops the event, a batch the
 * database refuses is dropped: both are counted and logged, without addresses. Events still
 * waiting when the process dies are lost: this is counting, not a lead.
 */
export class AnalyticsIngest {
  /** Counts eventLimit() in memory, on this ingest's clock. */
  /** The per-address event limit, counted in memory; refusals are not remembered (nothing asks). */
  readonly limiter: { hit(spec: LimitSpec): RateLimitDecision };
  private readonly cap: NewVisitorCap;
  private readonly salts: DailySalts;
  private readonly siteHost: string;
  private queue: PendingEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private stopped = false;
  /** Since the last log line. */
  private stats: FlushStats = { stored: 0, droppedFull: 0, droppedClosed: 0, failed: 0, overCap: 0 };

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    publicUrl: string,
    /** The clock events are dated by (tests pass their own). */
    readonly now: () => number = Date.now,
    /** How often the buffer is written; null: only by flush() and a full batch (tests that drive time). */
    private readonly flushEveryMs: number | null = FLUSH_EVERY_MS,
    /** New visitors an address may bring per UTC day (ANALYTICS_VISITORS_PER_ADDRESS). */
    visitorsPerAddress?: number,
    /** The published posts' paths when a batch is written: counted as pages of their own (docs/decisions/0801). */
    private readonly postPaths: () => { has(path: string): boolean } = () => new Set(),
  ) {
    const buckets = memoryBuckets(now);
    this.limiter = { hit: (spec) => decide(spec, buckets.count(spec)) };
    this.cap = new NewVisitorCap(visitorsPerAddress);
    this.salts = new DailySalts(db);
    this.siteHost = new URL(publicUrl).hostname.replace(/^www\./, "");
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Queues one event, dated now. False when it was dropped (buffer full, or stopping). */
  push(event: Omit<PendingEvent, "at">): boolean {
    if (this.stopped || this.queue.length >= MAX_BUFFERED_EVENTS) {
      this.stats.droppedFull++;
      return false;
    }
    this.queue.push({ ...event, at: this.now() });
    if (!this.timer && this.flushEveryMs !== null) this.timer = setInterval(() => void this.flush(), this.flushEveryMs).unref();
    if (this.queue.length >= FLUSH_AT_EVENTS && !this.draining) void this.flush();
    return true;
  }

  /** Writes everything waiting (also what arrives meanwhile); one drain at a time. Never rejects. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Stops accepting, writes what waits (the server calls it before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_MAX);
      try {
        await this.write(batch);
      } catch (error) {
        this.stats.failed += batch.length;
        this.logger.error({ err: error, events: batch.length }, "analytics: writing a batch of events failed; the batch is dropped");
      }
      // Requests waiting meanwhile are answered between two batches (the embedded database runs
      // each statement on this thread).
      if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.report();
  }

  private report() {
    const { stored, droppedFull, droppedClosed, failed, overCap } = this.stats;
    if (stored + droppedFull + droppedClosed + failed === 0) return;
    this.stats = { stored: 0, droppedFull: 0, droppedClosed: 0, failed: 0, overCap: 0 };
    const fields = { stored, droppedFull, droppedClosed, failed, overCap };
    if (droppedFull + droppedClosed + failed > 0) {
      this.logger.warn(fields, "analytics events dropped: the buffer was full, their day had closed, or the database refused a batch");
    } else {
      this.logger.debug(fields, "analytics events stored");
    }
  }

  private async write(batch: PendingEvent[]): Promise<void> {
    const now = this.now();
    const salts = new Map<string, Buffer | null>();
    for (const event of batch) {
      const day = utcDay(event.at);
      if (!salts.has(day)) salts.set(day, await this.salts.get(day, now));
    }
    const ids = new Map<string, string>();
    const overflow = new Set<string>();
    const devices = new Map<string, string>();
    const events = { eDay: [] as string[], eAt: [] as string[], eVisitor: [] as string[], eName: [] as string[], ePath: [] as (string | null)[], eDetail: [] as (string | null)[] };
    const visits = new Map<string, VisitRow>();
    let closed = 0;
    const posts = this.postPaths();

    for (const event of batch) {
      const day = utcDay(event.at);
      const salt = salts.get(day);
      if (!salt) {
        closed++;
        continue;
      }
      const who = `${day}\n${event.ip}\n${event.userAgent}`;
      let visitor = ids.get(who);
      if (!visitor) {
        visitor = visitorId(salt, event.ip, event.userAgent);
        const address = rateLimitKeyOf(event.ip);
        if (!this.cap.admits(day, address, visitor, now)) overflow.add((visitor = visitorId(salt, address, OVER_CAP_AGENT)));
        ids.set(who, visitor);
      }
      if (overflow.has(visitor)) this.stats.overCap++;
      const path = countedPath(event.path, posts);
      let device = devices.get(event.userAgent);
      if (!device) devices.set(event.userAgent, (device = deviceClassOf(event.userAgent)));

      events.eDay.push(day);
      events.eAt.push(new Date(event.at).toISOString());
      events.eVisitor.push(visitor);
      events.eName.push(event.name);
      events.ePath.push(path);
      events.eDetail.push(event.detail);

      const key = `${day} ${visitor}`;
      let visit = visits.get(key);
      // The attribution of the visitor-day's first event in the batch; a page view that arrived
      // a moment after another event of the same page (beacons race) still brings its referrer
      // and campaign.
      const attributes = !visit || (event.name === "page_view" && visit.attributedBy !== "page_view");
      if (!visit) {
        visit = {
          day,
          visitor,
          firstAt: event.at,
          attributedBy: event.name,
          entryPath: "",
          referrerHost: "",
          utmSource: "",
          utmMedium: "",
          utmCampaign: "",
          device,
          ctaClick: false,
          dialogOpen: false,
          formStart: false,
          submitted: false,
          meetingBooked: false,
          pageviews: 0,
          demoPlays: 0,
        };
        visits.set(key, visit);
      }
      if (attributes) {
        visit.attributedBy = event.name;
        visit.entryPath = path ?? "";
        visit.referrerHost = event.name === "page_view" ? externalReferrerHost(event.referrer, this.siteHost) : "";
        visit.utmSource = (event.name === "page_view" && event.utm?.source) || "";
        visit.utmMedium = (event.name === "page_view" && event.utm?.medium) || "";
        visit.utmCampaign = (event.name === "page_view" && event.utm?.campaign) || "";
      }
      switch (event.name) {
        case "page_view":
          visit.pageviews++;
          break;
        case "demo_play":
          visit.demoPlays++;
          break;
        case "cta_click":
          visit.ctaClick = true;
          break;
        case "dialog_open":
          visit.dialogOpen = true;
          break;
        case "form_start":
          visit.formStart = true;
          break;
        case "submission":
          visit.submitted = true;
          break;
        case "meeting_booked":
          visit.meetingBooked = true;
          break;
        case "scheduler_shown":
          break;
      }
    }

    this.stats.droppedClosed += closed;
    if (events.eDay.length === 0) return;
    // One order for every writer, so two instances upserting the same visitor-days never deadlock.
    const rows = [...visits.values()].sort((a, b) => (a.day === b.day ? (a.visitor < b.visitor ? -1 : 1) : a.day < b.day ? -1 : 1));
    await runCompiled(this.db, compiled("analytics-flush", flushSql), {
      ...events,
      vDay: rows.map((r) => r.day),
      vVisitor: rows.map((r) => r.visitor),
      vFirstAt: rows.map((r) => new Date(r.firstAt).toISOString()),
      vEntryPath: rows.map((r) => r.entryPath),
      vReferrerHost: rows.map((r) => r.referrerHost),
      vUtmSource: rows.map((r) => r.utmSource),
      vUtmMedium: rows.map((r) => r.utmMedium),
      vUtmCampaign: rows.map((r) => r.utmCampaign),
      vDevice: rows.map((r) => r.device),
      vCta: rows.map((r) => r.ctaClick),
      vDialog: rows.map((r) => r.dialogOpen),
      vForm: rows.map((r) => r.formStart),
      vSubmitted: rows.map((r) => r.submitted),
      vMeeting: rows.map((r) => r.meetingBooked),
      vPageviews: rows.map((r) => r.pageviews),
      vDemoPlays: rows.map((r) => r.demoPlays),
    });
    this.stats.stored += events.eDay.length;
  }
}

/** One buffer per app (one per process in production); tests build several apps in one process. */
const instances = new WeakMap<AppDeps, AnalyticsIngest>();

/** The app's analytics buffer, made on first use (with `options` then: tests pass their clock). */
export function analyticsFor(deps: AppDeps, options: { now?: () => number; flushEveryMs?: number | null } = {}): AnalyticsIngest {
  let ingest = instances.get(deps);
  if (!ingest) {
    const { visitorsPerAddress } = deps.config.analytics;
    ingest = new AnalyticsIngest(deps.database.db, deps.logger, deps.config.publicUrl, options.now, options.flushEveryMs, visitorsPerAddress, () =>
      publishedPostTitles(deps.siteContent),
    );
    instances.set(deps, ingest);
  }
  return ingest;
}

/** Writes what waits and stops the buffer, if the app has one (server shutdown, before the database closes). */
export async function stopAnalytics(deps: AppDeps): Promise<void> {
  await instances.get(deps)?.stop();
}

/** What a request says about its sender that decides whether it is counted at all. */
export function uncountedRequest(c: Context): "gpc" | "bot" | null {
  if (c.req.header("sec-gpc")?.trim() === "1") return "gpc";
  const userAgent = c.req.header("user-agent");
  // A browser always sends one; a request without is a script.
  if (!userAgent || isbot(userAgent)) return "bot";
  return null;
}

/** The site path of a same-origin Referer (the page a request came from), else null. */
function refererPath(c: Context, publicUrl: string): string | null {
  return sameOriginUrl(c.req.header("referer"), publicUrl)?.pathname.slice(0, 300) ?? null;
}

/**
 * Counts a funnel step the server knows for a fact (a stored lead, a booked meeting) for the
 * visitor of this request: the same hash as its page's events, so it joins their visit
 * (docs/decisions/0801). Not for bots, not with Global Privacy Control, not for a filled honeypot
 * (answered as stored, but nothing was; server/leads/lead-requests.ts). Never throws and never
 * waits: counting must not touch a lead's answer.
 */
export function countFunnelStep(c: Context<AppEnv>, step: FunnelStepName, leadBody?: Record<string, unknown>): void {
  try {
    const deps = c.get("deps");
    if (!deps.config.analytics.enabled || uncountedRequest(c)) return;
    const honeypot = leadBody?.[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== null && honeypot !== "") return;
    const path = refererPath(c, deps.config.publicUrl) ?? (c.req.path.startsWith("/api/") ? null : c.req.path);
    analyticsFor(deps).push({
      ip: clientIp(c, deps.config.trustProxyHeader),
      userAgent: c.req.header("user-agent")!,
      name: step,
      path,
      detail: null,
      referrer: null,
      utm: null,
    });
  } catch (error) {
    c.get("deps").logger.error({ err: error }, "analytics: counting a funnel step failed");
  }
}
