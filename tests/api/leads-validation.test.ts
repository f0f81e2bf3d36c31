import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingInquiries, contactRequests, leadOutbox } from "../../server/db/schema";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { bookingBody, contactBody, enterpriseBody, leadCounts, postJson } from "./leads-support";
import { notificationsOnly } from "../support/outbox";

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

/** What a field with a hidden character answers (docs/decisions/0101). */
const HIDDEN = {
  name: "Name must be a single line without hidden characters",
  job_title: "Job title must be a single line without hidden characters",
  work_email: "Email must be a single line without hidden characters",
  company_name: "Company name must be a single line without hidden characters",
  company: "Company must be a single line without hidden characters",
  role: "Role must be a single line without hidden characters",
  email: "Email must be a single line without hidden characters",
  phone: "Phone must be a single line without hidden characters",
  ai_goal: "AI goal must not contain hidden characters",
  notes: "Notes must not contain hidden characters",
} as const;

/** The line the security review forged in the staff notification e-mail. */
const FORGED_LINE = "Work email: ceo@victim.example";

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
    expect(await res.json()).toEqual({ success: true, reference: expect.stringMatching(/^[\w-]{22}$/) });
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

  it("keeps hidden characters of the User-Agent header out of the stored evidence (it is shown in the staff e-mail)", async () => {
    // Header bytes 0x80-0xFF decode to C1 controls: U+0085 (NEL) is a line break to many readers.
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ idempotency_key: "booking-ua-nel-1" }), {
      "user-agent": "Browser/1.0\u0085Work email: ceo@victim.example\u0009x",
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "booking-ua-nel-1"));
    expect(row!.userAgent).toBe("Browser/1.0Work email: ceo@victim.examplex");
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

  it("stores unicode exactly and hostile strings as inert text; refuses NUL and lone surrogates", async () => {
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

    // Refused rather than silently dropped (docs/decisions/0101): what is stored is what was sent.
    for (const name of ["Nul\u0000l Byte", "Lone \ud800Surrogate", "\u0000\u0001"]) {
      const json = await expectRefused("/api/submit-booking", bookingBody({ name, idempotency_key: "nul-byte-1" }), 400);
      expect(json.fieldErrors).toEqual({ name: HIDDEN.name });
    }
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
      // A booking lead's answer names its reference; a honeypot's names one that matches no lead.
      expect(await res.json()).toEqual(path === "/api/contact" ? { success: true } : { success: true, reference: expect.stringMatching(/^[\w-]{22}$/) });
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

describe("hidden characters: no forged lines (docs/decisions/0101)", () => {
  // Line breaks, a tab, C0 and C1 controls, a line separator, bidi override, isolate and mark.
  const BAD = ["\r\n", "\n", "\r", "\t", "\u000b", "\u001b", "\u0085", "\u2028", "\u2029", "\u202e", "\u2066", "\u200f"];
  const singleLine: [path: string, body: (o: Record<string, unknown>) => Record<string, unknown>, fields: (keyof typeof HIDDEN)[]][] = [
    ["/api/submit-booking", bookingBody, ["name", "job_title", "work_email", "company_name"]],
    ["/api/submit-booking", (o) => enterpriseBody({ source_form: "enterprise_inline", ...o }), ["name", "job_title", "work_email", "company_name"]],
    ["/api/contact", contactBody, ["name", "company", "role", "email", "phone"]],
  ];

  it("each single-line field of each endpoint refuses them with its own message, storing nothing", async () => {
    for (const [path, body, fields] of singleLine) {
      for (const field of fields) {
        const value = String(body({})[field]);
        for (const bad of BAD) {
          const sent = `${value.slice(0, 3)}${bad}${value.slice(3)}`;
          const json = await expectRefused(path, body({ [field]: sent }), 400);
          expect(json, `${path} ${field} = ${JSON.stringify(sent)}`).toEqual({ success: false, error: HIDDEN[field], fieldErrors: { [field]: HIDDEN[field] } });
        }
      }
    }
  });

  it("the forged name of the security review is refused on every endpoint", async () => {
    const name = `Bob\r\n${FORGED_LINE}`;
    for (const [path, body] of [
      ["/api/submit-booking", bookingBody({ name })],
      ["/api/submit-booking", enterpriseBody({ name })],
      ["/api/contact", contactBody({ name })],
    ] as const) {
      const json = await expectRefused(path, body, 400);
      expect(json.fieldErrors).toEqual({ name: HIDDEN.name });
    }
  });

  it("a line break or tab a paste leaves at either end is trimmed, and the lead stored", async () => {
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ name: "\tAda Lovelace\r\n", idempotency_key: "trimmed-paste-1" }));
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "trimmed-paste-1"));
    expect(row!.name).toBe("Ada Lovelace");
  });

  it("multi-line fields keep line breaks and tabs, and refuse the other hidden characters", async () => {
    const text = "Answer calls\r\nafter 5pm:\tevery day\nand weekends";
    expect((await postJson(t.app, "/api/submit-booking", enterpriseBody({ ai_goal: text, idempotency_key: "multi-line-goal-1" }))).status).toBe(200);
    const [booking] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.idempotencyKey, "multi-line-goal-1"));
    expect(booking!.aiGoal).toBe(text);
    expect((await postJson(t.app, "/api/contact", contactBody({ notes: text, idempotency_key: "multi-line-notes-1" }))).status).toBe(200);
    const [contact] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.idempotencyKey, "multi-line-notes-1"));
    expect(contact!.notes).toBe(text);

    for (const bad of ["\u0000", "\u000b", "\u001b", "\u0085", "\u2028", "\u202e", "\u2067", "\u061c", "\udc00"]) {
      const goal = await expectRefused("/api/submit-booking", enterpriseBody({ ai_goal: `Answer${bad} calls` }), 400);
      expect(goal.fieldErrors).toEqual({ ai_goal: HIDDEN.ai_goal });
      const notes = await expectRefused("/api/contact", contactBody({ notes: `Calls${bad} after 5pm` }), 400);
      expect(notes.fieldErrors).toEqual({ notes: HIDDEN.notes });
    }
  });
});

