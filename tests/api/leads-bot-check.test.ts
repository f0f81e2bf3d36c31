import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingBody, contactBody, enterpriseBody, leadCounts, postJson, startHttpServer } from "./leads-support";

/**
 * reCAPTCHA's siteverify, played by a local server: the real verification code talks HTTP to it.
 * Each test sets what it answers.
 */
type VerifyAnswer = { success: boolean; score?: number; action?: string; hostname?: string; "error-codes"?: string[] };
let answer: (token: string) => VerifyAnswer | "hang" | "error500" = () => ({ success: true });
let verify: Awaited<ReturnType<typeof startHttpServer>>;
let t: TestApp;

beforeAll(async () => {
  verify = await startHttpServer((_req, body, res) => {
    const params = new URLSearchParams(body);
    const result = answer(params.get("response") ?? "");
    if (result === "hang") return; // never answers: the server must time out
    if (result === "error500") {
      res.writeHead(500).end("oops");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
  });
  t = await createTestApp({
    RECAPTCHA_SITE_KEY: "site-key",
    RECAPTCHA_SECRET_KEY: "secret-key",
    RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
    // Generous here so a loaded machine does not turn a slow local answer into a timeout;
    // the timeout itself is tested with its own app below.
    RECAPTCHA_TIMEOUT_MS: "5000",
    LEADS_RATE_LIMIT_MAX: "100000",
  });
});
afterAll(async () => {
  await t.close();
  await verify.close();
});
beforeEach(() => {
  verify.requests.length = 0;
});

/** A siteverify answer that passes for the given action (PUBLIC_URL is http://localhost:3000). */
const passing = (action: string): VerifyAnswer => ({ success: true, score: 0.9, action, hostname: "localhost" });

let n = 0;
const token = () => `token-${Date.now()}-${n++}`;

async function expectStored(body: unknown) {
  const before = await leadCounts(t);
  const path = "email" in (body as object) ? "/api/contact" : "/api/submit-booking";
  const res = await postJson(t.app, path, body);
  expect(res.status, await res.clone().text()).toBe(200);
  const after = await leadCounts(t);
  expect(after.bookings + after.contacts).toBe(before.bookings + before.contacts + 1);
}

async function expectRefused(body: unknown, status: number, error: string) {
  const before = await leadCounts(t);
  const path = "email" in (body as object) ? "/api/contact" : "/api/submit-booking";
  const res = await postJson(t.app, path, body);
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ success: false, error });
  expect(await leadCounts(t)).toEqual(before);
}

