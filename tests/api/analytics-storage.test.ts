import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DailySalts } from "../../server/analytics/visitor";
import { rollupDay, runAnalyticsHousekeeping } from "../../server/analytics/housekeeping";
import {
  DESKTOP_UA,
  PHONE_UA,
  TABLET_UA,
  createAnalyticsApp,
  events,
  freshIp,
  sendEvent,
  tableCounts,
  track,
  visits,
  type AnalyticsTestApp,
} from "./analytics-support";

/*
 * Who a visitor is, what their visit is attributed to, and what happens to the rows as days end
 * (docs/decisions/0801). The analytics clock is the test's: days pass without waiting.
 */

const salts = async (t: AnalyticsTestApp) =>
  (await t.database.db.execute<{ day: string }>(sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_salts order by day`)).rows.map((r) => r.day);

describe("the daily visitor hash and its salt", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-04-01T09:00:00Z");
  });
  afterAll(() => t?.close());

  it("is one visitor for one address and user agent all day; another address or browser is another visitor", async () => {
    const ip = freshIp();
    await track(t, { ip, ua: PHONE_UA }, [{ name: "page_view", path: "/" }]);
    t.clock.now += 6 * 3600_000;
    await track(t, { ip, ua: PHONE_UA }, [{ name: "page_view", path: "/pricing" }, { name: "cta_click", path: "/pricing", detail: "pricing" }]);
    await track(t, { ip, ua: DESKTOP_UA }, [{ name: "page_view", path: "/" }]);
    await track(t, { ip: freshIp(), ua: PHONE_UA }, [{ name: "page_view", path: "/" }]);
    const rows = await events(t);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.slice(0, 3).map((r) => r.visitor)).size).toBe(1);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(3);
    const [first] = await visits(t);
    expect(first).toMatchObject({ visitor: rows[0]!.visitor, pageviews: 2, cta_click: true, entry_path: "/" });
  });

  it("is another visitor the next day, under a new salt; the day's salt is created once and kept through the grace hour", async () => {
    const from = { ip: freshIp(), ua: TABLET_UA };
    t.clock.now = Date.parse("2025-04-01T23:30:00Z");
    await track(t, from, [{ name: "page_view", path: "/" }]);
    t.clock.now = Date.parse("2025-04-02T00:30:00Z");
    await track(t, from, [{ name: "page_view", path: "/" }]);
    const mine = (await events(t)).slice(-2);
    expect(mine.map((r) => r.day)).toEqual(["2025-04-01", "2025-04-02"]);
    expect(mine[0]!.visitor).not.toBe(mine[1]!.visitor);
    expect(await salts(t)).toEqual(["2025-04-01", "2025-04-02"]);

    // 00:30: yesterday's events may still arrive, so its salt stays.
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, t.clock.now);
    expect(await salts(t)).toEqual(["2025-04-01", "2025-04-02"]);
    // 01:00: yesterday is over for good; its salt is deleted and its visitor ids can no longer be recomputed.
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-04-02T01:00:00Z"));
    expect(await salts(t)).toEqual(["2025-04-02"]);
  });

  it("writes an event buffered at midnight under the day it arrived, during the grace hour; after it, drops it rather than make a salt again", async () => {
    const from = { ip: freshIp(), ua: DESKTOP_UA };
    t.clock.now = Date.parse("2025-04-02T23:59:59.500Z");
    expect((await sendEvent(t, { name: "page_view", path: "/careers" }, from)).status).toBe(202);
    t.clock.now = Date.parse("2025-04-03T00:00:01Z");
    await t.ingest.flush();
    expect((await events(t)).filter((e) => e.path === "/careers").map((e) => e.day)).toEqual(["2025-04-02"]);

    t.clock.now = Date.parse("2025-04-03T23:59:59.900Z");
    expect((await sendEvent(t, { name: "page_view", path: "/faq" }, from)).status).toBe(202);
    t.clock.now = Date.parse("2025-04-04T01:00:00Z");
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, t.clock.now);
    await t.ingest.flush();
    expect((await events(t)).filter((e) => e.path === "/faq")).toEqual([]);
    expect(await salts(t)).not.toContain("2025-04-03");
  });

  it("gives two instances racing for a new day's salt the same salt", async () => {
    const a = new DailySalts(t.database.db);
    const b = new DailySalts(t.database.db);
    const now = Date.parse("2025-04-05T00:00:00Z");
    const [saltA, saltB] = await Promise.all([a.get("2025-04-05", now), b.get("2025-04-05", now)]);
    expect(saltA).toHaveLength(32);
    expect(saltA!.equals(saltB!)).toBe(true);
    // A closed day gets no salt at all.
    expect(await a.get("2025-04-03", now)).toBeNull();
  });
});

describe("a visit's attribution", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-05-01T10:00:00Z");
  });
  afterAll(() => t?.close());

  const lastVisit = async () => (await visits(t)).at(-1)!;

  it("is set by the day's first event: entry page, external referrer host, campaign and device; later page views change none of it", async () => {
    const from = { ip: freshIp(), ua: PHONE_UA };
    await track(t, from, [
      { name: "page_view", path: "/compare", referrer: "https://www.linkedin.com/feed/", utm: { source: "linkedin", medium: "paid-social", campaign: "q2" } },
    ]);
    await track(t, from, [
      { name: "page_view", path: "/pricing", referrer: "https://news.ycombinator.com/", utm: { source: "hn", campaign: "other" } },
      { name: "dialog_open", path: "/pricing", detail: "booking" },
      { name: "form_start", path: "/pricing", detail: "booking" },
      { name: "demo_play", path: "/pricing" },
    ]);
    expect(await lastVisit()).toMatchObject({
      entry_path: "/compare",
      referrer_host: "linkedin.com",
      utm_source: "linkedin",
      utm_medium: "paid-social",
      utm_campaign: "q2",
      device: "phone",
      pageviews: 2,
      demo_plays: 1,
      cta_click: false,
      dialog_open: true,
      form_start: true,
    });
  });

  it("takes a page view's campaign when a click of the same page reached the server a moment before it (same batch)", async () => {
    const from = { ip: freshIp(), ua: DESKTOP_UA };
    await track(t, from, [
      { name: "cta_click", path: "/", detail: "hero" },
      { name: "page_view", path: "/", utm: { source: "newsletter", medium: "email", campaign: "may" } },
    ]);
    expect(await lastVisit()).toMatchObject({ entry_path: "/", utm_source: "newsletter", utm_campaign: "may", cta_click: true, pageviews: 1 });
  });

  it("keeps only an external referrer's host, without www.; the site's own pages and other schemes are no referrer", async () => {
    const cases: [string, string][] = [
      ["https://www.google.com/search?q=ai+receptionist", "google.com"],
      ["http://duckduckgo.com/", "duckduckgo.com"],
      ["http://localhost:3000/pricing", ""],
      ["android-app://com.google.android.gm/", ""],
      ["not a url", ""],
    ];
    for (const [referrer, host] of cases) {
      await track(t, { ip: freshIp(), ua: DESKTOP_UA }, [{ name: "page_view", path: "/", referrer }]);
      expect((await lastVisit()).referrer_host, referrer).toBe(host);
    }
  });

  it("ignores a referrer or campaign sent with anything but a page view", async () => {
    await track(t, { ip: freshIp(), ua: DESKTOP_UA }, [{ name: "cta_click", path: "/", detail: "navbar", referrer: "https://google.com/", utm: { source: "x" } }]);
    expect(await lastVisit()).toMatchObject({ referrer_host: "", utm_source: "", entry_path: "/", cta_click: true, pageviews: 0 });
  });
});

describe("rollups and retention", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-06-01T12:00:00Z", { ANALYTICS_RETENTION_DAYS: "3" });
  });
  afterAll(() => t?.close());

  const daily = async () =>
    (
      await t.database.db.execute<{ day: string; entry_path: string; utm_source: string; device: string; visitors: number; cta_clicks: number; pageviews: number }>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, entry_path, utm_source, device, visitors, cta_clicks, pageviews
          from analytics_daily order by day, entry_path, utm_source, device`)
    ).rows;
  const rolledDays = async () =>
    (await t.database.db.execute<{ day: string }>(sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_rollup_days order by day`)).rows.map((r) => r.day);

  it("rolls a day up once it is over (grace included), per attribution; rolling it up again replaces it", async () => {
    await track(t, { ip: freshIp(), ua: PHONE_UA }, [{ name: "page_view", path: "/", utm: { source: "google" } }, { name: "cta_click", path: "/", detail: "hero" }]);
    await track(t, { ip: freshIp(), ua: PHONE_UA }, [{ name: "page_view", path: "/", utm: { source: "google" } }, { name: "page_view", path: "/pricing" }]);
    await track(t, { ip: freshIp(), ua: DESKTOP_UA }, [{ name: "page_view", path: "/pricing" }]);

    // Still 1 June (and then within its grace hour): nothing rolled up.
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-06-02T00:59:00Z"));
    expect(await rolledDays()).not.toContain("2025-06-01");

    const result = await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-06-02T01:00:00Z"));
    expect(result.rolledUp).toContain("2025-06-01");
    const expected = [
      { day: "2025-06-01", entry_path: "/", utm_source: "google", device: "phone", visitors: 2, cta_clicks: 1, pageviews: 3 },
      { day: "2025-06-01", entry_path: "/pricing", utm_source: "", device: "desktop", visitors: 1, cta_clicks: 0, pageviews: 1 },
    ];
    expect(await daily()).toEqual(expected);

    // Again by hand, and by another round: the same rows, not twice as many.
    await rollupDay(t.database.db, "2025-06-01");
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-06-02T02:00:00Z"));
    expect(await daily()).toEqual(expected);
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_daily_breakdowns where day = '2025-06-01'`);
    const breakdownsOnce = rows[0]!.n;
    await rollupDay(t.database.db, "2025-06-01");
    const again = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_daily_breakdowns where day = '2025-06-01'`);
    expect(again.rows[0]!.n).toBe(breakdownsOnce);
  });

  it(`deletes raw events and visitor-days older than ANALYTICS_RETENTION_DAYS; the rollups stay`, async () => {
    t.clock.now = Date.parse("2025-06-03T12:00:00Z");
    await track(t, { ip: freshIp(), ua: DESKTOP_UA }, [{ name: "page_view", path: "/about" }]);
    const before = await tableCounts(t);
    expect(before.events).toBe(6);

    // 4 June: 1 June is still within 3 days.
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-06-04T12:00:00Z"));
    expect((await tableCounts(t)).events).toBe(6);
    // 5 June: 1 June is more than 3 days old.
    const result = await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-06-05T12:00:00Z"));
    expect(result).toMatchObject({ deletedEvents: 5, deletedVisits: 3 });
    expect((await events(t)).map((e) => e.path)).toEqual(["/about"]);
    expect((await visits(t)).map((v) => v.day)).toEqual(["2025-06-03"]);
    expect((await daily()).filter((r) => r.day === "2025-06-01")).toHaveLength(2);
    // Every closed day within retention has been rolled up on the way, the empty 2 June too.
    expect(await rolledDays()).toEqual(expect.arrayContaining(["2025-06-01", "2025-06-02", "2025-06-03"]));
  });

  it("rolls up a day that passed its retention before any housekeeping ran, before deleting its rows", async () => {
    t.clock.now = Date.parse("2025-06-10T12:00:00Z");
    await track(t, { ip: freshIp(), ua: TABLET_UA }, [{ name: "page_view", path: "/enterprise" }]);
    // The server was down for ten days: the first round after it is past 10 June's retention.
    const result = await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-06-20T12:00:00Z"));
    expect(result.rolledUp).toContain("2025-06-10");
    expect(result.deletedVisits).toBeGreaterThanOrEqual(1);
    expect((await daily()).filter((r) => r.day === "2025-06-10")).toEqual([
      { day: "2025-06-10", entry_path: "/enterprise", utm_source: "", device: "tablet", visitors: 1, cta_clicks: 0, pageviews: 1 },
    ]);
  });
});
