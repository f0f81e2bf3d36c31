import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../server/app";
import { rateLimitBuckets } from "../../server/db/schema";
import { databaseBuckets, RateLimiter, RefusalPacer } from "../../server/platform/rate-limiter";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingBody, contactBody, leadCounts, postJson } from "./leads-support";
import { contactValues } from "../support/lead-values";

/**
 * What a lead costs the database (docs/decisions/0102): one round trip for a stored lead, none for
 * a flood the instance already knows is over its limit, and the shared limit still exact across
 * instances. Two apps on one database play two instances.
 */
let t: TestApp;
let other: ReturnType<typeof createApp>;

beforeAll(async () => {
  // Known refusals answered at once here: these tests count database calls, not time.
  t = await createTestApp({ TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "3", LEADS_RATE_LIMIT_WINDOW_SECONDS: "600" });
  // A second instance: its own app (and its own memory of refusals) on the same database.
  other = createApp({ ...t.deps });
});
afterAll(() => t.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const PUBLIC_URL = "http://localhost:3000";
const RATE_LIMITED = "Too many submissions from your network. Please try again later.";

/** Counts the calls the app makes on the database's client (queries, transactions, checkouts). */
function countDatabaseCalls() {
  const client = (t.database.db as unknown as { $client: Record<string, unknown> }).$client;
  const restore: (() => void)[] = [];
  let calls = 0;
  let inside = false;
  for (const method of ["query", "connect", "transaction", "exec"]) {
    const original = client[method];
    if (typeof original !== "function") continue;
    client[method] = function (this: unknown, ...args: unknown[]) {
      // A pool's query checks a connection out within the call: one call, not two.
      if (!inside) calls++;
      inside = true;
      try {
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        inside = false;
      }
    };
    restore.push(() => (client[method] = original));
  }
  return {
    get calls() {
      return calls;
    },
    stop: () => restore.forEach((r) => r()),
  };
}

const bucketCount = async (ip: string) => {
  const [row] = await t.database.db.select({ count: rateLimitBuckets.count }).from(rateLimitBuckets).where(eq(rateLimitBuckets.key, `leads:${ip}`));
  return row?.count ?? 0;
};

describe("the lead limit under a flood", () => {
  it("holds across instances, then refuses a flooding address without a database write per request", async () => {
    const ip = "203.0.113.90";
    const apps = [t.app, other, t.app];
    for (let i = 0; i < 3; i++) {
      expect((await postJson(apps[i]!, "/api/submit-booking", bookingBody({ work_email: `flood-${i}@example.com` }), from(ip))).status).toBe(200);
    }
    const before = await leadCounts(t);

    const calls = countDatabaseCalls();
    const statuses = [];
    for (let i = 0; i < 20; i++) {
      const res = await postJson(i % 2 ? other : t.app, i % 3 ? "/api/contact" : "/api/submit-booking", i % 3 ? contactBody() : bookingBody(), from(ip));
      statuses.push(res.status);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(500);
    }
    calls.stop();
    expect(statuses).toEqual(Array(20).fill(429));
    // Each instance asked the database once and was refused; it then knew (before: 20 writes).
    expect(calls.calls).toBe(2);
    expect(await bucketCount(ip)).toBe(3 + 2);
    expect(await leadCounts(t)).toEqual(before);
    // Another address is untouched on either instance.
    expect((await postJson(other, "/api/contact", contactBody(), from("203.0.113.91"))).status).toBe(200);
  });

  it("stores a lead in one database round trip (limit, idempotency key, lead and outbox in one statement)", async () => {
    const calls = countDatabaseCalls();
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: "one-trip@example.com" }), {
      ...from("203.0.113.92"),
      "idempotency-key": "one-round-trip-1",
    });
    calls.stop();
    expect(res.status).toBe(200);
    expect(calls.calls).toBe(1);
  });
});

