import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport, AnalyticsRow } from "@shared/api/analytics-api";
import { OTHER_PATH } from "@shared/schemas/analytics";
import { runAnalyticsHousekeeping } from "../../server/analytics/housekeeping";
import { MAX_TABLE_ROWS } from "../../server/analytics/report";
import { createStaff, signedInCookie } from "../support/admin-fixtures";
import { DESKTOP_UA, PHONE_UA, createAnalyticsApp, events, fetchReport, freshIp, sendEvent, tableCounts, track, visits, type AnalyticsTestApp } from "./analytics-support";

/*
 * What one sender can do to the funnel's counts (docs/decisions/0801): invent paths, rotate its
 * user agent to become any number of visitors, put hidden characters into campaign values, and
 * so give the report thousands of rows. Each is bounded here.
 */

/** A browser's user agent, the n-th of as many as a sender likes. */
const rotatedUa = (n: number) => DESKTOP_UA.replace("Chrome/124.0.0.0", `Chrome/124.0.${n}.0`);

describe("a sender poisoning the funnel", () => {
  let t: AnalyticsTestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-05-05T09:00:00Z", { ANALYTICS_VISITORS_PER_ADDRESS: "3", BETTER_AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long" });
    const admin = await createStaff(t, "admin");
    cookie = await signedInCookie(t, admin.email, admin.password);
  });
  afterAll(() => t?.close());

  const report = (query: Record<string, string>) => fetchReport(t, cookie, query);

  it("counts every path the site does not serve as one (other) landing page, and stores none of them", async () => {
    const invented = ["/wp-login.php", "/pricing/", "/admin/leads", "/x/\u202egnp.exe", "/index.html"];
    for (const path of invented) await track(t, { ip: freshIp(), ua: PHONE_UA }, [{ name: "page_view", path }, { name: "cta_click", path, detail: "hero" }]);
    await track(t, { ip: freshIp(), ua: PHONE_UA }, [{ name: "page_view", path: "/pricing" }]);

    expect((await visits(t)).map((v) => v.entry_path)).toEqual([...invented.map(() => OTHER_PATH), "/pricing"]);
    expect(new Set((await events(t)).map((e) => e.path))).toEqual(new Set([OTHER_PATH, "/pricing"]));
    const r = await report({ from: "2025-05-05", to: "2025-05-05" });
    expect(r.byLanding.map((row) => [row.key, row.visitors])).toEqual([
      [OTHER_PATH, 5],
      ["/pricing", 1],
    ]);
    const other = await report({ from: "2025-05-05", to: "2025-05-05", landing: OTHER_PATH });
    expect(other.funnel.slice(0, 2).map((s) => s.count)).toEqual([5, 5]);
  });

  it("counts at most ANALYTICS_VISITORS_PER_ADDRESS new visitors per address a day; the events of further ones count for one more visitor of that address", async () => {
    t.clock.now = Date.parse("2025-05-06T09:00:00Z");
    const ip = freshIp();
    // Ten user agents from one address, each with its own campaign.
    for (let n = 0; n < 10; n++) await track(t, { ip, ua: rotatedUa(n) }, [{ name: "page_view", path: "/", utm: { source: "spam", campaign: `c${n}` } }]);
    // A counted visitor goes on counting as itself; one past the cap submits a lead.
    await track(t, { ip, ua: rotatedUa(0) }, [{ name: "cta_click", path: "/", detail: "hero" }]);
    t.ingest.push({ ip, userAgent: rotatedUa(9), name: "submission", path: "/", detail: null, referrer: null, utm: null });
    await t.ingest.flush();

    const day = (await visits(t)).filter((v) => v.day === "2025-05-06");
    expect(day.map((v) => [v.utm_campaign, v.pageviews, v.cta_click, v.submitted])).toEqual([
      ["c0", 1, true, false],
      ["c1", 1, false, false],
      ["c2", 1, false, false],
      // The overflow visitor: attributed by its first event, every later user agent's events in it.
      ["c3", 7, false, true],
    ]);
    expect((await events(t)).filter((e) => e.day === "2025-05-06")).toHaveLength(12);

    // Another address is not affected; an IPv6 /64 is one address.
    await track(t, { ip: freshIp(), ua: rotatedUa(0) }, [{ name: "page_view", path: "/" }]);
    for (let n = 1; n <= 5; n++) await track(t, { ip: `2001:db8:1:2::${n}`, ua: rotatedUa(n) }, [{ name: "page_view", path: "/" }]);
    expect((await visits(t)).filter((v) => v.day === "2025-05-06")).toHaveLength(4 + 1 + 4);

    const r = await report({ from: "2025-05-06", to: "2025-05-06" });
    expect(r.totals).toMatchObject({ visitors: 9, pageviews: 16, submissions: 1 });
    expect(r.byCampaign.map((row) => row.key)).toEqual(["(none)", "c3", "c0", "c1", "c2"]);

    // The next day the address starts again.
    t.clock.now = Date.parse("2025-05-07T09:00:00Z");
    for (let n = 0; n < 4; n++) await track(t, { ip, ua: rotatedUa(n) }, [{ name: "page_view", path: "/" }]);
    expect((await visits(t)).filter((v) => v.day === "2025-05-07")).toHaveLength(4);
  });

  it("refuses campaign values with hidden characters, as lead fields are refused, and stores nothing", async () => {
    await t.ingest.flush();
    const before = await tableCounts(t);
    const from = { ip: freshIp(), ua: DESKTOP_UA };
    const hidden = ["\u202e", "\u2066", "\u200f", "\u061c", "\u0085", "\u2028", "\ud800", "\t", "\u0000"];
    for (const [slot, label] of [
      ["source", "UTM source"],
      ["medium", "UTM medium"],
      ["campaign", "UTM campaign"],
    ] as const) {
      for (const character of hidden) {
        const res = await sendEvent(t, { name: "page_view", path: "/", utm: { [slot]: `spring${character}sale` } }, from);
        expect(res.status, `${slot} ${JSON.stringify(character)}`).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(`${label} must be a single line without hidden characters`);
      }
    }
    expect(t.ingest.pending).toBe(0);
    // What a real campaign may hold: any script, emoji with joiners, trimmed ends.
    const res = await sendEvent(t, { name: "page_view", path: "/", utm: { source: "Новости", campaign: " 👩‍💻 launch\n" } }, from);
    expect(res.status).toBe(202);
    await t.ingest.flush();
    expect((await tableCounts(t)).events).toBe(before.events + 1);
    expect((await visits(t)).at(-1)).toMatchObject({ utm_source: "Новости", utm_campaign: "👩‍💻 launch" });
  });
});

