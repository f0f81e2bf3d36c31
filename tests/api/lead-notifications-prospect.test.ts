import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import { leadReference } from "../../server/leads/lead-reference";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { bookingBody, contactBody, enterpriseBody, postJson, startHttpServer } from "./leads-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/*
 * The prospect reminder (docs/decisions/0704): off by default; when
 * LEADS_PROSPECT_REMINDER=true, one e-mail to a booking or enterprise lead whose bot check passed
 * and that has no meeting at the follow-up time, with a link back to the scheduler prefilled as
 * the page prefills it, a plausible first name at most, and nothing else; a few per recipient
 * domain per day.
 */

const SECRET = "a-test-secret-that-is-at-least-32-characters-long";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let verify: Awaited<ReturnType<typeof startHttpServer>>;
let on: TestApp;
let off: TestApp;
/** Turned on, without reCAPTCHA keys: no lead's bot check passes. */
let unchecked: TestApp;
/** Turned on, two reminders per recipient domain per day. */
let capped: TestApp;
const workers: OutboxWorker[] = [];

function newWorker(app: TestApp) {
  const worker = outboxWorkerFor(app);
  workers.push(worker);
  return worker;
}

const env = () => ({
  BETTER_AUTH_SECRET: SECRET,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  LEADS_NOTIFY_TO: "sales@example.com",
  LEADS_NOTIFY_FROM: "leads@agentdesk.example",
  DEMO_SCHEDULER_URL: "https://calendly.com/agentdesk/demo?hide_gdpr_banner=1",
  ENTERPRISE_SCHEDULER_URL: "https://calendly.com/agentdesk/enterprise",
  LEADS_OUTBOX_RETRY_BASE_MS: "60000",
  LEADS_RATE_LIMIT_MAX: "1000",
});

/** reCAPTCHA configured, its siteverify played by a local server that passes "<action>:<n>" for that action. */
const recaptcha = () => ({
  RECAPTCHA_SITE_KEY: "site-key",
  RECAPTCHA_SECRET_KEY: "secret-key",
  RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
  RECAPTCHA_TIMEOUT_MS: "5000",
});

beforeAll(async () => {
  smtp = await startSmtp();
  verify = await startHttpServer((_req, body, res) => {
    const action = (new URLSearchParams(body).get("response") ?? "").split(":")[0];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: true, score: 0.9, action, hostname: "localhost" }));
  });
  on = await createTestApp({ ...env(), ...recaptcha(), LEADS_PROSPECT_REMINDER: "true", LEADS_PROSPECT_REMINDER_DOMAIN_DAILY_MAX: "100" }, {}, { site: "lazy" });
  off = await createTestApp(env());
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  smtp.messages.length = 0;
});
afterAll(async () => {
  await on?.close();
  await off?.close();
  await unchecked?.close();
  await capped?.close();
  await smtp?.close();
  await verify?.close();
});

let n = 0;
/** A token siteverify passes for the form's action (bookingBody, enterpriseBody or contactBody). */
function tokenFor(path: string, body: Record<string, unknown>) {
  const action = path === "/api/contact" ? "contact_form" : "ai_goal" in body ? "enterprise_scheduler" : "booking_scheduler";
  return `${action}:${n++}`;
}

async function submit(app: TestApp, path: "/api/submit-booking" | "/api/contact", body: Record<string, unknown>): Promise<string> {
  const signed = app.config.recaptcha.secretKey ? { ...body, recaptchaToken: tokenFor(path, body) } : body;
  const res = await postJson(app.app, path, signed);
  expect(res.status, await res.clone().text()).toBe(200);
  const [lead] = await app.database.db.select().from(leads).where(eq(leads.email, String(body.work_email ?? body.email)));
  return lead!.id;
}
const reminderRows = (app: TestApp, leadId: string) =>
  app.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, leadId), eq(leadOutbox.channel, "prospect_email")));
const dueNow = (app: TestApp, leadId: string) =>
  app.database.db.update(leadOutbox).set({ nextAttemptAt: sql`now()` }).where(and(eq(leadOutbox.leadId, leadId), eq(leadOutbox.topic, "prospect_reminder")));
/** Runs the new lead's notifications, then only what comes due after. */
async function settle(app: TestApp) {
  const worker = newWorker(app);
  await worker.runOnce();
  smtp.messages.length = 0;
  return worker;
}
const toProspect = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

