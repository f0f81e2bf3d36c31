import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnalyticsHousekeeping } from "../../server/analytics/housekeeping";
import { createStaff, signedInCookie } from "../support/admin-fixtures";
import { DESKTOP_UA, PHONE_UA, PUBLIC_URL, TABLET_UA, createAnalyticsApp, everythingStored, fetchReport, track, type AnalyticsTestApp, type Sender } from "./analytics-support";

/*
 * GET /api/admin/analytics and its CSV export (docs/decisions/0801), over a known set of
 * visits on three days: 1 and 2 July rolled up, 3 July (today) still live. Every number below is
 * counted by hand from the visits listed in beforeAll.
 */

const ip = (n: number) => `192.0.2.${n}`;
const v: Record<string, Sender> = {
  v1: { ip: ip(1), ua: PHONE_UA },
  v2: { ip: ip(2), ua: DESKTOP_UA },
  v3: { ip: ip(3), ua: PHONE_UA },
  v4: { ip: ip(4), ua: TABLET_UA },
  v5: { ip: ip(5), ua: DESKTOP_UA },
  v6: { ip: ip(6), ua: PHONE_UA },
  v7: { ip: ip(7), ua: DESKTOP_UA },
};
const google = { source: "google", medium: "cpc", campaign: "brand" };

/** The server's own steps, as the lead endpoints count them (tests/api/analytics-funnel-steps.test.ts does it for real). */
function serverStep(t: AnalyticsTestApp, from: Sender, name: "submission" | "meeting_booked", path: string) {
  t.ingest.push({ ip: from.ip, userAgent: from.ua, name, path, detail: null, referrer: null, utm: null });
}

