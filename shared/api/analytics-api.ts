import type { DeviceClass, FunnelStep } from "../schemas/analytics";

/**
 * The contract of the funnel report (docs/decisions/0801). Scripts outside this repo read
 * `funnel`: the steps visitors, cta_clicks, dialog_opens, form_starts, submissions,
 * meetings_booked, in that order, each the number of visitors (one address + user agent per UTC
 * day) who took that step in the range.
 */

/** GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD[&source=&campaign=&landing=&device=] */
export type AnalyticsFunnelStep = { step: FunnelStep; count: number };

/** One row of a breakdown table: a source, a campaign, a landing page or a device class. */
export type AnalyticsRow = {
  /** The row's value ("(direct)" for no source, "(none)" for no campaign). */
  key: string;
  visitors: number;
  submissions: number;
  meetings: number;
  /** submissions / visitors, 0..1 (0 when no visitors). */
  conversion: number;
};

export type AnalyticsTotals = { visitors: number; pageviews: number; submissions: number; meetings: number };

export type AnalyticsReport = {
  range: { from: string; to: string; days: number };
  /** The same number of days just before `range`. */
  previousRange: { from: string; to: string };
  funnel: AnalyticsFunnelStep[];
  previousFunnel: AnalyticsFunnelStep[];
  totals: AnalyticsTotals;
  previousTotals: AnalyticsTotals;
  /** One entry per day of the range, oldest first, zeros included. */
  series: { day: string; visitors: number; submissions: number; meetings: number }[];
  bySource: AnalyticsRow[];
  byCampaign: AnalyticsRow[];
  byLanding: AnalyticsRow[];
  byDevice: (AnalyticsRow & { key: DeviceClass })[];
  /** demo_play events in the range. */
  demoPlays: number;
};

/**
 * One blog post's row of the Content view (docs/decisions/0801): in the range, the visitors who
 * viewed it and those who pressed a Book demo button on it (each once a UTC day, as the funnel
 * counts), and the leads whose visitor read it first in their tab.
 */
export type AnalyticsContentRow = {
  /** The post's path, /blog/<slug>. */
  path: string;
  /** Its title while it is published; null for a post no longer published (show the path). */
  title: string | null;
  visitors: number;
  bookDemoClicks: number;
  leads: number;
};

/** GET /api/admin/analytics/content?from=YYYY-MM-DD&to=YYYY-MM-DD */
export type AnalyticsContentReport = {
  range: { from: string; to: string; days: number };
  /**
   * Every published post (zeros included) and every post no longer published that has counts in
   * the range; the most visited first, then most leads, then most clicks, then by name. At most 100.
   */
  posts: AnalyticsContentRow[];
};