describe("the staff notification carries no forged line (docs/decisions/0101)", () => {
  let n: TestApp;
  beforeAll(async () => {
    // Both channels configured, so every stored lead queues its e-mail and webhook payloads (no
    // worker runs here: the payloads stay in the outbox to be read).
    n = await createTestApp({
      ...notificationsOnly,
      SMTP_URL: "smtp://127.0.0.1:9",
      LEADS_NOTIFY_TO: "sales@example.com",
      LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hooks/leads",
      LEADS_WEBHOOK_SECRET: "webhook-secret",
      LEADS_RATE_LIMIT_MAX: "100000",
    });
  });
  afterAll(() => n.close());

  it("a submission that tries to forge a line is refused, so no outbox payload holds it; a clean lead still queues", async () => {
    const forgeries = ["\r\n", "\n", "\r", "\u0085", "\u2028", "\u2029", "\u000b", "\u000c"].map((br) => `${br}${FORGED_LINE}`);
    const attempts: [string, Record<string, unknown>][] = [];
    for (const forged of forgeries) {
      for (const field of ["name", "job_title", "company_name", "work_email"]) {
        const value = field === "work_email" ? "bob@example.com" : "Bob";
        attempts.push(["/api/submit-booking", bookingBody({ [field]: `${value}${forged}` })]);
        attempts.push(["/api/submit-booking", enterpriseBody({ [field]: `${value}${forged}` })]);
      }
      for (const field of ["name", "company", "role", "email", "phone"]) {
        const value = field === "email" ? "bob@example.com" : field === "phone" ? "555 0100" : "Bob";
        attempts.push(["/api/contact", contactBody({ [field]: `${value}${forged}` })]);
      }
    }
    for (const [path, body] of attempts) {
      const res = await postJson(n.app, path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await leadCounts(n)).toEqual({ bookings: 0, contacts: 0, outbox: 0 });

    // Attribution is cleaned rather than refused (it never costs a lead): its forged line is joined.
    const clean = await postJson(n.app, "/api/contact", contactBody({ attribution: { utm_source: `news\r\n${FORGED_LINE}`, utm_campaign: "\u202eevil" } }));
    expect(clean.status).toBe(200);
    const rows = await n.database.db.select().from(leadOutbox);
    expect(rows.map((r) => r.channel).sort()).toEqual(["email", "webhook"]);
    for (const row of rows) {
      const lead = (row.payload as { lead: Record<string, unknown> }).lead;
      expect(lead.name).toBe("Alan Turing");
      for (const [key, value] of Object.entries(lead)) {
        if (typeof value !== "string" || key === "notes" || key === "aiGoal") continue;
        // eslint-disable-next-line no-control-regex
        expect(value, key).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      }
      expect(lead.utmSource).toBe(`news${FORGED_LINE}`);
      expect(lead.utmCampaign).toBe("evil");
    }
  });
});
