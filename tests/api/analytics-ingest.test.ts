import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { AnalyticsIngest, BATCH_MAX, EVENTS_PER_MINUTE, MAX_BUFFERED_EVENTS, stopAnalytics } from "../../server/analytics/ingest";
import { EVENTS_BODY_LIMIT_BYTES } from "../../server/routes/events";
import { createTestApp, type TestApp } from "../support/test-app";
import {
  BOT_UA,
  DESKTOP_UA,
  PHONE_UA,
  createAnalyticsApp,
  events,
  everythingStored,
  freshIp,
  recordingLogger,
  sendEvent,
  tableCounts,
  visits,
  type AnalyticsTestApp,
} from "./analytics-support";
import { bookingBody, leadCounts, postJson } from "./leads-support";

/*
 * POST /api/events (docs/decisions/0801): what the page's collector sends is accepted with 202
 * and written in batches; anything else is refused with a 4xx and a message, and stores nothing;
 * bots and Global Privacy Control are answered 202 and dropped.
 */

const pageView = { name: "page_view", path: "/pricing", referrer: "https://www.google.com/search?q=agents", utm: { source: "newsletter", medium: "email", campaign: "spring" } };

describe("POST /api/events", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-03-10T12:00:00Z");
  });
  afterAll(() => t?.close());

  it("takes a page view sent as text/plain (sendBeacon) with 202 and no body, and writes it with its visitor-day", async () => {
    const from = { ip: freshIp(), ua: PHONE_UA };
    const res = await sendEvent(t, pageView, from);
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("");
    await t.ingest.flush();
    const mine = (await events(t)).filter((e) => e.path === "/pricing");
    expect(mine).toEqual([{ day: "2025-03-10", visitor: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "page_view", path: "/pricing", detail: null }]);
    const [visit] = (await visits(t)).filter((v) => v.visitor === mine[0]!.visitor);
    expect(visit).toMatchObject({
      day: "2025-03-10",
      entry_path: "/pricing",
      referrer_host: "google.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
      device: "phone",
      pageviews: 1,
      cta_click: false,
    });
    // The address and the user agent are hashed, never stored.
    const stored = await everythingStored(t);
    expect(stored).not.toContain(from.ip);
    expect(stored).not.toContain("iPhone");
  });

  it("takes application/json and text/plain with or without a charset", async () => {
    for (const contentType of ["application/json", "application/json; charset=utf-8", "text/plain", "TEXT/PLAIN;charset=UTF-8"]) {
      const res = await sendEvent(t, { name: "cta_click", path: "/", detail: "hero" }, { ip: freshIp(), ua: DESKTOP_UA }, { contentType });
      expect(res.status, contentType).toBe(202);
    }
  });

  it("refuses anything else with a 4xx and a message, and stores nothing", async () => {
    await t.ingest.flush();
    const before = await tableCounts(t);
    const pendingBefore = t.ingest.pending;
    const from = { ip: freshIp(), ua: DESKTOP_UA };
    const cases: [string, unknown, { contentType?: string | null }, number, RegExp][] = [
      ["unknown event name", { name: "purchase", path: "/" }, {}, 400, /name|option|expected/i],
      ["a server-side step claimed by the page", { name: "submission", path: "/" }, {}, 400, /./],
      ["path of the wrong type", { name: "page_view", path: 42 }, {}, 400, /./],
      ["no path", { name: "page_view" }, {}, 400, /./],
      ["a path that is no site path", { name: "page_view", path: "https://evil.example/" }, {}, 400, /site path/],
      ["a protocol-relative path", { name: "page_view", path: "//evil.example/x" }, {}, 400, /site path/],
      ["a path with a query", { name: "page_view", path: "/pricing?email=a@b.c" }, {}, 400, /site path/],
      ["an unknown detail", { name: "cta_click", path: "/", detail: "footer-secret" }, {}, 400, /./],
      ["an extra key", { name: "page_view", path: "/", email: "a@b.c" }, {}, 400, /./],
      ["an extra utm key", { name: "page_view", path: "/", utm: { term: "x" } }, {}, 400, /./],
      ["a NUL in a campaign", { name: "page_view", path: "/", utm: { campaign: "a\u0000b" } }, {}, 400, /UTM campaign must be a single line without hidden characters/],
      ["a line break in a referrer", { name: "page_view", path: "/", referrer: "https://a.example/\nx" }, {}, 400, /control characters/],
      ["a JSON array", [{ name: "page_view", path: "/" }], {}, 400, /JSON object/],
      ["JSON null", "null", {}, 400, /JSON object/],
      ["malformed JSON", '{"name":"page_view",', {}, 400, /Malformed JSON/],
      ["an empty body", "", {}, 400, /Malformed JSON/],
      ["a form post", "name=page_view&path=/", { contentType: "application/x-www-form-urlencoded" }, 415, /Content-Type/],
      // Bytes, not a string: a string body would get text/plain from Request itself.
      ["no content type", new TextEncoder().encode(JSON.stringify({ name: "page_view", path: "/" })), { contentType: null }, 415, /Content-Type/],
      ["a huge body", { name: "page_view", path: "/", referrer: `https://a.example/${"x".repeat(EVENTS_BODY_LIMIT_BYTES)}` }, {}, 413, /too large/],
    ];
    for (const [what, body, options, status, message] of cases) {
      const res = await sendEvent(t, body, from, options);
      expect(res.status, what).toBe(status);
      const answer = (await res.json()) as { success: boolean; error: string };
      expect(answer.success, what).toBe(false);
      expect(answer.error, what).toMatch(message);
    }
    expect(t.ingest.pending).toBe(pendingBefore);
    await t.ingest.flush();
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses a body past 2 KB while it streams in, whatever Content-Length says", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode(" ".repeat(1024));
        for (let i = 0; i < 4; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await t.app.request("/api/events", {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": freshIp(), "user-agent": DESKTOP_UA },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("answers bots, requests without a user agent and Global Privacy Control with 202 and stores nothing", async () => {
    await t.ingest.flush();
    const before = await tableCounts(t);
    const ip = freshIp();
    expect((await sendEvent(t, pageView, { ip, ua: BOT_UA })).status).toBe(202);
    expect((await sendEvent(t, pageView, { ip, ua: "curl/8.5.0" })).status).toBe(202);
    expect((await sendEvent(t, pageView, { ip, ua: "" })).status).toBe(202);
    expect((await sendEvent(t, pageView, { ip, ua: PHONE_UA }, { headers: { "sec-gpc": "1" } })).status).toBe(202);
    // Even an invalid body: nothing of a bot's or an opted-out visitor's request is read.
    expect((await sendEvent(t, "{not json", { ip, ua: BOT_UA })).status).toBe(202);
    expect(t.ingest.pending).toBe(0);
    await t.ingest.flush();
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses a cross-origin sender", async () => {
    const res = await sendEvent(t, pageView, { ip: freshIp(), ua: DESKTOP_UA }, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it(`lets one address send ${EVENTS_PER_MINUTE} events a minute, then answers 429 with Retry-After; others and the next minute go on`, async () => {
    const flooder = { ip: freshIp(), ua: DESKTOP_UA };
    const event = { name: "cta_click", path: "/", detail: "navbar" };
    for (let i = 0; i < EVENTS_PER_MINUTE; i++) {
      const res = await sendEvent(t, event, flooder);
      expect(res.status, `event ${i + 1}`).toBe(202);
    }
    const refused = await sendEvent(t, event, flooder);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many events/);
    // The same network counts as one address (an IPv6 /64 likewise); another address does not.
    expect((await sendEvent(t, event, { ip: freshIp(), ua: DESKTOP_UA })).status).toBe(202);
    t.clock.now += 60_000;
    expect((await sendEvent(t, event, flooder)).status).toBe(202);
    await t.ingest.flush();
  });

  it("makes no database round trip while answering: a burst of events costs one salt look-up and one write per batch", async () => {
    await t.ingest.flush();
    const client = (t.database.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
    const original = client.query!;
    let calls = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      calls++;
      return original.apply(this, args);
    };
    try {
      for (let i = 0; i < 50; i++) {
        expect((await sendEvent(t, { name: "page_view", path: `/p${i}` }, { ip: freshIp(), ua: PHONE_UA })).status).toBe(202);
      }
      expect(calls, "database calls while answering 50 events").toBe(0);
      await t.ingest.flush();
      // The day's salt is in memory already: the whole burst is one statement.
      expect(calls).toBe(1);
    } finally {
      client.query = original;
    }
  });
});

describe("the buffer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it(`holds at most ${MAX_BUFFERED_EVENTS} events waiting: past it events are dropped and counted in a log line without addresses`, async () => {
    const { logger, lines } = recordingLogger();
    const ingest = new AnalyticsIngest(t.database.db, logger, "http://localhost:3000", () => Date.parse("2025-03-10T12:00:00Z"));
    const event = (i: number) => ({ ip: `198.51.100.${i % 200}`, userAgent: DESKTOP_UA, name: "page_view" as const, path: "/", detail: null, referrer: null, utm: null });
    let accepted = 0;
    const sent = MAX_BUFFERED_EVENTS + BATCH_MAX + 100;
    // Synchronously, as a burst arrives faster than any write: the buffer fills up. What is
    // held is the waiting events plus the one batch being written.
    for (let i = 0; i < sent; i++) if (ingest.push(event(i))) accepted++;
    expect(accepted).toBeGreaterThanOrEqual(MAX_BUFFERED_EVENTS);
    expect(accepted).toBeLessThanOrEqual(MAX_BUFFERED_EVENTS + BATCH_MAX);
    await ingest.stop();
    expect((await tableCounts(t)).events).toBe(accepted);
    expect((await tableCounts(t)).visits).toBe(200);
    const warning = lines.find((line) => line.level === "warn");
    expect(warning?.fields).toEqual({ stored: accepted, droppedFull: sent - accepted, droppedClosed: 0, failed: 0, overCap: 0 });
    expect(JSON.stringify(lines)).not.toMatch(/198\.51\.100/);
    // Stopped (the server is shutting down): further events are dropped, not left behind.
    expect(ingest.push(event(1))).toBe(false);
  });

  it("drops a batch the database refuses, logs it, and keeps taking events", async () => {
    const { logger, lines } = recordingLogger();
    const broken = new AnalyticsIngest(t.database.db, logger, "http://localhost:3000", () => Date.parse("2025-03-10T12:00:00Z"));
    // A visitor-day row the schema refuses stands for any failing write.
    broken.push({ ip: "192.0.2.1", userAgent: DESKTOP_UA, name: "page_view", path: "/", detail: null, referrer: null, utm: null });
    const db = t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } };
    const original = db.$client.query;
    db.$client.query = () => Promise.reject(new Error("connection lost"));
    try {
      await broken.flush();
    } finally {
      db.$client.query = original;
    }
    expect(lines.find((line) => line.level === "error")?.message).toMatch(/batch .* dropped/);
    expect(lines.find((line) => line.level === "warn")?.fields).toMatchObject({ failed: 1 });
    expect(broken.push({ ip: "192.0.2.1", userAgent: DESKTOP_UA, name: "page_view", path: "/", detail: null, referrer: null, utm: null })).toBe(true);
    await broken.stop();
  });
});

