import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingInquiries, contactRequests } from "../../server/db/schema";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { bookingBody, contactBody, enterpriseBody, leadCounts, postJson } from "./leads-support";

let t: TestApp;

beforeAll(async () => {
  // A high rate limit: this file sends many requests from one (unknown) address on purpose.
  t = await createTestApp({ LEADS_RATE_LIMIT_MAX: "100000", TRUST_PROXY_HEADER: "x-forwarded-for" });
});
afterAll(() => t.close());

async function expectRefused(path: string, body: unknown, status: number, headers: Record<string, string> = {}) {
  const before = await leadCounts(t);
  const res = await postJson(t.app, path, body, headers);
  const json = (await res.json()) as { success: boolean; error: string; fieldErrors?: Record<string, string> };
  expect(res.status, JSON.stringify(json)).toBe(status);
  expect(json.success).toBe(false);
  expect(typeof json.error).toBe("string");
  expect(json.error.length).toBeGreaterThan(0);
  expect(await leadCounts(t)).toEqual(before);
  return json;
}

const x = (n: number) => "x".repeat(n);

describe("POST /api/submit-booking: the booking dialog's body", () => {
  it("stores a valid submission with its attribution and consent evidence", async () => {
    const res = await postJson(
      t.app,
      "/api/submit-booking",
      bookingBody({
        name: "  Ada Lovelace  ",
        idempotency_key: "booking-evidence-1",
        attribution: { page_path: "/pricing", referrer: "https://news.example/", utm_source: "newsletter", utm_campaign: "fall" },
      }),
      { "x-forwarded-for": "203.0.113.7", "user-agent": "VitestBrowser/1.0" },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "booking-evidence-1"));
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      jobTitle: "Owner",
      workEmail: "ada@example.com",
      companyName: "Analytical Engines LLC",
      totalCalls: 400,
      aiGoal: null,
      tcpaConsent: true,
      sourceForm: "booking_dialog",
      consentTextVersion: CONSENT_TEXT_VERSION,
      pagePath: "/pricing",
      referrer: "https://news.example/",
      utmSource: "newsletter",
      utmCampaign: "fall",
      utmMedium: null,
      clientIp: "203.0.113.7",
      userAgent: "VitestBrowser/1.0",
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("stores the enterprise shape with total_calls null, for the dialog and the inline form", async () => {
    for (const [sourceForm, key] of [
      [undefined, "enterprise-default-1"],
      ["enterprise_inline", "enterprise-inline-1"],
    ] as const) {
      const res = await postJson(t.app, "/api/submit-booking", enterpriseBody({ source_form: sourceForm, idempotency_key: key }));
      expect(res.status).toBe(200);
      const [row] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, key));
      expect(row).toMatchObject({
        totalCalls: null,
        aiGoal: "Answer every support call within seconds",
        sourceForm: sourceForm ?? "enterprise_dialog",
      });
    }
  });

  // Limits and messages: docs/product.md#booking-dialog-validation and
  // docs/product.md#enterprise-form-validation.
  it("accepts each text at its limit and refuses it one past, with the required message", async () => {
    const cases: [string, number, string][] = [
      ["name", 100, "Name must be less than 100 characters"],
      ["job_title", 100, "Job title must be less than 100 characters"],
      ["company_name", 100, "Company name must be less than 100 characters"],
    ];
    for (const [field, limit, message] of cases) {
      const ok = await postJson(t.app, "/api/submit-booking", bookingBody({ [field]: x(limit) }));
      expect(ok.status, field).toBe(200);
      const json = await expectRefused("/api/submit-booking", bookingBody({ [field]: x(limit + 1) }), 400);
      expect(json.fieldErrors).toEqual({ [field]: message });
    }
    const longEmail = `${x(243)}@example.com`; // 255 characters
    expect(longEmail.length).toBe(255);
    expect((await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: longEmail }))).status).toBe(200);
    const json = await expectRefused("/api/submit-booking", bookingBody({ work_email: `x${longEmail}` }), 400);
    expect(json.fieldErrors?.work_email).toBe("Email must be less than 255 characters");

    expect((await postJson(t.app, "/api/submit-booking", enterpriseBody({ ai_goal: x(500) }))).status).toBe(200);
    const goal = await expectRefused("/api/submit-booking", enterpriseBody({ ai_goal: x(501) }), 400);
    expect(goal.fieldErrors).toEqual({ ai_goal: "AI goal must be less than 500 characters" });
  });

  it("checks total_calls: 1 and 1,000,000 pass; 0, 1,000,001, fractions and strings do not", async () => {
    for (const ok of [1, 1_000_000]) {
      expect((await postJson(t.app, "/api/submit-booking", bookingBody({ total_calls: ok }))).status).toBe(200);
    }
    const refused: [unknown, string][] = [
      [0, "Must be at least 1"],
      [-5, "Must be at least 1"],
      [1_000_001, "Value too large"],
      [1e300, "Value too large"],
      [2.5, "Must be a whole number"],
      ["400", "Must be a number"],
      [null, "Must be a number"],
      [true, "Must be a number"],
    ];
    for (const [value, message] of refused) {
      const json = await expectRefused("/api/submit-booking", bookingBody({ total_calls: value }), 400);
      expect(json.fieldErrors?.total_calls, String(value)).toBe(message);
    }
    // 1e400 is valid JSON that parses to Infinity.
    const infinite = JSON.stringify(bookingBody({ total_calls: 7 })).replace('"total_calls":7', '"total_calls":1e400');
    expect((await expectRefused("/api/submit-booking", infinite, 400)).fieldErrors?.total_calls).toBe("Value too large");
  });

  // Messages: docs/product.md#booking-dialog-validation.
  it("refuses missing, blank and wrong-typed fields with the required messages", async () => {
    const json = await expectRefused("/api/submit-booking", {}, 400);
    expect(json.fieldErrors).toEqual({
      name: "Name is required",
      job_title: "Job title is required",
      work_email: "Invalid email address",
      company_name: "Company name is required",
      total_calls: "Must be at least 1",
      tcpa_consent: "You must consent to be contacted to proceed",
    });
    const blanks = await expectRefused("/api/submit-booking", bookingBody({ name: "   ", job_title: "\t", company_name: "" }), 400);
    expect(blanks.fieldErrors).toEqual({
      name: "Name is required",
      job_title: "Job title is required",
      company_name: "Company name is required",
    });
    for (const email of ["not-an-email", "a@b", "ada@@example.com", 42, ["a@b.co"]]) {
      const r = await expectRefused("/api/submit-booking", bookingBody({ work_email: email }), 400);
      expect(r.fieldErrors?.work_email).toBe("Invalid email address");
    }
    for (const consent of [false, "true", 1, null]) {
      const r = await expectRefused("/api/submit-booking", bookingBody({ tcpa_consent: consent }), 400);
      expect(r.fieldErrors?.tcpa_consent).toBe("You must consent to be contacted to proceed");
    }
    await expectRefused("/api/submit-booking", bookingBody({ name: { first: "Ada" } }), 400);
    await expectRefused("/api/submit-booking", enterpriseBody({ ai_goal: "   " }), 400);
    await expectRefused("/api/submit-booking", enterpriseBody({ total_calls: 5 }), 400);
    await expectRefused("/api/submit-booking", bookingBody({ source_form: "admin" }), 400);
    await expectRefused("/api/submit-booking", bookingBody({ consent_text_version: "made-up" }), 400);
    await expectRefused("/api/submit-booking", bookingBody({ idempotency_key: "short" }), 400);
    await expectRefused("/api/submit-booking", bookingBody({ recaptchaToken: 12 }), 400);
  });

  it("stores unicode exactly and hostile strings as inert text; strips NUL and lone surrogates", async () => {
    const hostile = {
      name: "Zoë 李 🚀 O'Brien",
      job_title: "<script>alert(1)</script>",
      company_name: "'; drop table booking_inquiries; --",
      work_email: "zoe.obrien+leads@example.com",
      idempotency_key: "hostile-strings-1",
    };
    expect((await postJson(t.app, "/api/submit-booking", bookingBody(hostile))).status).toBe(200);
    const [row] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "hostile-strings-1"));
    expect(row).toMatchObject({ name: hostile.name, jobTitle: hostile.job_title, companyName: hostile.company_name });

    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ name: "Nul\u0000l \ud800Byte", idempotency_key: "nul-byte-1" }));
    expect(res.status).toBe(200);
    const [nul] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "nul-byte-1"));
    expect(nul!.name).toBe("Null Byte");
    // Only control characters: nothing left, so the name is missing.
    await expectRefused("/api/submit-booking", bookingBody({ name: "\u0000\u0001" }), 400);
  });

  it("keeps the lead when attribution is odd: wrong types dropped, long values cut", async () => {
    const res = await postJson(
      t.app,
      "/api/submit-booking",
      bookingBody({ idempotency_key: "odd-attribution", attribution: { utm_source: 7, utm_medium: x(5000), referrer: ["x"] } }),
    );
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "odd-attribution"));
    expect(row!.utmSource).toBeNull();
    expect(row!.utmMedium).toHaveLength(256);
    expect(row!.referrer).toBeNull();
  });

  it("answers a filled honeypot exactly as a stored lead, and stores nothing (a bot learns nothing)", async () => {
    for (const [path, body] of [
      ["/api/submit-booking", bookingBody({ website: "http://spam.example", work_email: "bot@example.com" })],
      ["/api/submit-booking", enterpriseBody({ website: " ", idempotency_key: "honeypot-key-1" })],
      ["/api/contact", contactBody({ website: "1" })],
    ] as const) {
      const before = await leadCounts(t);
      const res = await postJson(t.app, path, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect(await leadCounts(t)).toEqual(before);
    }
    // Invalid fields answer what they answer without the honeypot: nothing tells the two apart.
    const withHoneypot = await expectRefused("/api/submit-booking", bookingBody({ website: "x", work_email: "nope" }), 400);
    const without = await expectRefused("/api/submit-booking", bookingBody({ work_email: "nope" }), 400);
    expect(withHoneypot).toEqual(without);
  });
});

