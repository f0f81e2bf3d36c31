import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createApp } from "../../server/app";
import { MAX_CONCURRENT_RENDERS, MAX_QUEUED_RENDERS, renderSlotsOf } from "../../server/routes/lead-pages";
import type { StaticSite } from "../../server/static-site";
import { bookingInquiries, contactRequests, leadOutbox } from "../../server/db/schema";
import { leadReference } from "../../server/leads/lead-reference";
import { bookingBody, contactBody, leadCounts, postJson, startHttpServer } from "./leads-support";
import { notificationsOnly } from "../support/outbox";

/*
 * Lead forms sent without JavaScript (server/routes/lead-pages.ts, docs/decisions/0501): the
 * browser posts the form to its own page and reads the answer as the page itself, with the
 * thank-you state or the errors beside the values. Runs against the real client build, whose
 * prerendered pages hold the forms the answers re-render.
 */

const PUBLIC_URL = "http://localhost:3000";
const FORM = "application/x-www-form-urlencoded";
const CONTACT_THANKS = "Thanks! We'll be in touch soon.";
const RATE_LIMITED = "Too many submissions from your network. Please try again later.";

type Fields = Record<string, string>;

/** What a browser sends for a form: urlencoded fields, its own Origin and the page as Referer. */
function postForm(app: TestApp["app"], path: string, fields: Fields, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": FORM, origin: PUBLIC_URL, referer: `${PUBLIC_URL}${path}`, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const from = (ip: string) => ({ "x-forwarded-for": ip });

/** The form fields of /contact as the page posts them (its inputs, the honeypot left empty). */
const contactFields = (overrides: Fields = {}): Fields => ({ website: "", ...(contactBody() as Fields), ...overrides });

/** The fields of the booking form on /book-demo. */
const bookingFields = (overrides: Fields = {}): Fields => ({
  website: "",
  source_form: "booking_dialog",
  name: "Ada Lovelace",
  job_title: "Owner",
  work_email: "ada@example.com",
  company_name: "Analytical Engines LLC",
  total_calls: "250",
  tcpa_consent: "on",
  ...overrides,
});

/** The fields of the inline request form on /enterprise. */
const enterpriseFields = (overrides: Fields = {}): Fields => ({
  website: "",
  source_form: "enterprise_inline",
  name: "Grace Hopper",
  job_title: "VP Operations",
  work_email: "grace@example.com",
  company_name: "Compilers Inc",
  ai_goal: "Answer every support call within seconds",
  tcpa_consent: "on",
  ...overrides,
});

/** Text as React escapes it in HTML (text content and attribute values). */
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  const tag = html.match(new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bid="${id}"[^>]*>`));
  expect(tag, `no control with id ${id}`).not.toBeNull();
  return tag![0];
}

/**
 * What every answer to a native post is: an HTML page nobody caches, rendered by React Router (it
 * hydrates), whose scripts all carry the nonce its policy allows inline scripts by, and no other.
 */
async function expectPageAnswer(res: Response, status: number): Promise<string> {
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("form-action 'self'");
  const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).not.toMatch(/unsafe-inline|sha256-/);
  const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!).filter((attrs) => !attrs.includes('type="application/json"'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs).toContain(` nonce="${nonce}"`);
  expect(html).toMatch(/<h1[\s>]/); // the page itself, not a bare fragment
  return html;
}

/** The message above the form named `form`, where the form shows its own (NativeFormError). */
const formMessage = (html: string, form: string, message: string) =>
  expect(html).toMatch(new RegExp(`<form\\b[^>]*data-lead-form="${form}"[^>]*>(?:(?!</form>)[\\s\\S])*<p role="alert"[^>]*>${escapeHtml(message)}</p>`));

/** The app of `t` beside another whose renders of a native post's answer go through `render`. */
function withRenders(t: TestApp, render: (real: StaticSite["renderFormPost"]) => StaticSite["renderFormPost"]) {
  const site = t.deps.site!;
  return createApp({ ...t.deps, site: { ...site, renderFormPost: render(site.renderFormPost) } });
}

const contactRows = (t: TestApp, email: string) => t.database.db.select().from(contactRequests).where(eq(contactRequests.email, email));
const bookingRows = (t: TestApp, email: string) =>
  t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.workEmail, email));

describe("native posts without reCAPTCHA (bot check off, a webhook configured)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        ...notificationsOnly,
        TRUST_PROXY_HEADER: "x-forwarded-for",
        LEADS_RATE_LIMIT_MAX: "100000",
        // A channel, so each stored lead queues one outbox row (no worker runs here).
        LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hooks/leads",
        LEADS_WEBHOOK_SECRET: "webhook-secret",
        DEMO_SCHEDULER_URL: "https://cal.example/demo",
        ENTERPRISE_SCHEDULER_URL: "https://cal.example/enterprise",
      },
      {},
      { site: "lazy" },
    );
  });
  afterAll(() => t.close());

  it("POST /contact stores the lead with the Referer's page and campaign, and answers the thank-you page", async () => {
    const fields = contactFields({ name: "Zoë Ångström", email: "zoe.native@example.com", phone: "+1 (555) 010-0100" });
    const before = await leadCounts(t);
    const res = await postForm(t.app, "/contact", fields, {
      ...from("203.0.113.10"),
      referer: `${PUBLIC_URL}/contact?utm_source=newsletter&utm_campaign=spring#contact-form`,
      "user-agent": "NoScriptBrowser/1.0",
    });
    const html = await expectPageAnswer(res, 200);
    expect(html).toContain(escapeHtml(CONTACT_THANKS));
    // The form is gone, replaced by the thank-you state; nothing typed comes back.
    expect(html).not.toContain('data-lead-form="contact"');
    expect(html).not.toContain("zoe.native@example.com");
    expect(res.headers.get("location")).toBeNull();

    const rows = await contactRows(t, "zoe.native@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Zoë Ångström",
      company: "Bletchley Trades",
      role: "Owner",
      phone: "+1 (555) 010-0100",
      industry: "trades",
      companySize: "11-50",
      notes: "We miss calls after 5pm.",
      pagePath: "/contact",
      utmSource: "newsletter",
      utmCampaign: "spring",
      utmMedium: null,
      botCheck: "off",
      clientIp: "203.0.113.10",
      userAgent: "NoScriptBrowser/1.0",
    });
    const after = await leadCounts(t);
    expect(after.contacts).toBe(before.contacts + 1);
    const outbox = await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.leadId, rows[0]!.id));
    expect(outbox.map((o) => o.channel)).toEqual(["webhook"]);
  });

  it("the same post again (a reload of the answer) answers thank-you and stores nothing new; other values are a new lead", async () => {
    const fields = contactFields({ email: "reload@example.com" });
    const send = (f: Fields, ip = "203.0.113.11") => postForm(t.app, "/contact", f, from(ip));
    expect((await send(fields)).status).toBe(200);
    const before = await leadCounts(t);
    const again = await send(fields);
    expect(await expectPageAnswer(again, 200)).toContain(escapeHtml(CONTACT_THANKS));
    expect(await leadCounts(t)).toEqual(before); // no second row, no second notification
    expect(await contactRows(t, "reload@example.com")).toHaveLength(1);

    // A different message from the same address is a different lead.
    expect((await send({ ...fields, notes: "Also: weekends." })).status).toBe(200);
    expect(await contactRows(t, "reload@example.com")).toHaveLength(2);
  });

  it("a double press (two identical posts at once) stores one lead and answers both with thank-you", async () => {
    const fields = contactFields({ email: "double-press@example.com" });
    const answers = await Promise.all([0, 1].map(() => postForm(t.app, "/contact", fields, from("203.0.113.21"))));
    for (const res of answers) expect(await expectPageAnswer(res, 200)).toContain(escapeHtml(CONTACT_THANKS));
    expect(await contactRows(t, "double-press@example.com")).toHaveLength(1);
  });

  it("offers an enterprise-fit booking the enterprise consultation first, the demo as the other choice", async () => {
    // 40,000 calls a month is above LEADS_ENTERPRISE_CALLS_PER_MONTH's default of 15,000.
    const res = await postForm(t.app, "/book-demo", bookingFields({ work_email: "ada.big@example.com", total_calls: "40000" }), from("198.51.100.31"));
    const html = await expectPageAnswer(res, 200);
    const [row] = await bookingRows(t, "ada.big@example.com");
    const reference = leadReference(t.config.authSecret, row!.id);
    const prefill = `name=Ada+Lovelace&amp;email=ada.big%40example.com&amp;guests=ada.big%40example.com&amp;a1=Analytical+Engines+LLC&amp;a2=Owner&amp;a3=40000&amp;utm_source=website&amp;utm_content=${reference}`;
    const consultation = html.indexOf(`href="https://cal.example/enterprise?${prefill}"`);
    const demo = html.indexOf(`href="https://cal.example/demo?${prefill}"`);
    expect(consultation).toBeGreaterThan(0);
    expect(demo).toBeGreaterThan(consultation);
    expect(html).toContain("Book an enterprise consultation");
    expect(html).toContain("Book the standard demo instead");
    expect(html).not.toContain("Pick a time now");

    // At the threshold and below, only the demo is offered.
    const smaller = await postForm(t.app, "/book-demo", bookingFields({ work_email: "ada.mid@example.com", total_calls: "15000" }), from("198.51.100.31"));
    const smallerHtml = await expectPageAnswer(smaller, 200);
    expect(smallerHtml).toContain("Pick a time now");
    expect(smallerHtml).not.toContain('href="https://cal.example/enterprise');
    expect(smallerHtml).not.toContain("Book an enterprise consultation");
  });

  it("an invalid booking comes back with the consent still checked and the number kept", async () => {
    const before = await leadCounts(t);
    const res = await postForm(t.app, "/book-demo", bookingFields({ work_email: "nope", total_calls: "250" }), from("203.0.113.22"));
    const html = await expectPageAnswer(res, 400);
    expect(html).toMatch(/<p id="booking-work-email-message"[^>]*>Invalid email address<\/p>/);
    expect(tagWithId(html, "booking-tcpa-consent")).toMatch(/\schecked=""/);
    expect(tagWithId(html, "booking-total-calls")).toContain('value="250"');
    expect(tagWithId(html, "booking-name")).toContain('value="Ada Lovelace"');
    expect(html).not.toContain("Pick a time now");
    expect(await leadCounts(t)).toEqual(before);
  });

  it("accepts multipart/form-data too (a form with enctype=multipart)", async () => {
    const data = new FormData();
    for (const [k, v] of Object.entries(contactFields({ email: "multipart@example.com" }))) data.append(k, v);
    const res = await t.app.request("/contact", { method: "POST", headers: { origin: PUBLIC_URL, ...from("203.0.113.12") }, body: data });
    expect(await expectPageAnswer(res, 200)).toContain(escapeHtml(CONTACT_THANKS));
    expect(await contactRows(t, "multipart@example.com")).toHaveLength(1);
  });

  it("takes no attribution from another site's Referer", async () => {
    const res = await postForm(t.app, "/contact", contactFields({ email: "foreign-referer@example.com" }), {
      ...from("203.0.113.13"),
      referer: "https://evil.example/contact?utm_source=spoofed",
    });
    expect(res.status).toBe(200);
    const [row] = await contactRows(t, "foreign-referer@example.com");
    expect(row).toMatchObject({ pagePath: null, utmSource: null, botCheck: "off" });
  });

  it("invalid POST /contact: 400 with each message beside its field and the typed values kept; nothing stored", async () => {
    const before = await leadCounts(t);
    const res = await postForm(
      t.app,
      "/contact",
      { website: "", name: "   ", email: "nope", industry: "law", company: "Acme", role: "", phone: "", company_size: "", notes: "" },
      from("203.0.113.14"),
    );
    const html = await expectPageAnswer(res, 400);
    expect(html).toMatch(/<p id="contact-name-message"[^>]*>Name is required<\/p>/);
    expect(html).toMatch(/<p id="contact-email-message"[^>]*>Invalid email address<\/p>/);
    expect(html).not.toContain('id="contact-company-message"');
    expect(html).toContain("Please check the highlighted fields.");

    const name = tagWithId(html, "contact-name");
    expect(name).toContain('aria-invalid="true"');
    expect(name).toContain('aria-describedby="contact-name-message"');
    expect(tagWithId(html, "contact-company")).toContain('value="Acme"');
    expect(tagWithId(html, "contact-company")).toContain('aria-invalid="false"');
    expect(tagWithId(html, "contact-email")).toContain('value="nope"');
    const industry = html.match(/<select\b[^>]*\bid="contact-industry"[^>]*>([\s\S]*?)<\/select>/)![1]!;
    expect(industry).toMatch(/<option value="law" selected="">Law<\/option>/);
    expect(industry.match(/selected=""/g)).toHaveLength(1);
    // The form is still there to correct and send again, posting to the same place.
    expect(html).toMatch(/<form\b[^>]*data-lead-form="contact"[^>]*action="\/contact#contact-form"[^>]*method="post"/);
    expect(await leadCounts(t)).toEqual(before);
  });

  it("a hidden character in a single-line field comes back beside that field, on each form's page; nothing stored or queued", async () => {
    // docs/decisions/0101: the forged notification line of the security review, and its cousins.
    const cases: [path: string, fields: Fields, messageId: string, message: string][] = [
      ["/contact", contactFields({ name: "Bob\r\nWork email: ceo@victim.example" }), "contact-name", "Name must be a single line without hidden characters"],
      ["/contact", contactFields({ company: "Acme\nLtd" }), "contact-company", "Company must be a single line without hidden characters"],
      ["/contact", contactFields({ role: "Owner\u2028CEO" }), "contact-role", "Role must be a single line without hidden characters"],
      ["/contact", contactFields({ phone: "555\r0100" }), "contact-phone", "Phone must be a single line without hidden characters"],
      ["/contact", contactFields({ email: "alan@example.com\u0085x" }), "contact-email", "Email must be a single line without hidden characters"],
      ["/book-demo", bookingFields({ name: "Ada\u202eecalevoL" }), "booking-name", "Name must be a single line without hidden characters"],
      ["/book-demo", bookingFields({ company_name: "Acme\r\nMonthly calls: 1000000" }), "booking-company-name", "Company name must be a single line without hidden characters"],
      ["/enterprise", enterpriseFields({ job_title: "VP\tOperations" }), "enterprise-inline-job-title", "Job title must be a single line without hidden characters"],
      ["/enterprise", enterpriseFields({ work_email: "grace@example.com\u2066" }), "enterprise-inline-work-email", "Email must be a single line without hidden characters"],
      ["/enterprise", enterpriseFields({ ai_goal: "Answer\u001b[2J calls" }), "enterprise-inline-ai-goal", "AI goal must not contain hidden characters"],
      ["/contact", contactFields({ notes: "Calls\u202e after 5pm" }), "contact-notes", "Notes must not contain hidden characters"],
    ];
    for (const [path, fields, id, message] of cases) {
      const before = await leadCounts(t);
      const res = await postForm(t.app, path, fields, from("203.0.113.23"));
      const html = await expectPageAnswer(res, 400);
      expect(html, `${path} ${id}`).toMatch(new RegExp(`<p id="${id}-message"[^>]*>${message}</p>`));
      expect(tagWithId(html, id)).toContain('aria-invalid="true"');
      expect(await leadCounts(t), `${path} ${id}`).toEqual(before); // no lead, no outbox row
    }
  });

  it("multi-line fields keep the line breaks a textarea posts", async () => {
    const notes = "Calls after 5pm\r\n\tand on weekends";
    expect((await postForm(t.app, "/contact", contactFields({ email: "multi-line.native@example.com", notes }), from("203.0.113.24"))).status).toBe(200);
    expect((await contactRows(t, "multi-line.native@example.com"))[0]!.notes).toBe(notes);
    const goal = "Answer every call\r\nBook the demo";
    expect((await postForm(t.app, "/enterprise", enterpriseFields({ work_email: "multi-line.goal@example.com", ai_goal: goal }), from("203.0.113.24"))).status).toBe(200);
    expect((await bookingRows(t, "multi-line.goal@example.com"))[0]!.aiGoal).toBe(goal);
  });

  it("POST /enterprise: consent is required; source_form enterprise_dialog is kept, anything else is enterprise_inline", async () => {
    const before = await leadCounts(t);
    const { tcpa_consent: _omitted, ...withoutConsent } = enterpriseFields({ work_email: "no-consent@example.com" });
    const refused = await postForm(t.app, "/enterprise", withoutConsent, from("203.0.113.15"));
    const html = await expectPageAnswer(refused, 400);
    expect(html).toMatch(/<p id="enterprise-inline-tcpa-consent-message"[^>]*>You must consent to be contacted to proceed<\/p>/);
    expect(tagWithId(html, "enterprise-inline-work-email")).toContain('value="no-consent@example.com"');
    expect(tagWithId(html, "enterprise-inline-tcpa-consent")).not.toMatch(/\schecked/);
    expect(html).toContain("Answer every support call within seconds</textarea>");
    expect(await leadCounts(t)).toEqual(before);

    const cases: [string | undefined, string, string][] = [
      ["enterprise_dialog", "enterprise_dialog", "dialog@example.com"],
      ["enterprise_inline", "enterprise_inline", "inline@example.com"],
      ["booking_dialog", "enterprise_inline", "posing-as-booking@example.com"],
      ["admin", "enterprise_inline", "made-up-source@example.com"],
      [undefined, "enterprise_inline", "no-source@example.com"],
    ];
    for (const [posted, stored, email] of cases) {
      const { source_form: _s, ...rest } = enterpriseFields({ work_email: email });
      const fields = posted === undefined ? rest : { ...rest, source_form: posted };
      const res = await postForm(t.app, "/enterprise", fields, from("203.0.113.16"));
      const answer = await expectPageAnswer(res, 200);
      expect(answer, String(posted)).toContain("Request submitted");
      expect(answer).toContain('href="https://cal.example/enterprise?name=Grace+Hopper&amp;email=');
      const rows = await bookingRows(t, email);
      expect(rows, String(posted)).toHaveLength(1);
      expect(rows[0], String(posted)).toMatchObject({
        sourceForm: stored,
        totalCalls: null,
        aiGoal: "Answer every support call within seconds",
        tcpaConsent: true,
        botCheck: "off",
        pagePath: "/enterprise",
      });
      expect(answer).toContain(`&amp;utm_source=website&amp;utm_content=${leadReference(t.config.authSecret, rows[0]!.id)}"`);
    }
  });

  it("a dialog's native post (from another page) is answered in place of the page's own form, never a dialog's", async () => {
    // The booking dialog is in every page, /enterprise holds two consult dialogs: each form has its
    // own name, so the answer replaces /book-demo's or /enterprise's own form.
    const booking = await postForm(t.app, "/book-demo", bookingFields({ work_email: "dialog-book@example.com" }), {
      ...from("203.0.113.40"),
      referer: `${PUBLIC_URL}/pricing`,
    });
    const bookingAnswer = await expectPageAnswer(booking, 200);
    expect(bookingAnswer).toContain("Pick a time now");
    expect(bookingAnswer).not.toContain('data-lead-form="booking"');
    expect(bookingAnswer).toContain('data-lead-form="booking-dialog"');
    expect(await bookingRows(t, "dialog-book@example.com")).toMatchObject([{ sourceForm: "booking_dialog", pagePath: "/pricing" }]);

    const consult = await postForm(t.app, "/enterprise", enterpriseFields({ work_email: "dialog-ent@example.com", source_form: "enterprise_dialog" }), {
      ...from("203.0.113.41"),
      referer: `${PUBLIC_URL}/compare`,
    });
    const consultAnswer = await expectPageAnswer(consult, 200);
    expect(consultAnswer).toContain("Request submitted");
    expect(consultAnswer).not.toContain('data-lead-form="enterprise"');
    expect(consultAnswer.match(/data-lead-form="enterprise-dialog"/g)).toHaveLength(2);
    expect(await bookingRows(t, "dialog-ent@example.com")).toMatchObject([{ sourceForm: "enterprise_dialog", pagePath: "/compare" }]);
  });

  it("sends hostile input back as text, never as markup", async () => {
    const img = "<img src=x onerror=alert(1)>";
    const breakout = '"><script>alert(1)</script>';
    const notes = "</textarea><script>alert(2)</script>";
    const dollars = "Acme $& $' $` $1"; // String.replace patterns must not splice the page
    const before = await leadCounts(t);
    const res = await postForm(
      t.app,
      "/contact",
      contactFields({ name: img, email: "not-an-email", company: dollars, role: breakout, notes }),
      from("203.0.113.17"),
    );
    const html = await expectPageAnswer(res, 400);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("onerror=alert(1)>");
    expect(tagWithId(html, "contact-name")).toContain(`value="${escapeHtml(img)}"`);
    expect(tagWithId(html, "contact-role")).toContain(`value="${escapeHtml(breakout)}"`);
    expect(tagWithId(html, "contact-company")).toContain(`value="${escapeHtml(dollars)}"`);
    expect(html).toContain(`>${escapeHtml(notes)}</textarea>`);
    expect(await leadCounts(t)).toEqual(before);

    // A stored booking's thank-you link carries the values URL-encoded in an escaped attribute.
    const stored = await postForm(
      t.app,
      "/book-demo",
      bookingFields({ name: `Ada ${breakout}`, work_email: "hostile-name@example.com" }),
      from("203.0.113.17"),
    );
    const thanks = await expectPageAnswer(stored, 200);
    expect(thanks).toContain('href="https://cal.example/demo?name=Ada+%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&amp;email=');
    expect((await bookingRows(t, "hostile-name@example.com"))[0]!.name).toBe(`Ada ${breakout}`);
  });

  it("answers a filled honeypot with the very page a stored lead gets, and stores and queues nothing", async () => {
    for (const [path, fields] of [
      ["/contact", contactFields({ email: "honeypot.native@example.com" })],
      ["/book-demo", bookingFields({ work_email: "honeypot.native@example.com" })],
    ] as const) {
      const before = await leadCounts(t);
      const bot = await postForm(t.app, path, { ...fields, website: "http://spam.example" }, from("203.0.113.18"));
      const botPage = await expectPageAnswer(bot, 200);
      expect(await leadCounts(t)).toEqual(before);
      // A person sending the same values (from another address) gets the same page, and a lead.
      const person = await expectPageAnswer(await postForm(t.app, path, fields, from("203.0.113.28")), 200);
      // Only the scheduler link's reference differs: the bot's is as well formed, and names no lead.
      // (The link is in the page's hydration data too, which the replacement below covers; every
      // answer has a nonce of its own.)
      const references = (html: string) => [...html.matchAll(/href="[^"]*utm_content=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
      const withoutReference = (html: string) =>
        html.replace(/utm_content=[A-Za-z0-9_-]+/g, "utm_content=…").replace(/ nonce="[^"]+"/g, ' nonce="…"');
      expect(withoutReference(botPage)).toBe(withoutReference(person));
      expect(references(botPage).every((r) => r.length === 22)).toBe(true);
      expect(references(botPage)).toHaveLength(path === "/book-demo" ? 1 : 0);
      if (path === "/book-demo") expect(references(botPage)).not.toEqual(references(person));
      expect((await leadCounts(t)).outbox).toBe(before.outbox + 1);
    }
  });

  it("refuses what is not a form post: 415 for JSON, 403 from another site, 413 over 32 KB; nothing stored", async () => {
    const before = await leadCounts(t);
    const json = await t.app.request("/contact", {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL, ...from("203.0.113.19") },
      body: JSON.stringify(contactBody({ email: "json-to-page@example.com" })),
    });
    expect(await expectPageAnswer(json, 415)).toContain("This page accepts form submissions only.");
    const noType = await t.app.request("/contact", { method: "POST", headers: from("203.0.113.19"), body: "name=Ada" });
    expect(noType.status).toBe(415);

    for (const origin of ["https://evil.example", "null", "http://localhost:3000.evil.example"]) {
      const res = await postForm(t.app, "/contact", contactFields({ email: "cross-site@example.com" }), { ...from("203.0.113.19"), origin });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
    for (const path of ["/book-demo", "/enterprise"]) {
      const res = await postForm(t.app, path, bookingFields({ work_email: "cross-site@example.com" }), { origin: "https://evil.example" });
      expect(res.status, path).toBe(403);
    }

    const huge = new URLSearchParams(contactFields({ email: "huge@example.com", notes: "x".repeat(33 * 1024) })).toString();
    const withLength = await t.app.request("/contact", {
      method: "POST",
      headers: { "content-type": FORM, origin: PUBLIC_URL, "content-length": String(huge.length), ...from("203.0.113.19") },
      body: huge,
    });
    expect(await expectPageAnswer(withLength, 413)).toContain("Your message is too long to send.");
    // Streamed without Content-Length, the limit holds too.
    const streamed = await t.app.request("/contact", {
      method: "POST",
      headers: { "content-type": FORM, origin: PUBLIC_URL, ...from("203.0.113.19") },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(huge));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await leadCounts(t)).toEqual(before);
  });

  it("renders a few posts at once and queues a few more: past that, 503 with Retry-After and nothing stored; pages and JSON leads never wait", async () => {
    let entered = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const site = t.deps.site!;
    const deps = {
      ...t.deps,
      site: {
        ...site,
        // Held until the gate opens, then answered without the pipeline and the render (their
        // cost is not the point here).
        renderFormPost: async () => {
          entered++;
          await gate;
          return { status: 200, html: "<p>held</p>", nonce: "held", retryAfter: null };
        },
      },
    };
    const app = createApp(deps);
    const slots = renderSlotsOf(deps);
    const held = MAX_CONCURRENT_RENDERS + MAX_QUEUED_RENDERS;
    const post = (i: number) => postForm(app, "/contact", contactFields({ email: `render-cap-${i}@example.com` }), from(`203.0.113.${60 + i}`));
    const initial = await leadCounts(t);
    try {
      const answers = Array.from({ length: held }, (_, i) => post(i));
      await vi.waitFor(() => expect([entered, slots.queued]).toEqual([MAX_CONCURRENT_RENDERS, MAX_QUEUED_RENDERS]), { timeout: 10_000 });
      // One more: answered at once (before: held with the others, rendered once they were).
      const over = await Promise.race([post(held), vi.waitFor(() => expect(entered).toBe(MAX_CONCURRENT_RENDERS + 1), { timeout: 10_000 }).then(() => null)]);
      expect(over, "the post over the queue waited for a render").not.toBeNull();
      const html = await expectPageAnswer(over!, 503);
      formMessage(html, "contact", "We could not save your request right now. Please try again in a moment.");
      expect(Number(over!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await leadCounts(t)).toEqual(initial);

      // Meanwhile a page and a JSON lead are answered as ever.
      expect((await app.request("/contact")).status).toBe(200);
      expect((await postJson(app, "/api/contact", contactBody({ email: "render-cap-json@example.com" }), from("203.0.113.59"))).status).toBe(200);

      release();
      for (const res of await Promise.all(answers)) expect(await res.text()).toBe("<p>held</p>");
      expect(entered).toBe(held);
      // Every slot was given back.
      expect((await post(held + 1)).status).toBe(200);
    } finally {
      release();
    }
  });

  it("each lead page serves a form that posts natively to itself, with native constraints", async () => {
    const res = await t.app.request("/book-demo");
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = html.match(/<form\b[^>]*data-lead-form="booking"[^>]*>[\s\S]*?<\/form>/)?.[0];
    expect(form).toBeDefined();
    const open = form!.match(/^<form\b[^>]*>/)![0];
    expect(open).toContain('method="post"');
    expect(open).toContain('action="/book-demo#booking-form"');
    expect(open).not.toContain("novalidate"); // the browser checks the constraints itself
    const nameInput = form!.match(/<input\b[^>]*\bname="name"[^>]*>/)![0];
    expect(nameInput).toMatch(/\srequired=""/);
    const consent = form!.match(/<input\b[^>]*\bname="tcpa_consent"[^>]*>/)![0];
    expect(consent).toContain('type="checkbox"');
    expect(consent).toMatch(/\srequired=""/);
    expect(consent).not.toMatch(/\schecked/);
    expect(form).toMatch(/<input\b[^>]*\bname="website"/);

    for (const [path, kind, action] of [
      ["/contact", "contact", "/contact#contact-form"],
      ["/enterprise", "enterprise", "/enterprise#request"],
    ]) {
      const page = await (await t.app.request(path!)).text();
      expect(page, path).toMatch(new RegExp(`<form\\b[^>]*data-lead-form="${kind}"[^>]*action="${action}"[^>]*method="post"`));
    }
  });

  it("a POST to a page without a lead form is not accepted and stores nothing", async () => {
    const before = await leadCounts(t);
    for (const path of ["/pricing", "/", "/book-demo/", "/contact/extra"]) {
      const res = await postForm(t.app, path, contactFields({ email: "wrong-page@example.com" }), from("203.0.113.20"));
      expect(res.status, path).not.toBe(200);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await leadCounts(t)).toEqual(before);
  });
});