describe("bot check on (site and secret key configured)", () => {
  it("passes a good token with the form's action and sends secret, token and IP to siteverify", async () => {
    answer = () => passing("booking_scheduler");
    const tk = token();
    await expectStored(bookingBody({ recaptchaToken: tk }));
    expect(verify.requests).toHaveLength(1);
    const sent = new URLSearchParams(verify.requests[0]!.body);
    expect(sent.get("secret")).toBe("secret-key");
    expect(sent.get("response")).toBe(tk);
  });

  it("expects each form's own action: enterprise_scheduler, enterprise_booking, contact_form", async () => {
    answer = () => passing("enterprise_scheduler");
    await expectStored(enterpriseBody({ recaptchaToken: token() }));
    answer = () => passing("enterprise_booking");
    await expectStored(enterpriseBody({ source_form: "enterprise_inline", recaptchaToken: token() }));
    answer = () => passing("contact_form");
    await expectStored(contactBody({ recaptchaToken: token() }));
  });

  it("refuses a missing token without asking siteverify", async () => {
    answer = () => passing("booking_scheduler");
    await expectRefused(bookingBody({ recaptchaToken: null }), 400, "Bot check token missing. Please refresh and try again.");
    expect(verify.requests).toHaveLength(0);
  });

  it("refuses a low score, a wrong action, a foreign hostname and success false", async () => {
    const failed = "Bot check failed. Please refresh and try again.";
    answer = () => ({ ...passing("booking_scheduler"), score: 0.3 });
    await expectRefused(bookingBody({ recaptchaToken: token() }), 403, failed);
    answer = () => ({ ...passing("booking_scheduler"), score: 0.5 }); // at the threshold passes
    await expectStored(bookingBody({ recaptchaToken: token() }));
    answer = () => passing("enterprise_scheduler");
    await expectRefused(bookingBody({ recaptchaToken: token() }), 403, failed);
    answer = () => passing("booking_scheduler");
    await expectRefused(enterpriseBody({ source_form: "enterprise_inline", recaptchaToken: token() }), 403, failed);
    answer = () => ({ ...passing("booking_scheduler"), hostname: "evil.example" });
    await expectRefused(bookingBody({ recaptchaToken: token() }), 403, failed);
    answer = () => ({ success: false, "error-codes": ["invalid-input-response"] });
    await expectRefused(bookingBody({ recaptchaToken: token() }), 403, failed);
  });

  it("refuses a replayed token, even when siteverify would accept it again", async () => {
    answer = () => passing("booking_scheduler");
    const tk = token();
    await expectStored(bookingBody({ recaptchaToken: tk }));
    await expectRefused(bookingBody({ recaptchaToken: tk, name: "Someone Else" }), 403, "Bot check token already used. Please refresh and try again.");
    // Two submissions racing with one token: exactly one is stored.
    const raced = token();
    const before = await leadCounts(t);
    const answers = await Promise.all(
      [0, 1, 2].map((i) => postJson(t.app, "/api/submit-booking", bookingBody({ recaptchaToken: raced, name: `Racer ${i}` }))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    expect((await leadCounts(t)).bookings).toBe(before.bookings + 1);
  });

  it("fails closed with 503 and stores nothing when siteverify is down, erroring or too slow", async () => {
    const unavailable = "Bot check is temporarily unavailable. Please try again in a moment.";
    answer = () => "error500";
    await expectRefused(bookingBody({ recaptchaToken: token() }), 503, unavailable);
    answer = () => "hang";
    const impatient = await createTestApp({
      RECAPTCHA_SITE_KEY: "site-key",
      RECAPTCHA_SECRET_KEY: "secret-key",
      RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
      RECAPTCHA_TIMEOUT_MS: "300",
    });
    try {
      const started = Date.now();
      const res = await postJson(impatient.app, "/api/submit-booking", bookingBody({ recaptchaToken: token() }));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, error: unavailable });
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await leadCounts(impatient)).bookings).toBe(0);
    } finally {
      await impatient.close();
    }

    const down = await createTestApp({
      RECAPTCHA_SITE_KEY: "site-key",
      RECAPTCHA_SECRET_KEY: "secret-key",
      RECAPTCHA_VERIFY_URL: "http://127.0.0.1:9/siteverify", // nothing listens on the discard port
    });
    try {
      const res = await postJson(down.app, "/api/submit-booking", bookingBody({ recaptchaToken: token() }));
      expect(res.status).toBe(503);
      expect((await leadCounts(down)).bookings).toBe(0);
    } finally {
      await down.close();
    }
  });

  it("a retried submission (same idempotency key) answers success without a second token check", async () => {
    answer = () => passing("booking_scheduler");
    const key = `retry-${Date.now()}`;
    const tk = token();
    const before = await leadCounts(t);
    const first = await postJson(t.app, "/api/submit-booking", bookingBody({ recaptchaToken: tk }), { "idempotency-key": key });
    const again = await postJson(t.app, "/api/submit-booking", bookingBody({ recaptchaToken: tk }), { "idempotency-key": key });
    expect([first.status, again.status]).toEqual([200, 200]);
    // The retry names the same lead: the same reference.
    const firstAnswer = await first.json();
    expect(firstAnswer).toEqual({ success: true, reference: expect.stringMatching(/^[\w-]{22}$/) });
    expect(await again.json()).toEqual(firstAnswer);
    expect((await leadCounts(t)).bookings).toBe(before.bookings + 1);
  });
});

describe("a flood from one address (docs/decisions/0102)", () => {
  it("never reaches siteverify past the limit: 5 submissions with LEADS_RATE_LIMIT_MAX=2 ask it at most twice, in a row or at once", async () => {
    const limited = await createTestApp({
      RECAPTCHA_SITE_KEY: "site-key",
      RECAPTCHA_SECRET_KEY: "secret-key",
      RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
      RECAPTCHA_TIMEOUT_MS: "5000",
      LEADS_RATE_LIMIT_MAX: "2",
      TRUST_PROXY_HEADER: "x-forwarded-for",
    });
    const flood = (address: string, i: number) =>
      postJson(limited.app, "/api/submit-booking", bookingBody({ recaptchaToken: token(), work_email: `flood-${i}@example.com` }), {
        "x-forwarded-for": address,
      });
    try {
      // A bot's tokens, which Google scores low: two are asked about and refused, then nothing is asked.
      answer = () => ({ ...passing("booking_scheduler"), score: 0.1 });
      const inARow = [];
      for (let i = 0; i < 5; i++) inARow.push((await flood("198.51.100.9", i)).status);
      expect(inARow).toEqual([403, 403, 429, 429, 429]);
      expect(verify.requests).toHaveLength(2);

      // Five at once from another address, with tokens Google would pass: two stored, two asked.
      verify.requests.length = 0;
      answer = () => passing("booking_scheduler");
      const atOnce = await Promise.all([0, 1, 2, 3, 4].map((i) => flood("198.51.100.10", i)));
      expect(atOnce.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
      expect(verify.requests.length).toBeLessThanOrEqual(2);
      expect((await leadCounts(limited)).bookings).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe("bot check off (no keys)", () => {
  it("accepts submissions without a token", async () => {
    const off = await createTestApp();
    try {
      const res = await postJson(off.app, "/api/submit-booking", bookingBody({ recaptchaToken: undefined }));
      expect(res.status).toBe(200);
      expect((await leadCounts(off)).bookings).toBe(1);
    } finally {
      await off.close();
    }
  });
});
