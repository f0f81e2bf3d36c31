import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, ne } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingInquiries, leadOutbox } from "../../server/db/schema";
import type { OutboxWorker } from "../../server/leads/outbox-worker";
import { bookingBody, leadCounts, postJson, startHttpServer } from "./leads-support";
import { startSlack } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/*
 * Leads sent without JavaScript skip the bot check (docs/decisions/0501). With reCAPTCHA configured
 * they are unverified: a smaller allowance of their own per address, Slack held, and the staff
 * e-mail and webhook say so. Every staff notification names the bot check's result; a lead whose
 * bot check is off (no keys) is not unverified and notifies as any other (docs/decisions/0501).
 */

const PUBLIC_URL = "http://localhost:3000";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let slack: Awaited<ReturnType<typeof startSlack>>;
let webhook: Awaited<ReturnType<typeof startHttpServer>>;
let verify: Awaited<ReturnType<typeof startHttpServer>>;
let checked: TestApp;
let unchecked: TestApp;
const workers: OutboxWorker[] = [];

const channels = () => ({
  TRUST_PROXY_HEADER: "x-forwarded-for",
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  LEADS_NOTIFY_TO: "sales@example.com",
  LEADS_NOTIFY_FROM: "leads@agentdesk.example",
  SLACK_WEBHOOK_URL: slack.webhookUrl,
  LEADS_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
  LEADS_WEBHOOK_SECRET: "webhook-secret-webhook-secret-webhook-secret",
  LEADS_OUTBOX_RETRY_BASE_MS: "60000",
});

beforeAll(async () => {
  smtp = await startSmtp();
  slack = await startSlack();
  webhook = await startHttpServer((_req, _body, res) => res.writeHead(200).end("ok"));
  // siteverify passes any token for the action it names: "<action>:<n>".
  verify = await startHttpServer((_req, body, res) => {
    const action = (new URLSearchParams(body).get("response") ?? "").split(":")[0];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: true, score: 0.9, action, hostname: "localhost" }));
  });
  checked = await createTestApp(
    {
      ...channels(),
      RECAPTCHA_SITE_KEY: "site-key",
      RECAPTCHA_SECRET_KEY: "secret-key",
      RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
      RECAPTCHA_TIMEOUT_MS: "5000",
    },
    {},
    { site: "lazy" },
  );
  unchecked = await createTestApp(channels(), {}, { site: "lazy" });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  smtp.messages.length = 0;
  slack.requests.length = 0;
  webhook.requests.length = 0;
});
afterAll(async () => {
  await checked?.close();
  await unchecked?.close();
  await Promise.all([smtp?.close(), slack?.close(), webhook?.close(), verify?.close()]);
});

/** The booking form on /book-demo, posted as a browser without JavaScript posts it. */
function postForm(app: TestApp, fields: Record<string, string>, ip: string) {
  return app.app.request("/book-demo", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL, referer: `${PUBLIC_URL}/book-demo`, "x-forwarded-for": ip },
    body: new URLSearchParams({
      website: "",
      source_form: "booking_dialog",
      name: "Nora Noscript",
      job_title: "Owner",
      company_name: "Plain Forms LLC",
      total_calls: "250",
      tcpa_consent: "on",
      ...fields,
    }).toString(),
  });
}

let n = 0;
const token = () => `booking_scheduler:${n++}`;

/** Delivers what is due now (the new lead's notifications) and answers what each channel got for `email`. */
async function deliver(app: TestApp, email: string) {
  const worker = outboxWorkerFor(app);
  workers.push(worker);
  await worker.runOnce();
  const [lead] = await app.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.workEmail, email));
  const mails = smtp.messages.map((m) => mailText(m.raw)).filter((m) => m.includes(email));
  const hooks = webhook.requests.map((r) => JSON.parse(r.body) as { bot_check: unknown; lead: { id: string } }).filter((h) => h.lead.id === lead!.id);
  const slackTexts = slack.requests.map((r) => r.body).filter((b) => b.includes(lead!.id));
  // What staff are sent; the desk's own first-contact check (channel lead_desk) is no message.
  const rows = await app.database.db
    .select({ channel: leadOutbox.channel, topic: leadOutbox.topic })
    .from(leadOutbox)
    .where(and(eq(leadOutbox.leadId, lead!.id), ne(leadOutbox.channel, "lead_desk")));
  return { lead: lead!, mails, hooks, slackTexts, rows };
}

