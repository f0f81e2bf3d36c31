import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingBody, contactBody, leadCounts, postJson } from "./leads-support";

let t: TestApp;

beforeAll(async () => {
  // Known refusals answered at once: their pacing is tested in leads-load.test.ts.
  t = await createTestApp({ TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "3", LEADS_RATE_LIMIT_WINDOW_SECONDS: "600" });
});
afterAll(() => t.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("per-IP rate limit on the lead endpoints (stored in the database)", () => {
  it("answers 429 with Retry-After to a flood from one address while another still gets through", async () => {
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push(await postJson(t.app, "/api/submit-booking", bookingBody({ name: `Flood ${i}` }), from("203.0.113.50")));
    expect(flood.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429]);
    const limited = flood[3]!;
    expect(await limited.json()).toEqual({ success: false, error: "Too many submissions from your network. Please try again later." });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await leadCounts(t)).bookings).toBe(3);

    // The contact endpoint shares the budget for that address...
    expect((await postJson(t.app, "/api/contact", contactBody(), from("203.0.113.50"))).status).toBe(429);
    // ...and other addresses are untouched.
    expect((await postJson(t.app, "/api/submit-booking", bookingBody(), from("198.51.100.20"))).status).toBe(200);
    expect((await postJson(t.app, "/api/contact", contactBody(), from("198.51.100.21"))).status).toBe(200);
  });

  it("uses the rightmost x-forwarded-for entry (the one our proxy added), so a spoofed left entry does not dodge it", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await postJson(t.app, "/api/submit-booking", bookingBody(), { "x-forwarded-for": `10.0.0.${i}, 192.0.2.77` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts concurrent requests exactly (one atomic upsert per request)", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => postJson(t.app, "/api/contact", contactBody(), from("192.0.2.99"))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe("idempotency", () => {
  it("a double submit with one key stores one row and answers success both times (header or body field)", async () => {
    const before = await leadCounts(t);
    const key = "d0ubl3-cl1ck-0001";
    const headerAnswers = await Promise.all([
      postJson(t.app, "/api/submit-booking", bookingBody(), { ...from("198.51.100.60"), "idempotency-key": key }),
      postJson(t.app, "/api/submit-booking", bookingBody(), { ...from("198.51.100.60"), "idempotency-key": key }),
    ]);
    expect(headerAnswers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(headerAnswers.map((r) => r.json()));
    expect(a).toEqual({ success: true, reference: expect.stringMatching(/^[\w-]{22}$/) });
    expect(b).toEqual(a);
    const bodyKey = await postJson(t.app, "/api/submit-booking", bookingBody({ idempotency_key: key }), from("198.51.100.60"));
    expect(bodyKey.status).toBe(200);
    const after = await leadCounts(t);
    expect(after.bookings).toBe(before.bookings + 1);
    // No channel configured here: the one lead's first-contact check is its only outbox row.
    expect(after.outbox).toBe(before.outbox + 1);

    const contactKey = "contact-key-0001";
    await postJson(t.app, "/api/contact", contactBody({ idempotency_key: contactKey }), from("198.51.100.61"));
    await postJson(t.app, "/api/contact", contactBody({ idempotency_key: contactKey }), from("198.51.100.61"));
    expect((await leadCounts(t)).contacts).toBe(before.contacts + 1);
  });

  it("refuses the same key with different data (409) and stores nothing", async () => {
    const key = "reused-key-0001";
    expect((await postJson(t.app, "/api/submit-booking", bookingBody(), { ...from("198.51.100.70"), "idempotency-key": key })).status).toBe(200);
    const before = await leadCounts(t);
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: "other@example.com" }), {
      ...from("198.51.100.70"),
      "idempotency-key": key,
    });
    expect(res.status).toBe(409);
    expect(await leadCounts(t)).toEqual(before);
  });

  it("refuses the second of two concurrent submissions with one key and different data (409), storing only the first", async () => {
    for (const [path, body, subnet] of [
      ["/api/submit-booking", bookingBody, 80] as const,
      ["/api/contact", (o: Record<string, unknown>) => contactBody({ email: o.work_email, name: o.name }), 90] as const,
    ]) {
      const before = await leadCounts(t);
      const keys = Array.from({ length: 4 }, (_, i) => `racing-${path.slice(5, 12)}-${i}`);
      const answers = await Promise.all(
        keys.flatMap((key, i) =>
          ["first", "second"].map((who) =>
            postJson(t.app, path, body({ work_email: `${who}-${i}@example.com`, name: `Racer ${who}` }), {
              ...from(`198.51.100.${subnet + i}`),
              "idempotency-key": key,
            }),
          ),
        ),
      );
      for (let i = 0; i < keys.length; i++) {
        const pair = answers.slice(2 * i, 2 * i + 2);
        expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
        const refused = pair.find((r) => r.status === 409)!;
        expect(await refused.json()).toEqual({ success: false, error: "This submission key was already used for a different request." });
      }
      const after = await leadCounts(t);
      expect(after.bookings + after.contacts).toBe(before.bookings + before.contacts + keys.length);
    }
  });
});