describe("the prospect reminder, turned on", () => {
  it("e-mails a booking lead without a meeting one link back to the scheduler, prefilled like the page's, at the follow-up time", async () => {
    const id = await submit(on, "/api/submit-booking", bookingBody({ name: "Paula Prospect", work_email: "paula@prospect.example", company_name: "Secret Plans Inc", total_calls: 48_213 }));
    const [row] = await reminderRows(on, id);
    const [lead] = await on.database.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ topic: "prospect_reminder", attempts: 0, deliveredAt: null });
    expect(row!.nextAttemptAt.getTime() - lead!.createdAt.getTime()).toBe(30 * 60_000);

    const worker = await settle(on);
    expect(toProspect("paula@prospect.example")).toHaveLength(0); // not before the follow-up time
    await dueNow(on, id);
    await worker.runOnce();
    const sent = toProspect("paula@prospect.example");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(["paula@prospect.example"]);
    const email = mailText(sent[0]!.raw);
    expect(email).toMatch(/^Subject: Pick a time for your call$/m);
    expect(email).toMatch(/^Hi Paula,$/m);
    expect(email).toContain(`Message-ID: <${row!.id}@agentdesk.example>`);

    const links = [...email.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(`${link.origin}${link.pathname}`).toBe("https://calendly.com/agentdesk/demo");
    expect([...link.searchParams.entries()]).toEqual([
      ["hide_gdpr_banner", "1"], // the deployment's own parameters stay
      ["name", "Paula Prospect"],
      ["email", "paula@prospect.example"],
      ["utm_source", "website"],
      ["utm_content", leadReference(SECRET, id)],
    ]);
    // Nothing else of the lead: not the company, not the calls (a figure no random id or
    // reference in the e-mail could hold by chance, as "400" once did), not the staff's link.
    for (const other of ["Secret Plans", "48213", "48,213", "admin/leads", "sales@example.com"]) expect(email).not.toContain(other);

    const [done] = await reminderRows(on, id);
    expect(done).toMatchObject({ payload: null, skippedAt: null });
    const events = await on.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "notification_delivered")));
    expect(events.map((e) => e.data)).toContainEqual({ channel: "prospect_email", topic: "prospect_reminder" });
  });

  it("links an enterprise lead to the enterprise scheduler; a contact request gets no reminder", async () => {
    const id = await submit(on, "/api/submit-booking", enterpriseBody({ name: "Erin Enterprise", work_email: "erin@prospect.example" }));
    const contact = await submit(on, "/api/contact", contactBody({ name: "Carl Contact", email: "carl@prospect.example" }));
    expect(await reminderRows(on, contact)).toEqual([]);
    const worker = await settle(on);
    await dueNow(on, id);
    await worker.runOnce();
    const email = mailText(toProspect("erin@prospect.example")[0]!.raw);
    expect(email).toContain("https://calendly.com/agentdesk/enterprise?name=Erin+Enterprise&email=erin%40prospect.example&utm_source=website&utm_content=");
  });

  it.each([
    ["has a meeting booked", { meetingBookedAt: new Date() }],
    ["was marked Unqualified", { status: "unqualified" as const }],
    ["was marked Lost", { status: "lost" as const }],
  ])("is not sent to a lead that %s", async (label, change) => {
    const address = `skip.${label.split(" ").at(-1)!.toLowerCase()}@prospect.example`;
    const id = await submit(on, "/api/submit-booking", bookingBody({ name: "Skip Me", work_email: address }));
    const worker = await settle(on);
    await on.database.db.update(leads).set(change).where(eq(leads.id, id));
    await dueNow(on, id);
    await worker.runOnce();
    expect(toProspect(address)).toHaveLength(0);
    const [row] = await reminderRows(on, id);
    expect(row!.skippedAt).toBeInstanceOf(Date);
    expect(row!.payload).toBeNull();
  });

  it("is not sent a day late (a reminder that waited while the setting was off, or a dead letter retried later)", async () => {
    const id = await submit(on, "/api/submit-booking", bookingBody({ name: "Late Larry", work_email: "larry@prospect.example" }));
    const worker = await settle(on);
    await on.database.db.update(leadOutbox).set({ createdAt: sql`now() - interval '25 hours'`, nextAttemptAt: sql`now()` }).where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.channel, "prospect_email")));
    await worker.runOnce();
    expect(toProspect("larry@prospect.example")).toHaveLength(0);
    expect((await reminderRows(on, id))[0]!.skippedAt).toBeInstanceOf(Date);
  });
});

describe("the prospect reminder, off (the default)", () => {
  it("queues nothing for the prospect, and leaves a reminder queued while it was on untouched", async () => {
    expect(off.config.leads.prospectReminder).toBe(false);
    const id = await submit(off, "/api/submit-booking", bookingBody({ name: "Oscar Off", work_email: "oscar@prospect.example" }));
    expect(await reminderRows(off, id)).toEqual([]);
    const planned = await off.database.db.select({ channel: leadOutbox.channel, topic: leadOutbox.topic }).from(leadOutbox).where(eq(leadOutbox.leadId, id));
    expect(planned).toEqual(expect.arrayContaining([{ channel: "email", topic: "follow_up" }]));
    expect(planned.every((p) => p.channel !== "prospect_email")).toBe(true);

    // As if queued by an instance that had it on: this one does not send it, and does not fail it.
    await off.database.db.insert(leadOutbox).values({ leadKind: "booking_inquiry", leadId: id, channel: "prospect_email", topic: "prospect_reminder", payload: { kind: "booking_inquiry" } });
    const worker = newWorker(off);
    await worker.runOnce();
    expect(toProspect("oscar@prospect.example")).toHaveLength(0);
    expect(await reminderRows(off, id)).toEqual([expect.objectContaining({ attempts: 0, deliveredAt: null, deadAt: null, lastError: null })]);
  });
});