describe("native posts with reCAPTCHA configured", () => {
  let t: TestApp;
  let verify: Awaited<ReturnType<typeof startHttpServer>>;
  beforeAll(async () => {
    verify = await startHttpServer((_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: true, score: 0.9, action: "booking_scheduler", hostname: "localhost" }));
    });
    t = await createTestApp(
      {
        TRUST_PROXY_HEADER: "x-forwarded-for",
        LEADS_RATE_LIMIT_MAX: "100000",
        RECAPTCHA_SITE_KEY: "site-key",
        RECAPTCHA_SECRET_KEY: "secret-key",
        RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
        RECAPTCHA_TIMEOUT_MS: "5000",
        DEMO_SCHEDULER_URL: "https://cal.example/demo",
      },
      {},
      { site: "lazy" },
    );
  });
  afterAll(async () => {
    await t.close();
    await verify.close();
  });

  it("stores a scriptless booking flagged no_script and offers the prefilled scheduler", async () => {
    const res = await postForm(t.app, "/book-demo", bookingFields({ work_email: "ada.noscript@example.com" }), from("198.51.100.30"));
    const html = await expectPageAnswer(res, 200);
    expect(html).toContain("Pick a time now");
    const rows = await bookingRows(t, "ada.noscript@example.com");
    expect(rows).toHaveLength(1);
    // The link names the lead by its reference, as the enhanced form's does (docs/decisions/0702).
    const reference = leadReference(t.config.authSecret, rows[0]!.id);
    expect(html).toContain(
      `href="https://cal.example/demo?name=Ada+Lovelace&amp;email=ada.noscript%40example.com&amp;guests=ada.noscript%40example.com&amp;a1=Analytical+Engines+LLC&amp;a2=Owner&amp;a3=250&amp;utm_source=website&amp;utm_content=${reference}"`,
    );
    expect(html).not.toContain('data-lead-form="booking"');
    expect(rows[0]).toMatchObject({
      sourceForm: "booking_dialog",
      name: "Ada Lovelace",
      jobTitle: "Owner",
      companyName: "Analytical Engines LLC",
      totalCalls: 250,
      aiGoal: null,
      tcpaConsent: true,
      botCheck: "no_script",
      pagePath: "/book-demo",
      clientIp: "198.51.100.30",
    });
    // Nothing to verify, so siteverify was never asked.
    expect(verify.requests).toHaveLength(0);
  });

  it("still refuses a JSON submission without a token, and stores a token-verified one as passed", async () => {
    const before = await leadCounts(t);
    const refused = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: "json-no-token@example.com", recaptchaToken: null }), from("198.51.100.31"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, error: "Bot check token missing. Please refresh and try again." });
    // Not even with the native page's field names and consent value.
    const formish = await postJson(t.app, "/api/submit-booking", { ...bookingFields({ work_email: "json-formish@example.com" }), total_calls: 250 }, from("198.51.100.31"));
    expect(formish.status).toBe(400);
    expect(await leadCounts(t)).toEqual(before);

    const passed = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: "json-token@example.com", recaptchaToken: "token-1" }), from("198.51.100.31"));
    expect(passed.status).toBe(200);
    expect((await bookingRows(t, "json-token@example.com"))[0]!.botCheck).toBe("passed");
  });

  it("a native contact post with a token field is still stored unverified (the token is not read)", async () => {
    const requests = verify.requests.length;
    const res = await postForm(t.app, "/contact", contactFields({ email: "contact-noscript@example.com", recaptchaToken: "forged" }), from("198.51.100.32"));
    expect(res.status).toBe(200);
    expect((await contactRows(t, "contact-noscript@example.com"))[0]!.botCheck).toBe("no_script");
    expect(verify.requests.length).toBe(requests);
  });
});