describe("a flood's refusals are paced (LEADS_REFUSAL_DELAY_MS as it ships)", () => {
  let paced: TestApp;
  /** How long each known refusal is held: the default, 1 s (docs/decisions/0102). */
  let delay: number;
  beforeAll(async () => {
    paced = await createTestApp({ TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "2" }, {}, { site: "lazy", refusalPacing: "shipped" });
    delay = paced.config.leads.refusalDelayMs;
    // Loaded before the clock starts, as the server loads it while it starts (server/index.ts).
    await paced.deps.site!.loadFormAnswers();
  });
  afterAll(() => paced.close());

  it("ships with pacing on: each known refusal held a second", () => {
    expect(delay).toBe(1000);
  });

  it("holds each answer to an address known to be over its limit, while another visitor is answered at once", async () => {
    const ip = "203.0.113.120";
    for (let i = 0; i < 2; i++) expect((await postJson(paced.app, "/api/contact", contactBody({ email: `paced-${i}@example.com` }), from(ip))).status).toBe(200);
    // The database refuses the address once; from then on the instance knows.
    expect((await postJson(paced.app, "/api/contact", contactBody(), from(ip))).status).toBe(429);

    const started = performance.now();
    const refusal = async () => {
      const res = await postJson(paced.app, "/api/submit-booking", bookingBody(), from(ip));
      return { status: res.status, retryAfter: res.headers.get("retry-after"), at: performance.now() - started };
    };
    const flood = Array.from({ length: 30 }, refusal);
    const other = await postJson(paced.app, "/api/submit-booking", bookingBody({ work_email: "not-flooding@example.com" }), from("203.0.113.121"));
    const otherAt = performance.now() - started;
    const refused = await Promise.all(flood);

    expect(other.status).toBe(200);
    expect(refused.map((r) => r.status)).toEqual(Array(30).fill(429));
    expect(refused.every((r) => Number(r.retryAfter) > 500)).toBe(true);
    // Each refusal went out a second late (before: at once), and the other visitor did not wait for them.
    const firstRefusal = Math.min(...refused.map((r) => r.at));
    expect(firstRefusal).toBeGreaterThanOrEqual(delay - 10);
    expect(otherAt).toBeLessThan(firstRefusal);
  });

  it("counts refused native posts against the address, then paces them; none is rendered, while another visitor's page and lead are answered", async () => {
    // docs/decisions/0501: a render costs tens of milliseconds of the one thread; a refusal, none.
    const site = paced.deps.site!;
    let renders = 0;
    const app = createApp({ ...paced.deps, site: { ...site, renderFormPost: (request, intake) => (renders++, site.renderFormPost(request, intake)) } });
    const ip = "203.0.113.130";
    const notAForm = () =>
      app.request("/contact", { method: "POST", headers: { "content-type": "text/plain", origin: PUBLIC_URL, ...from(ip) }, body: "name=Ada" });
    // Counted as any post is: the limit (2) spent, the database refuses the address once.
    expect((await notAForm()).status).toBe(415);
    expect((await notAForm()).status).toBe(415);
    const limited = await notAForm();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(RATE_LIMITED);

    const started = performance.now();
    const refusal = async () => {
      const res = await notAForm();
      return { status: res.status, retryAfter: res.headers.get("retry-after"), at: performance.now() - started };
    };
    const flood = Array.from({ length: 30 }, refusal);
    const page = await app.request("/contact");
    const pageAt = performance.now() - started;
    const lead = await app.request("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL, ...from("203.0.113.131") },
      body: new URLSearchParams({ website: "", ...contactValues, email: "beside-the-flood@example.com" }).toString(),
    });
    const refused = await Promise.all(flood);

    expect(page.status).toBe(200);
    expect(lead.status).toBe(200);
    expect(await lead.text()).toContain("Thanks! We&#x27;ll be in touch soon.");
    expect(refused.map((r) => r.status)).toEqual(Array(30).fill(429));
    expect(refused.every((r) => Number(r.retryAfter) > 500)).toBe(true);
    const firstRefusal = Math.min(...refused.map((r) => r.at));
    expect(firstRefusal).toBeGreaterThanOrEqual(delay - 10);
    expect(pageAt).toBeLessThan(firstRefusal);
    // The other visitor's lead alone was rendered: none of the flood's 33 posts (before: all 33).
    expect(renders).toBe(1);
  });

  it("holds at most its maximum at once: past it, answers at once", async () => {
    const pacer = new RefusalPacer(60_000, 2);
    const held = [pacer.pace(), pacer.pace()];
    expect(pacer.holding).toBe(2);
    let third = false;
    await pacer.pace().then(() => (third = true));
    expect(third).toBe(true);
    expect(pacer.holding).toBe(2);
    void held; // left to their timers: the test does not wait a minute
  });
});

describe("RateLimiter's memory of a refusal", () => {
  it("refuses locally only what the database refused, and only until the window ends", () => {
    let now = 1_000;
    const limiter = new RateLimiter(databaseBuckets(t.database.db), () => now);
    const spec = { key: "leads:192.0.2.200", max: 3, windowSeconds: 600 };
    expect(limiter.settle(spec, { count: 3, ms_left: 1_500 })).toEqual({ allowed: true });
    expect(limiter.known(spec.key)).toBeNull();
    expect(limiter.settle(spec, { count: 4, ms_left: 1_500 })).toEqual({ allowed: false, retryAfterSeconds: 2 });
    now += 1_000;
    expect(limiter.known(spec.key)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.known("leads:192.0.2.201")).toBeNull();
    now += 500;
    expect(limiter.known(spec.key)).toBeNull();
  });
});