describe("the report's tables, limited by the database", () => {
  let t: AnalyticsTestApp;
  let cookie: string;
  /** Rows each database answer held, while the report was read. */
  let answered: number[] = [];

  /*
   * 150 campaigns on 3 March: c000-c059 with 3 visitors each, the others with 1, one of those
   * (c120) with a submission. Ranks 61-100 are decided by name among equals, as the screen
   * shows them: "(none)" (the empty campaign) before "Zeta" before "alpha" (code point order,
   * not a locale's).
   */
  const names = ["", "Zeta", "alpha", "beta", ...Array.from({ length: 146 }, (_, i) => `c${String(i).padStart(3, "0")}`)];
  const visitorsOf = (name: string) => (/^c0[0-5]\d$/.test(name) ? 3 : 1);

  beforeAll(async () => {
    t = await createAnalyticsApp("2025-03-03T10:00:00Z", { BETTER_AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long" });
    const admin = await createStaff(t, "admin");
    cookie = await signedInCookie(t, admin.email, admin.password);
    for (const campaign of names) {
      for (let v = 0; v < visitorsOf(campaign); v++) {
        const ip = freshIp();
        t.ingest.push({ ip, userAgent: DESKTOP_UA, name: "page_view", path: "/", detail: null, referrer: null, utm: campaign ? { source: "mail", campaign } : null });
        if (campaign === "c120") t.ingest.push({ ip, userAgent: DESKTOP_UA, name: "submission", path: "/", detail: null, referrer: null, utm: null });
      }
    }
    await t.ingest.flush();
  });
  afterAll(() => t?.close());

  const report = async (query: Record<string, string>) => {
    const client = (t.database.db as unknown as { $client: Record<string, (...args: unknown[]) => Promise<{ rows?: unknown[] }>> }).$client;
    const original = client.query!;
    answered = [];
    client.query = async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      answered.push(result?.rows?.length ?? 0);
      return result;
    };
    try {
      return await fetchReport(t, cookie, query);
    } finally {
      client.query = original;
    }
  };

  const expected: Pick<AnalyticsRow, "key" | "visitors" | "submissions">[] = [
    ...names.filter((n) => visitorsOf(n) === 3).map((key) => ({ key, visitors: 3, submissions: 0 })),
    { key: "c120", visitors: 1, submissions: 1 },
    ...["(none)", "Zeta", "alpha", "beta", ...names.filter((n) => /^c\d+$/.test(n) && visitorsOf(n) === 1 && n !== "c120")].map((key) => ({ key, visitors: 1, submissions: 0 })),
  ].slice(0, MAX_TABLE_ROWS);

  const check = (r: AnalyticsReport) => {
    expect(r.byCampaign.map(({ key, visitors, submissions }) => ({ key, visitors, submissions }))).toEqual(expected);
    expect(r.totals.visitors).toBe(60 * 3 + 90);
    // The campaign table arrived as at most a hundred rows, not 150.
    expect(Math.max(...answered), `rows per answer: ${answered.join(", ")}`).toBeLessThanOrEqual(MAX_TABLE_ROWS + 10);
  };

  it("lists the same hundred rows of 150, in the same order, live, rolled up and with several filters; the database sends no more", async () => {
    const day = { from: "2025-03-03", to: "2025-03-03" };
    check(await report(day));
    await runAnalyticsHousekeeping(t.database.db, t.config.analytics, Date.parse("2025-03-04T02:00:00Z"));
    check(await report(day));
    check(await report({ ...day, device: "desktop" }));
    check(await report({ ...day, landing: "/", device: "desktop" }));
  });
});