describe("the HTTP envelope of both lead endpoints", () => {
  for (const path of ["/api/submit-booking", "/api/contact"]) {
    it(`${path}: 413 for a 1 MB body, 415 for non-JSON, 400 for malformed JSON or a non-object`, async () => {
      const huge = JSON.stringify({ ...bookingBody(), notes: x(1024 * 1024) });
      await expectRefused(path, huge, 413);
      // Without Content-Length (streamed) the limit holds too.
      const before = await leadCounts(t);
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 64; i++) controller.enqueue(new TextEncoder().encode(x(16 * 1024)));
          controller.close();
        },
      });
      const streamed = await t.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(await leadCounts(t)).toEqual(before);

      await expectRefused(path, JSON.stringify(bookingBody()), 415, { "content-type": "text/plain" });
      await expectRefused(path, "name=Ada", 415, { "content-type": "application/x-www-form-urlencoded" });
      const noType = await t.app.request(path, { method: "POST", body: JSON.stringify(bookingBody()) });
      expect(noType.status).toBe(415);
      for (const bad of ['{"name": "Ada"', "", "nul", "{'a': 1}"]) await expectRefused(path, bad, 400);
      for (const notObject of ["[]", "null", "42", '"text"', "[{}]"]) await expectRefused(path, notObject, 400);
    });

    it(`${path}: other methods answer 405`, async () => {
      const res = await t.app.request(path, { method: "GET" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    });
  }
});