describe("native posts share the per-address rate limit with the JSON endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Known refusals answered at once: their pacing is tested in leads-load.test.ts.
    t = await createTestApp(
      { TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "3", LEADS_RATE_LIMIT_WINDOW_SECONDS: "600" },
      {},
      { site: "lazy" },
    );
  });
  afterAll(() => t.close());

  it("answers the (max+1)th post from one address with a 429 page and Retry-After", async () => {
    const ip = "192.0.2.40";
    expect((await postForm(t.app, "/contact", contactFields({ email: "limit-1@example.com" }), from(ip))).status).toBe(200);
    expect((await postJson(t.app, "/api/contact", contactBody({ email: "limit-2@example.com" }), from(ip))).status).toBe(200);
    expect((await postForm(t.app, "/book-demo", bookingFields({ work_email: "limit-3@example.com" }), from(ip))).status).toBe(200);
    const before = await leadCounts(t);
    expect(before).toMatchObject({ contacts: 2, bookings: 1 });

    const limited = await postForm(t.app, "/contact", contactFields({ email: "limit-4@example.com" }), from(ip));
    const html = await expectPageAnswer(limited, 429);
    expect(html).toContain(escapeHtml(RATE_LIMITED));
    expect(html).toContain('data-lead-form="contact"'); // the form, to try again later
    expect(html).toContain('value="limit-4@example.com"'); // with what the visitor typed
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // The same bucket for the JSON endpoint and the other pages; a spoofed left entry does not dodge it.
    expect((await postJson(t.app, "/api/submit-booking", bookingBody(), from(ip))).status).toBe(429);
    expect((await postForm(t.app, "/enterprise", enterpriseFields(), from(ip))).status).toBe(429);
    expect((await postForm(t.app, "/book-demo", bookingFields(), { "x-forwarded-for": `10.9.9.9, ${ip}` })).status).toBe(429);
    expect(await leadCounts(t)).toEqual(before);

    // Another address is untouched.
    expect((await postForm(t.app, "/contact", contactFields({ email: "other-address@example.com" }), from("192.0.2.41"))).status).toBe(200);
  });

  it("a post refused for its type, size or encoding is answered without a render, and counted against the address's limit", async () => {
    let renders = 0;
    const app = withRenders(t, (real) => (request, intake) => (renders++, real(request, intake)));
    const ip = "192.0.2.60";
    const before = await leadCounts(t);
    const refusals: [path: string, form: string, init: RequestInit, status: number, message: string][] = [
      ["/contact", "contact", { headers: { "content-type": "text/plain" }, body: "name=Ada" }, 415, "This page accepts form submissions only."],
      [
        "/book-demo",
        "booking",
        { headers: { "content-type": FORM }, body: new URLSearchParams(bookingFields({ name: "x".repeat(33 * 1024) })).toString() },
        413,
        "Your message is too long to send.",
      ],
      ["/enterprise", "enterprise", { headers: { "content-type": "multipart/form-data; boundary=x" }, body: "not a multipart body" }, 400, "The form arrived damaged. Please try again."],
    ];
    for (const [path, form, init, status, message] of refusals) {
      const headers = { origin: PUBLIC_URL, ...from(ip), ...(init.headers as Record<string, string>) };
      const res = await app.request(path, { ...init, method: "POST", headers });
      const html = await expectPageAnswer(res, status);
      formMessage(html, form, message);
    }
    // Three posts, the limit (3) spent: the fourth is refused, though its form is fine.
    expect(renders).toBe(0);
    const limited = await postForm(app, "/contact", contactFields({ email: "after-refusals@example.com" }), from(ip));
    expect(await expectPageAnswer(limited, 429)).toContain(escapeHtml(RATE_LIMITED));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Known now: refused from memory, without a render.
    const renderedBefore = renders;
    const again = await app.request("/contact", { method: "POST", headers: { "content-type": "text/plain", origin: PUBLIC_URL, ...from(ip) }, body: "x" });
    formMessage(await expectPageAnswer(again, 429), "contact", RATE_LIMITED);
    expect(renders).toBe(renderedBefore);
    expect(await leadCounts(t)).toEqual(before);
  });

  it("JSON posts spend the budget of the native form too", async () => {
    const ip = "192.0.2.50";
    for (let i = 0; i < 3; i++) expect((await postJson(t.app, "/api/contact", contactBody({ email: `json-${i}@example.com` }), from(ip))).status).toBe(200);
    const res = await postForm(t.app, "/book-demo", bookingFields(), from(ip));
    expect(await expectPageAnswer(res, 429)).toContain(escapeHtml(RATE_LIMITED));
    expect(res.headers.get("retry-after")).not.toBeNull();
  });
});