describe("the funnel report", () => {
  let t: AnalyticsTestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createAnalyticsApp("2025-07-01T10:00:00Z", { BETTER_AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long" });
    const admin = await createStaff(t, "admin");
    cookie = await signedInCookie(t, admin.email, admin.password);

    // 1 July (the previous period of 2-3 July)
    await track(t, v.v1!, [{ name: "page_view", path: "/", utm: google }, { name: "cta_click", path: "/", detail: "hero" }, { name: "dialog_open", path: "/", detail: "booking" }, { name: "form_start", path: "/", detail: "booking" }]);
    serverStep(t, v.v1!, "submission", "/");
    await track(t, v.v2!, [{ name: "page_view", path: "/pricing", referrer: "https://www.bing.com/" }]);
    // 2 July
    t.clock.now = Date.parse("2025-07-02T10:00:00Z");
    await track(t, v.v3!, [{ name: "page_view", path: "/", utm: google }, { name: "cta_click", path: "/", detail: "hero" }, { name: "dialog_open", path: "/", detail: "booking" }, { name: "form_start", path: "/", detail: "booking" }]);
    serverStep(t, v.v3!, "submission", "/");
    serverStep(t, v.v3!, "meeting_booked", "/");
    await track(t, v.v4!, [{ name: "page_view", path: "/pricing" }, { name: "demo_play", path: "/pricing" }]);
    await track(t, v.v5!, [{ name: "page_view", path: "/", utm: { source: "newsletter", medium: "email", campaign: "may" } }, { name: "cta_click", path: "/", detail: "navbar" }]);
    // 3 July, today
    t.clock.now = Date.parse("2025-07-03T10:00:00Z");
    await track(t, v.v6!, [{ name: "page_view", path: "/", utm: google }, { name: "cta_click", path: "/", detail: "hero" }, { name: "dialog_open", path: "/", detail: "booking" }]);
    await track(t, v.v7!, [{ name: "page_view", path: "/enterprise" }, { name: "form_start", path: "/enterprise", detail: "enterprise_inline" }]);
    serverStep(t, v.v7!, "submission", "/enterprise");
    // v3 again: another day, another visitor.
    await track(t, v.v3!, [{ name: "page_view", path: "/pricing" }]);
    await t.ingest.flush();
  });
  afterAll(() => t?.close());

  const report = (query: Record<string, string>) => fetchReport(t, cookie, query);
  const range = { from: "2025-07-02", to: "2025-07-03" };
  const row = (key: string, visitors: number, submissions: number, meetings: number) => ({ key, visitors, submissions, meetings, conversion: visitors ? submissions / visitors : 0 });

  const expectedWhole = {
    range: { from: "2025-07-02", to: "2025-07-03", days: 2 },
    previousRange: { from: "2025-06-30", to: "2025-07-01" },
    funnel: [
      { step: "visitors", count: 6 },
      { step: "cta_clicks", count: 3 },
      { step: "dialog_opens", count: 2 },
      { step: "form_starts", count: 2 },
      { step: "submissions", count: 2 },
      { step: "meetings_booked", count: 1 },
    ],
    previousFunnel: [
      { step: "visitors", count: 2 },
      { step: "cta_clicks", count: 1 },
      { step: "dialog_opens", count: 1 },
      { step: "form_starts", count: 1 },
      { step: "submissions", count: 1 },
      { step: "meetings_booked", count: 0 },
    ],
    totals: { visitors: 6, pageviews: 6, submissions: 2, meetings: 1 },
    previousTotals: { visitors: 2, pageviews: 2, submissions: 1, meetings: 0 },
    series: [
      { day: "2025-07-02", visitors: 3, submissions: 1, meetings: 1 },
      { day: "2025-07-03", visitors: 3, submissions: 1, meetings: 0 },
    ],
    bySource: [row("(direct)", 3, 1, 0), row("google", 2, 1, 1), row("newsletter", 1, 0, 0)],
    byCampaign: [row("(none)", 3, 1, 0), row("brand", 2, 1, 1), row("may", 1, 0, 0)],
    byLanding: [row("/", 3, 1, 1), row("/pricing", 2, 0, 0), row("/enterprise", 1, 1, 0)],
    byDevice: [row("phone", 3, 1, 1), row("tablet", 1, 0, 0), row("desktop", 2, 1, 0)],
    demoPlays: 1,
  };

  it("counts each funnel step as the visitors who took it, with the previous period, the daily series and the four tables; the same live and rolled up", async () => {
    // Before any housekeeping every day is read live from the visitor-days…
    expect(await report(range)).toEqual(expectedWhole);
    // …and after it 1 and 2 July come from the rollups: the same numbers.
    const result = await runAnalyticsHousekeeping(t.database.db, t.config.analytics, t.clock.now);
    expect(result.rolledUp).toEqual(expect.arrayContaining(["2025-07-01", "2025-07-02"]));
    expect(await report(range)).toEqual(expectedWhole);
  });

  it("lists every day of the range, zeros included", async () => {
    const r = await report({ from: "2025-06-29", to: "2025-07-05" });
    expect(r.series.map((d) => [d.day, d.visitors])).toEqual([
      ["2025-06-29", 0],
      ["2025-06-30", 0],
      ["2025-07-01", 2],
      ["2025-07-02", 3],
      ["2025-07-03", 3],
      ["2025-07-04", 0],
      ["2025-07-05", 0],
    ]);
    expect(r.previousRange).toEqual({ from: "2025-06-22", to: "2025-06-28" });
    expect(r.previousFunnel[0]).toEqual({ step: "visitors", count: 0 });
    // bing.com referred v2 with no campaign: that is its source.
    expect(r.bySource.map((s) => s.key)).toContain("bing.com");
  });

  it("filters by one table row: a source, the direct visits, a landing page, a device", async () => {
    const bySource = await report({ ...range, source: "google" });
    expect(bySource.funnel.map((s) => s.count)).toEqual([2, 2, 2, 1, 1, 1]);
    expect(bySource.previousFunnel.map((s) => s.count)).toEqual([1, 1, 1, 1, 1, 0]);
    expect(bySource.series.map((d) => d.visitors)).toEqual([1, 1]);
    expect(bySource.bySource).toEqual([row("google", 2, 1, 1)]);
    expect(bySource.byLanding).toEqual([row("/", 2, 1, 1)]);
    expect(bySource.byDevice).toEqual([row("phone", 2, 1, 1), row("tablet", 0, 0, 0), row("desktop", 0, 0, 0)]);

    const direct = await report({ ...range, source: "(direct)" });
    expect(direct.totals).toEqual({ visitors: 3, pageviews: 3, submissions: 1, meetings: 0 });
    expect(direct.previousTotals.visitors).toBe(0);
    expect(direct.byLanding).toEqual([row("/pricing", 2, 0, 0), row("/enterprise", 1, 1, 0)]);

    const landing = await report({ ...range, landing: "/pricing" });
    expect(landing.totals.visitors).toBe(2);
    expect(landing.previousTotals.visitors).toBe(1);
    expect(landing.byDevice).toEqual([row("phone", 1, 0, 0), row("tablet", 1, 0, 0), row("desktop", 0, 0, 0)]);
    expect(landing.demoPlays).toBe(1);

    const device = await report({ ...range, device: "desktop" });
    expect(device.funnel.map((s) => s.count)).toEqual([2, 1, 0, 1, 1, 0]);
    expect(device.byCampaign).toEqual([row("(none)", 1, 1, 0), row("may", 1, 0, 0)]);

    const campaign = await report({ ...range, campaign: "(none)" });
    expect(campaign.totals.visitors).toBe(3);
  });

  it("takes several filters at once (read from the full rollups)", async () => {
    const r = await report({ ...range, source: "(direct)", landing: "/pricing" });
    expect(r.totals).toEqual({ visitors: 2, pageviews: 2, submissions: 0, meetings: 0 });
    expect(r.byDevice.map((d) => d.visitors)).toEqual([1, 1, 0]);
    expect(r.series.map((d) => d.visitors)).toEqual([1, 1]);
    expect(r.previousTotals.visitors).toBe(0);
    expect(await report({ ...range, source: "google", device: "phone" })).toMatchObject({ totals: { visitors: 2, submissions: 1, meetings: 1 } });
  });

  it("refuses bad dates and ranges with 400 and a message", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ from: "2025-07-02" }, /./],
      [{ from: "2025-07-02", to: "03/07/2025" }, /YYYY-MM-DD/],
      [{ from: "2025-02-30", to: "2025-03-01" }, /valid date/],
      [{ from: "2025-07-03", to: "2025-07-02" }, /start date must not be after/],
      [{ from: "2024-01-01", to: "2025-07-03" }, /at most 400 days/],
      [{ ...range, device: "watch" }, /./],
      [{ ...range, source: "x".repeat(101) }, /./],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.request(`/api/admin/analytics?${new URLSearchParams(query)}`, { headers: { cookie } });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(query)).toMatch(message);
    }
    const twice = await t.app.request(`/api/admin/analytics?from=2025-07-01&from=2025-07-02&to=2025-07-03`, { headers: { cookie } });
    expect(twice.status).toBe(400);
    // 400 days is the most: the boundary itself is fine.
    expect((await t.app.request(`/api/admin/analytics?from=2024-05-30&to=2025-07-03`, { headers: { cookie } })).status).toBe(200);
  });

  it("is for admins only: 401 without a session, 403 for another role", async () => {
    expect((await t.app.request(`/api/admin/analytics?${new URLSearchParams(range)}`)).status).toBe(401);
    const user = await createStaff(t, "moderator");
    const other = await signedInCookie(t, user.email, user.password);
    expect((await t.app.request(`/api/admin/analytics?${new URLSearchParams(range)}`, { headers: { cookie: other } })).status).toBe(403);
    const exported = await t.app.request("/api/admin/analytics/export", {
      method: "POST",
      headers: { cookie: other, origin: PUBLIC_URL, "content-type": "application/json" },
      body: JSON.stringify(range),
    });
    expect(exported.status).toBe(403);
  });

  describe("the CSV export", () => {
    const exportCsv = (body: unknown, headers: Record<string, string> = {}) =>
      t.app.request("/api/admin/analytics/export", {
        method: "POST",
        headers: { cookie, origin: PUBLIC_URL, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    it("holds what the report shows: the range and filter, the funnel beside the previous period, totals, the series and the tables", async () => {
      const res = await exportCsv({ ...range, source: "google" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="analytics-2025-07-02-to-2025-07-03.csv"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      // A byte-order mark first, so that Excel reads the file as UTF-8.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).split("\r\n");
      expect(lines.slice(0, 2)).toEqual(["From,To,Days,Previous from,Previous to,Source,Campaign,Landing page,Device", "2025-07-02,2025-07-03,2,2025-06-30,2025-07-01,google,,,"]);
      expect(lines).toEqual(
        expect.arrayContaining([
          "Funnel step,Visitors,Previous period",
          "visitors,2,1",
          "meetings_booked,1,0",
          "Page views,2,1",
          "Day,Visitors,Submissions,Meetings booked",
          "2025-07-02,1,1,1",
          "Source,Visitors,Submissions,Meetings booked,Conversion",
          "google,2,1,1,0.5000",
          "Device,Visitors,Submissions,Meetings booked,Conversion",
          "phone,2,1,1,0.5000",
        ]),
      );
    });

    it("keeps a campaign name a visitor chose from running as a formula, and holds no address or user agent", async () => {
      await track(t, { ip: "198.51.100.77", ua: DESKTOP_UA }, [{ name: "page_view", path: "/", utm: { source: "=HYPERLINK(\"http://evil.example\")", campaign: "+cmd" } }]);
      const text = await (await exportCsv(range)).text();
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(text).toContain("'+cmd");
      expect(text).not.toMatch(/198\.51\.100|192\.0\.2|Mozilla/);
      expect(await everythingStored(t)).not.toMatch(/198\.51\.100|Mozilla/);
    });

    it("refuses bad filters with 400 and a cross-origin request with 403, before anything is read", async () => {
      expect((await exportCsv({ from: "2025-07-03", to: "2025-07-01" })).status).toBe(400);
      expect((await exportCsv({ from: "2020-01-01", to: "2025-07-01" })).status).toBe(400);
      expect((await exportCsv(range, { origin: "https://evil.example" })).status).toBe(403);
    });
  });
});