describe("POST /api/contact", () => {
  it("stores the contact form as a lead", async () => {
    const res = await postJson(t.app, "/api/contact", contactBody({ idempotency_key: "contact-ok-1", attribution: { page_path: "/contact" } }), {
      "x-forwarded-for": "198.51.100.4",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.idempotencyKey, "contact-ok-1"));
    expect(row).toMatchObject({
      name: "Alan Turing",
      company: "Bletchley Trades",
      role: "Owner",
      email: "alan@example.com",
      phone: "+1 (555) 010-0100",
      industry: "trades",
      companySize: "11-50",
      notes: "We miss calls after 5pm.",
      pagePath: "/contact",
      clientIp: "198.51.100.4",
    });
  });

  it("needs only name, company, email and industry; empty optional fields become null", async () => {
    const res = await postJson(t.app, "/api/contact", {
      name: "Min",
      company: "Imal",
      email: "min@example.com",
      industry: "other",
      role: "",
      phone: "",
      company_size: "",
      notes: "",
      idempotency_key: "contact-min-1",
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.idempotencyKey, "contact-min-1"));
    expect(row).toMatchObject({ role: null, phone: null, companySize: null, notes: null });
  });

  it("refuses bad contact input with field messages", async () => {
    const json = await expectRefused("/api/contact", {}, 400);
    expect(json.fieldErrors).toEqual({
      name: "Name is required",
      company: "Company is required",
      email: "Invalid email address",
      industry: "Industry is required",
    });
    const r = await expectRefused("/api/contact", contactBody({ industry: "banking", company_size: "500+", phone: "call me", notes: x(2001) }), 400);
    expect(r.fieldErrors).toEqual({
      industry: "Industry is required",
      company_size: "Choose a company size from the list",
      phone: "Invalid phone number",
      notes: "Notes must be less than 2000 characters",
    });
    expect((await postJson(t.app, "/api/contact", contactBody({ notes: x(2000) }))).status).toBe(200);
    await expectRefused("/api/contact", contactBody({ company: x(101) }), 400);
  });
});