describe("scriptless posts with the bot check on", () => {
  it("get a smaller allowance of their own per address (3 by default); verified posts from that address still get through", async () => {
    const ip = "198.51.100.140";
    for (let i = 0; i < 3; i++) expect((await postForm(checked, { work_email: `allowance-${i}@example.com` }, ip)).status).toBe(200);
    const before = await leadCounts(checked);
    const fourth = await postForm(checked, { work_email: "allowance-3@example.com" }, ip);
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain("Too many submissions from your network. Please try again later.");
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await leadCounts(checked)).toEqual(before);

    // The shared allowance (10) still has room for a lead whose bot check passes...
    const verified = await postJson(checked.app, "/api/submit-booking", bookingBody({ work_email: "allowance-json@example.com", recaptchaToken: token() }), { "x-forwarded-for": ip });
    expect(verified.status).toBe(200);
    // ...and another address's scriptless post is untouched.
    expect((await postForm(checked, { work_email: "allowance-other@example.com" }, "198.51.100.141")).status).toBe(200);
  });

  it("notify staff by e-mail and webhook marked unverified, and hold Slack", async () => {
    expect((await postForm(checked, { work_email: "nora.unverified@example.com" }, "198.51.100.150")).status).toBe(200);
    const { lead, mails, hooks, slackTexts, rows } = await deliver(checked, "nora.unverified@example.com");
    expect(lead.botCheck).toBe("no_script");
    expect(rows.map((r) => `${r.channel}:${r.topic}`).sort()).toEqual(["email:follow_up", "email:lead_stored", "webhook:lead_stored"]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: New booking inquiry \(unverified\): Nora Noscript \(Plain Forms LLC\)$/m);
    expect(mails[0]).toMatch(/^Bot check: UNVERIFIED: sent without JavaScript, no bot check ran$/m);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.bot_check).toBe("scriptless-unverified");
    expect(slackTexts).toEqual([]);
  });

  it("a lead whose bot check passed says so on every channel, Slack included", async () => {
    const res = await postJson(checked.app, "/api/submit-booking", bookingBody({ name: "Vera Verified", work_email: "vera.verified@example.com", recaptchaToken: token() }), {
      "x-forwarded-for": "198.51.100.151",
    });
    expect(res.status).toBe(200);
    const { mails, hooks, slackTexts } = await deliver(checked, "vera.verified@example.com");
    expect(mails[0]).toMatch(/^Subject: New booking inquiry: Vera Verified \(Analytical Engines LLC\)$/m);
    expect(mails[0]).toMatch(/^Bot check: passed$/m);
    expect(hooks.map((h) => h.bot_check)).toEqual(["passed"]);
    expect(slackTexts).toHaveLength(1);
    expect(slackTexts[0]).toContain(JSON.stringify("*Bot check*\npassed").slice(1, -1));
    expect(slackTexts[0]).not.toContain("UNVERIFIED");
  });
});

describe("scriptless posts with the bot check off (no keys configured)", () => {
  it("notify as any other lead, Slack included, with the bot check named off", async () => {
    expect((await postForm(unchecked, { work_email: "olive.off@example.com", name: "Olive Off" }, "198.51.100.160")).status).toBe(200);
    const { lead, mails, hooks, slackTexts, rows } = await deliver(unchecked, "olive.off@example.com");
    expect(lead.botCheck).toBe("off");
    expect(rows.map((r) => `${r.channel}:${r.topic}`).sort()).toEqual(["email:follow_up", "email:lead_stored", "slack:follow_up", "slack:lead_stored", "webhook:lead_stored"]);
    expect(mails[0]).toMatch(/^Subject: New booking inquiry: Olive Off \(Plain Forms LLC\)$/m);
    expect(mails[0]).toMatch(/^Bot check: off \(no reCAPTCHA keys configured\)$/m);
    expect(hooks.map((h) => h.bot_check)).toEqual(["off"]);
    expect(slackTexts).toHaveLength(1);
    expect(slackTexts[0]).toContain(JSON.stringify("*Bot check*\noff (no reCAPTCHA keys configured)").slice(1, -1));
    expect(slackTexts[0]).not.toContain("UNVERIFIED");
  });

  it("share the full allowance: no smaller scriptless one applies", async () => {
    const ip = "198.51.100.161";
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postForm(unchecked, { work_email: `off-allowance-${i}@example.com` }, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