describe("a flood of events beside lead submissions", () => {
  // The app as a server runs it: the buffer written every second and at 500 waiting events, on
  // this run's database (PostgreSQL in CI's second pass). Its speed under a flood is measured by
  // bench:events (docs/performance.md); here, that nothing is refused or lost that should not be.
  let t: TestApp;
  let log: ReturnType<typeof recordingLogger>;
  beforeAll(async () => {
    log = recordingLogger();
    t = await createTestApp({ TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "1000" }, { logger: log.logger });
  });
  afterAll(() => t?.close());

  it("keeps every lead submission and health check answering 200; every accepted event is stored or counted as dropped", async () => {
    const SENDERS = 16;
    const ONE_ADDRESS_SENDERS = 4;
    // The flood goes on until the leads are done and at least this many events were sent: buffer
    // writes (at every BATCH_MAX waiting, and every second) while the leads go in.
    const AT_LEAST = 3 * BATCH_MAX;
    let leadsDone = false;
    let sent = 0;
    let n = 0;
    const statuses = { many: new Map<number, number>(), one: new Map<number, number>() };
    const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
    const flooding = () => !leadsDone || sent < AT_LEAST;
    const event = { name: "page_view", path: "/pricing", utm: { source: "flood" } };
    // A request reaches a server as I/O, one event-loop turn each: without this, in-process
    // requests answered from memory chain as microtasks and starve the database's socket.
    const arrival = () => new Promise((resolve) => setImmediate(resolve));
    // Many visitors, each address under its limit; and one address sending as fast as it can.
    const many = async () => {
      while (flooding()) {
        await arrival();
        sent++;
        n++;
        const res = await sendEvent(t, event, { ip: `10.1.${(n >> 8) & 255}.${n & 255}`, ua: DESKTOP_UA });
        count(statuses.many, res.status);
      }
    };
    const one = async () => {
      while (flooding()) {
        await arrival();
        sent++;
        const res = await sendEvent(t, event, { ip: "192.0.2.66", ua: DESKTOP_UA });
        count(statuses.one, res.status);
      }
    };
    const leads = async () => {
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: `flood-${i}@example.com`, company_name: "Busy Day LLC" }), {
          "x-forwarded-for": `172.16.0.${i + 1}`,
        });
        answers.push(res.status);
        answers.push((await t.app.request("/api/health")).status);
      }
      leadsDone = true;
      return answers;
    };
    const [answers] = await Promise.all([leads(), ...Array.from({ length: SENDERS }, many), ...Array.from({ length: ONE_ADDRESS_SENDERS }, one)]);

    expect(answers, "lead submissions and health checks during the flood").toEqual(Array(24).fill(200));
    expect(sent).toBeGreaterThanOrEqual(AT_LEAST);
    expect([...statuses.many.keys()], "the many addresses").toEqual([202]);
    // One address: its minute's allowance, then refused.
    expect(statuses.one.get(202)).toBe(EVENTS_PER_MINUTE);
    expect([...statuses.one.keys()].sort()).toEqual([202, 429]);
    expect((await leadCounts(t)).bookings).toBe(12);

    // Stopping writes what waits; then each accepted page view is a row, or was counted as dropped.
    const accepted = statuses.many.get(202)! + EVENTS_PER_MINUTE;
    await stopAnalytics(t.deps);
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events where name = 'page_view'`);
    const stored = rows[0]!.n;
    const dropped = log.lines
      .filter((line) => line.level === "warn")
      .reduce((sum, line) => {
        const { droppedFull = 0, droppedClosed = 0, failed = 0 } = line.fields as Record<string, number>;
        return sum + droppedFull + droppedClosed + failed;
      }, 0);
    expect(stored + dropped, `stored ${stored}, dropped ${dropped}, accepted ${accepted}`).toBeGreaterThanOrEqual(accepted);
    expect(stored).toBeLessThanOrEqual(accepted);
  });
});

describe("ANALYTICS_ENABLED=false", () => {
  let t: AnalyticsTestApp;
  beforeAll(async () => {
    t = await createAnalyticsApp("2025-03-10T12:00:00Z", { ANALYTICS_ENABLED: "false" });
  });
  afterAll(() => t?.close());

  it("answers 404 and counts nothing; the page is told not to collect", async () => {
    const res = await sendEvent(t, pageView, { ip: freshIp(), ua: PHONE_UA });
    expect(res.status).toBe(404);
    expect(t.ingest.pending).toBe(0);
    expect(t.config.runtime.collectEvents).toBe(false);
  });
});
