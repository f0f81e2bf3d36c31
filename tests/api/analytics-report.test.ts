import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { AnalyticsContentReport, AnalyticsContentRow } from "@shared/api/analytics-api";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { LeadDetailResponse } from "@shared/api/lead-desk-api";
import { OTHER_PATH } from "@shared/schemas/analytics";
import type { PostDraftInput } from "@shared/schemas/content";
import { addDays, utcDay } from "@shared/utc-day";
import { rollupDay, runAnalyticsHousekeeping } from "../../server/analytics/housekeeping";
import { bookingInquiries, contactRequests, leads } from "../../server/db/schema";
import { createStaff, signedInCookie } from "../support/admin-fixtures";
import { bookingBody, contactBody, postJson } from "./leads-support";
import {
  DESKTOP_UA,
  PHONE_UA,
  PUBLIC_URL,
  TABLET_UA,
  createAnalyticsApp,
  events,
  everythingStored,
  fetchReport,
  freshIp,
  sendEvent,
  track,
  type AnalyticsTestApp,
  type Sender,
} from "./analytics-support";

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

describe("the Content view and leads from content", () => {
  /*
   * Leads from content (docs/decisions/0801): blog posts' pages counted as pages of their own, the
   * lead's first article read, and the report's Content view, over visits on three days (the two
   * before today rolled up, today live) and leads stored today. Every number below is counted by
   * hand from what beforeAll sends. The days are real ones: a lead is dated by the database's clock.
   */

  const today = utcDay(Date.now());
  const yesterday = addDays(today, -1);
  const twoDaysAgo = addDays(today, -2);
  const at = (day: string) => Date.parse(`${day}T10:00:00Z`);

  const A = "/blog/answering-every-call";
  const B = "/blog/after-hours-coverage";
  const C = "/blog/quiet-post";
  /** Published, viewed once, unpublished, viewed again: all today. */
  const P = "/blog/published-for-a-moment";
  const titles = { [A]: "Answering every call", [B]: "After-hours coverage", [C]: "A quiet post" };

  const sender = (n: number, ua = DESKTOP_UA): Sender => ({ ip: `192.0.2.${n}`, ua });
  const view = (path: string) => ({ name: "page_view", path });
  const click = (path: string, detail: string) => ({ name: "cta_click", path, detail });
  const row = (path: string, visitors: number, bookDemoClicks: number, leads: number, title: string | null = titles[path as keyof typeof titles]): AnalyticsContentRow => ({
    path,
    title,
    visitors,
    bookDemoClicks,
    leads,
  });

  let t: AnalyticsTestApp;
  let cookie: string;
  const published = new Map<string, ContentEntryDetail>();
  /** Lead ids by the idempotency key they were sent with. */
  const leadIds = new Map<string, string>();

  async function publish(draft: PostDraftInput): Promise<ContentEntryDetail> {
    const res = await t.app.request("/api/admin/content/posts/publish", {
      method: "POST",
      headers: { origin: PUBLIC_URL, cookie, "content-type": "application/json" },
      body: JSON.stringify({ baseVersion: 0, draft }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as ContentEntryDetail;
  }

  async function unpublish(entry: ContentEntryDetail) {
    const res = await t.app.request(`/api/admin/content/posts/${entry.id}/unpublish`, {
      method: "POST",
      headers: { origin: PUBLIC_URL, cookie, "content-type": "application/json" },
      body: JSON.stringify({ baseVersion: entry.version }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** A lead sent from a page whose tab read `first` first (as the lead form sends it); its id. */
  async function leadFrom(first: unknown, key: string, form: "booking" | "contact" = "booking"): Promise<string> {
    const attribution = { page_path: "/pricing", utm_source: "newsletter", first_article_path: first };
    const res =
      form === "booking"
        ? await postJson(t.app, "/api/submit-booking", bookingBody({ idempotency_key: key, work_email: `${key}@example.com`, attribution }), { "x-forwarded-for": freshIp() })
        : await postJson(t.app, "/api/contact", contactBody({ idempotency_key: key, email: `${key}@example.com`, attribution }), { "x-forwarded-for": freshIp() });
    expect(res.status, await res.clone().text()).toBe(200);
    const table = form === "booking" ? bookingInquiries : contactRequests;
    const [stored] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.idempotencyKey, key));
    leadIds.set(key, stored!.id);
    return stored!.id;
  }

  async function content(query: Record<string, string>): Promise<AnalyticsContentReport> {
    const res = await t.app.request(`/api/admin/analytics/content?${new URLSearchParams(query)}`, { headers: { cookie } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AnalyticsContentReport;
  }

  beforeAll(async () => {
    t = await createAnalyticsApp(`${twoDaysAgo}T10:00:00Z`, { BETTER_AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long" }, {}, { content: true });
    const admin = await createStaff(t, "admin");
    cookie = await signedInCookie(t, admin.email, admin.password);
    for (const [path, title] of Object.entries(titles)) {
      published.set(path, await publish({ title, slug: path.slice("/blog/".length), body: `About ${title}.` }));
    }

    // Two days ago
    await track(t, sender(1), [view(A), click(A, "article")]);
    await track(t, sender(2, PHONE_UA), [view(A), view(B)]);
    // Yesterday: the first visitor again (another day, another visitor), pressing twice.
    t.clock.now = at(yesterday);
    await track(t, sender(1), [view(A), click(A, "navbar"), click(A, "article")]);
    await track(t, sender(3), [view(B), view("/pricing"), click("/pricing", "pricing")]);
    await track(t, sender(4), [view("/blog/made-up"), click("/blog/made-up", "article")]);
    // Today, live
    t.clock.now = at(today);
    await track(t, sender(5), [view(B), click(B, "article")]);
    // A consult press is no Book demo, wherever it is.
    await track(t, sender(6), [view(A), { name: "dialog_open", path: A, detail: "booking" }, click(A, "enterprise")]);
    // A post published for a moment: its path counts while it is published, not after.
    const moment = await publish({ title: "Published for a moment", slug: "published-for-a-moment", body: "Soon gone." });
    await track(t, sender(7), [view(P)]);
    await unpublish(moment);
    await track(t, sender(7, PHONE_UA), [view(P)]);

    await leadFrom(A, "lead-first-a-1");
    await leadFrom(A, "lead-first-a-2", "contact");
    await leadFrom(B, "lead-first-b-1");
    await leadFrom("/blog/made-up", "lead-made-up");
    await leadFrom("/pricing", "lead-not-a-post", "contact");
    // A lead of A stored before the range: not in it.
    const early = await leadFrom(A, "lead-first-a-early");
    await t.database.db.update(leads).set({ createdAt: new Date(`${addDays(twoDaysAgo, -1)}T12:00:00Z`) }).where(eq(leads.id, early));
    await t.ingest.flush();
  });
  afterAll(() => t?.close());

  describe("blog posts' pages in the funnel", () => {
    it("counts a published post's path as a page of its own, and an unknown /blog/<x> as (other)", async () => {
      const paths = new Set((await events(t)).map((e) => e.path));
      expect(paths).toContain(A);
      expect(paths).toContain(B);
      expect(paths).toContain(OTHER_PATH);
      expect(paths).not.toContain("/blog/made-up");
      const report = await fetchReport(t, cookie, { from: twoDaysAgo, to: today });
      // The made-up path and the unpublished post's second view are the (other) row.
      expect(report.byLanding.map((r) => [r.key, r.visitors])).toEqual([
        [A, 4],
        [OTHER_PATH, 2],
        [B, 2],
        [P, 1],
      ]);
    });

    it("counts a post's path only while it is published: after it is unpublished it is (other)", async () => {
      const stored = (await events(t)).filter((e) => e.day === today && e.name === "page_view").slice(-2);
      expect(stored.map((e) => e.path)).toEqual([P, OTHER_PATH]);
    });
  });

  describe("the lead's first article read", () => {
    it("is stored with the lead when it is a post's path, and shown on the lead's page by the post's title", async () => {
      const [stored] = await t.database.db.select().from(leads).where(eq(leads.idempotencyKey, "lead-first-a-1"));
      expect(stored).toMatchObject({ kind: "booking_inquiry", firstArticlePath: A, pagePath: "/pricing", utmSource: "newsletter" });
      const [contact] = await t.database.db.select().from(leads).where(eq(leads.idempotencyKey, "lead-first-a-2"));
      expect(contact).toMatchObject({ kind: "contact_request", firstArticlePath: A });

      const page = async (key: string) => {
        const res = await t.app.request(`/api/admin/leads/${leadIds.get(key)}`, { headers: { cookie } });
        expect(res.status).toBe(200);
        return ((await res.json()) as LeadDetailResponse).lead.firstArticle;
      };
      expect(await page("lead-first-a-1")).toEqual({ path: A, title: "Answering every call" });
      expect(await page("lead-first-a-2")).toEqual({ path: A, title: "Answering every call" });
      // A post's shape that is no post: kept as the page sent it, named by its path.
      expect(await page("lead-made-up")).toEqual({ path: "/blog/made-up", title: null });
      expect(await page("lead-not-a-post")).toBeNull();
    });

    it("keeps the lead and drops the field when it is anything but a post's path", async () => {
      const odd: unknown[] = [7, ["/blog/a"], { path: A }, "/pricing", "/blog", "/blog/page/2", "/blog/tag/phones", "/blog/Upper", "/blog/a b", `/blog/${"a".repeat(81)}`, "/blog/a\u202e", `${A}?utm_source=x`, `https://evil.example${A}`, ""];
      for (const [i, value] of odd.entries()) {
        const id = await leadFrom(value, `lead-odd-first-${i}`, i % 2 ? "contact" : "booking");
        const [stored] = await t.database.db.select({ first: leads.firstArticlePath, utm: leads.utmSource }).from(leads).where(eq(leads.id, id));
        expect(stored, JSON.stringify(value)).toEqual({ first: null, utm: "newsletter" });
      }
      // The longest slug the studio allows is still a post's path.
      const longest = `/blog/${"a".repeat(80)}`;
      const id = await leadFrom(longest, "lead-longest-slug");
      const [stored] = await t.database.db.select({ first: leads.firstArticlePath }).from(leads).where(eq(leads.id, id));
      expect(stored!.first).toBe(longest);
    });
  });

  describe("the Content view", () => {
    const whole = { from: twoDaysAgo, to: today };
    // A post no longer published stays a row while it has counts in the range, named by its path.
    const moment = row(P, 1, 0, 0, null);
    const expectedWhole: AnalyticsContentReport = {
      range: { ...whole, days: 3 },
      posts: [row(A, 4, 2, 2), row(B, 3, 1, 1), moment, row(C, 0, 0, 0)],
    };

    it("lists every published post with its visitors, Book demo clicks and leads in the range; the same live, rolled up, and once the raw events are gone", async () => {
      expect(await content(whole)).toEqual(expectedWhole);
      expect(await content({ from: today, to: today })).toEqual({ range: { from: today, to: today, days: 1 }, posts: [row(A, 1, 0, 2), row(B, 1, 1, 1), moment, row(C, 0, 0, 0)] });
      expect((await content({ from: yesterday, to: yesterday })).posts).toEqual([row(A, 1, 1, 0), row(B, 1, 0, 0), row(C, 0, 0, 0)]);

      const result = await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse(`${today}T12:00:00Z`));
      expect(result.rolledUp).toEqual(expect.arrayContaining([twoDaysAgo, yesterday]));
      expect(await content(whole)).toEqual(expectedWhole);
      // Rolling a day up again replaces its rows instead of adding to them.
      await rollupDay(t.database.db, yesterday);
      expect(await content(whole)).toEqual(expectedWhole);
      // The rolled-up days are read from their rollup: the raw events can go, as retention deletes them.
      await t.database.db.execute(sql`delete from analytics_events where day < ${today}::date`);
      expect(await content(whole)).toEqual(expectedWhole);
    });

    it("exports what it shows as CSV, titles guarded against spreadsheet formulas", async () => {
      await publish({ title: '=HYPERLINK("http://evil.example")', slug: "formula-title", body: "Text." });
      const res = await t.app.request("/api/admin/analytics/content/export", {
        method: "POST",
        headers: { cookie, origin: PUBLIC_URL, "content-type": "application/json" },
        body: JSON.stringify({ from: today, to: today }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="content-${today}-to-${today}.csv"`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      // As bytes: text() would drop the byte-order mark a spreadsheet needs.
      const text = Buffer.from(await res.arrayBuffer()).toString("utf8");
      expect(text.startsWith("\uFEFF")).toBe(true);
      expect(text.slice(1).split("\r\n")).toEqual([
        "From,To,Days",
        `${today},${today},1`,
        "",
        "Post,Path,Visitors,Book demo clicks,Leads",
        `Answering every call,${A},1,0,2`,
        `After-hours coverage,${B},1,1,1`,
        `,${P},1,0,0`,
        `"'=HYPERLINK(""http://evil.example"")",/blog/formula-title,0,0,0`,
        `A quiet post,${C},0,0,0`,
        "",
      ]);
    });

    it("keeps an unpublished post's counts and leads under its path; never a made-up path, never a lead's post outside its range", async () => {
      await unpublish(published.get(B)!);
      const report = await content(whole);
      const rows = new Map(report.posts.map((p) => [p.path, p]));
      expect(rows.get(B)).toEqual(row(B, 3, 1, 1, null));
      expect(rows.get(A)).toEqual(row(A, 4, 2, 2));
      expect([...rows.keys()]).not.toContain("/blog/made-up");
      // Days before any visit: only the posts published now, with no counts (B's lead is today's).
      const before = addDays(twoDaysAgo, -5);
      expect((await content({ from: before, to: before })).posts.map((p) => [p.path, p.visitors, p.bookDemoClicks, p.leads])).toEqual([
        ["/blog/formula-title", 0, 0, 0],
        [C, 0, 0, 0],
        [A, 0, 0, 0],
      ]);
      // The lead of A stored the day before the range.
      expect((await content({ from: addDays(twoDaysAgo, -1), to: addDays(twoDaysAgo, -1) })).posts.find((p) => p.path === A)).toEqual(row(A, 0, 0, 1));
    });

    it("is for admins only, and refuses a bad or too long range with a message", async () => {
      const query = new URLSearchParams(whole).toString();
      expect((await t.app.request(`/api/admin/analytics/content?${query}`)).status).toBe(401);
      const editor = await createStaff(t, "editor");
      const editorCookie = await signedInCookie(t, editor.email, editor.password);
      expect((await t.app.request(`/api/admin/analytics/content?${query}`, { headers: { cookie: editorCookie } })).status).toBe(403);
      const exported = await t.app.request("/api/admin/analytics/content/export", {
        method: "POST",
        headers: { cookie: editorCookie, origin: PUBLIC_URL, "content-type": "application/json" },
        body: JSON.stringify(whole),
      });
      expect(exported.status).toBe(403);
      for (const [bad, message] of [
        [{ from: today, to: twoDaysAgo }, "The start date must not be after the end date"],
        [{ from: "2024-01-01", to: "2025-06-01" }, "The range may cover at most 400 days"],
        [{ from: "2025-02-30", to: today }, "Not a valid date"],
        [{ to: today }, null],
      ] as const) {
        const res = await t.app.request(`/api/admin/analytics/content?${new URLSearchParams(bad)}`, { headers: { cookie } });
        expect(res.status, JSON.stringify(bad)).toBe(400);
        const body = (await res.json()) as { error: string; fieldErrors?: Record<string, string> };
        expect(body.error).toBeTruthy();
        if (message) expect(Object.values(body.fieldErrors ?? {})).toContain(message);
      }
    });
  });

  // Cookieless as the funnel is (docs/decisions/0801): the first article read lives in the tab's
  // sessionStorage and travels with the lead; the per-post counts are counts only.
  describe("cookieless", () => {
    it("sets no cookie on a post's events or on a lead sent after reading it; the per-post rollup and the lead hold no visitor's hash", async () => {
      const reader = sender(9, PHONE_UA);
      for (const event of [view(A), click(A, "article")]) {
        const res = await sendEvent(t, event, reader);
        expect(res.status).toBe(202);
        expect(res.headers.get("set-cookie")).toBeNull();
      }
      await t.ingest.flush();
      const attribution = { page_path: A, first_article_path: A };
      const lead = await postJson(t.app, "/api/submit-booking", bookingBody({ idempotency_key: "lead-cookieless", work_email: "lead-cookieless@example.com", attribution }), {
        "x-forwarded-for": reader.ip,
        "user-agent": reader.ua,
      });
      expect(lead.status, await lead.clone().text()).toBe(200);
      expect(lead.headers.get("set-cookie")).toBeNull();

      await rollupDay(t.database.db, today);
      const { rows: columns } = await t.database.db.execute<{ name: string }>(
        sql`select column_name as name from information_schema.columns where table_name = 'analytics_daily_posts' order by column_name`,
      );
      expect(columns.map((c) => c.name)).toEqual(["cta_clicks", "day", "path", "visitors"]);
      const { rows: rollup } = await t.database.db.execute<{ dump: string }>(sql`select coalesce(json_agg(p), '[]'::json)::text as dump from analytics_daily_posts p`);
      const { rows: stored } = await t.database.db.execute<{ dump: string }>(
        sql`select row_to_json(l)::text as dump from leads l where idempotency_key = 'lead-cookieless'`,
      );
      expect(stored[0]!.dump).toContain(`"first_article_path":"${A}"`);
      const visitorIds = new Set((await events(t)).map((e) => e.visitor));
      expect(visitorIds.size).toBeGreaterThan(0);
      for (const id of visitorIds) {
        expect(rollup[0]!.dump).not.toContain(id);
        expect(stored[0]!.dump).not.toContain(id);
      }
      expect(rollup[0]!.dump).not.toContain(reader.ip);
      expect(rollup[0]!.dump).not.toContain("Mozilla");
    });
  });
});