describe("the prospect reminder's guards (an address nobody verified)", () => {
  beforeAll(async () => {
    unchecked = await createTestApp({ ...env(), LEADS_PROSPECT_REMINDER: "true" });
    capped = await createTestApp({ ...env(), ...recaptcha(), LEADS_PROSPECT_REMINDER: "true", LEADS_PROSPECT_REMINDER_DOMAIN_DAILY_MAX: "2" });
  });

  it("is queued only for a lead whose bot check passed: not for a form sent without JavaScript, nor with the bot check off", async () => {
    const verified = await submit(on, "/api/submit-booking", bookingBody({ name: "Val Verified", work_email: "val@guarded.example" }));
    expect(await reminderRows(on, verified)).toHaveLength(1);

    // The same form posted without JavaScript: stored unverified, no reminder.
    const res = await on.app.request("/book-demo", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", referer: "http://localhost:3000/book-demo" },
      body: new URLSearchParams({ website: "", source_form: "booking_dialog", name: "Nick Noscript", job_title: "Owner", work_email: "victim@guarded.example", company_name: "Relay Inc", total_calls: "250", tcpa_consent: "on" }).toString(),
    });
    expect(res.status).toBe(200);
    const [scriptless] = await on.database.db.select().from(leads).where(eq(leads.email, "victim@guarded.example"));
    expect(await reminderRows(on, scriptless!.id)).toEqual([]);
    // One queued before this rule (as an older instance would have) is not sent either.
    await on.database.db.insert(leadOutbox).values({
      leadKind: "booking_inquiry",
      leadId: scriptless!.id,
      channel: "prospect_email",
      topic: "prospect_reminder",
      payload: { kind: "booking_inquiry", lead: { name: "Nick Noscript", workEmail: "victim@guarded.example", botCheck: "no_script" } },
    });
    await newWorker(on).runOnce();
    expect(toProspect("victim@guarded.example")).toHaveLength(0);
    expect((await reminderRows(on, scriptless!.id))[0]).toMatchObject({ deliveredAt: null, lastError: expect.stringContaining("bot check did not pass") });

    // No keys configured: nothing verified any lead, so none is reminded.
    const notChecked = await submit(unchecked, "/api/submit-booking", bookingBody({ name: "Una Unchecked", work_email: "una@guarded.example" }));
    expect(await reminderRows(unchecked, notChecked)).toEqual([]);
  });

  it("greets with a plausible first name only (letters of any script, apostrophe, hyphen, at most 30), else no name", async () => {
    const cases: [string, string][] = [
      ["José-María Núñez", "Hi José-María,"],
      ["O'Brien Smith", "Hi O'Brien,"],
      ["Zoë", "Hi Zoë,"],
      ["www.win-a-prize.example/claim Now", "Hi,"],
      ["Visit http://spam.example", "Hi Visit,"],
      ["C4sh Prize", "Hi,"],
      ["Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa Long", "Hi,"],
      ["<b>Bold</b> Name", "Hi,"],
    ];
    const worker = newWorker(on);
    for (const [i, [name, greeting]] of cases.entries()) {
      const address = `greeting-${i}@greet${i}.example`;
      const id = await submit(on, "/api/submit-booking", bookingBody({ name, work_email: address }));
      await worker.runOnce();
      smtp.messages.length = 0;
      await dueNow(on, id);
      await worker.runOnce();
      const sent = toProspect(address);
      expect(sent, name).toHaveLength(1);
      const email = mailText(sent[0]!.raw);
      // The one greeting line; the name is otherwise only in the scheduler link's prefill, encoded.
      expect(email.split(/\r?\n/).filter((line) => line.startsWith("Hi")), name).toEqual([greeting]);
    }
  });

  it("is queued at most LEADS_PROSPECT_REMINDER_DOMAIN_DAILY_MAX times per recipient domain per day; other domains are untouched", async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(capped, "/api/submit-booking", bookingBody({ name: `Cap ${i}`, work_email: `cap-${i}@Capped.example` })));
    const queued = await Promise.all(ids.map(async (id) => (await reminderRows(capped, id)).length));
    expect(queued).toEqual([1, 1, 0, 0]);
    // The leads themselves, and the staff's follow-up, are all there.
    for (const id of ids) expect((await capped.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.topic, "follow_up"))))).toHaveLength(1);
    const other = await submit(capped, "/api/submit-booking", bookingBody({ name: "Other Domain", work_email: "someone@uncapped.example" }));
    expect(await reminderRows(capped, other)).toHaveLength(1);
  });
});
