import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { createStaff, origin, signedInCookie, takesNoLeads } from "../support/admin-fixtures";
import { calendlyBooking, meetingNotices } from "./booking-outcome-support";
import { leadReference } from "../../server/leads/lead-reference";
import { bookingInquiries, leadDeskStaff, leadOutbox, leads, users } from "../../server/db/schema";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
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

/** The staff channels with the bot check on, against the local siteverify. */
const checkedChannels = () => ({
  ...channels(),
  RECAPTCHA_SITE_KEY: "site-key",
  RECAPTCHA_SECRET_KEY: "secret-key",
  RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
  RECAPTCHA_TIMEOUT_MS: "5000",
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
  checked = await createTestApp(checkedChannels(), {}, { site: "lazy" });
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

/** The fit the lead desk stored for the lead (docs/decisions/0710). */
const fitTier = async (app: TestApp, id: string) => (await app.database.db.select({ tier: leads.fitTier }).from(leads).where(eq(leads.id, id)))[0]?.tier;

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

  it("an enterprise-fit scriptless lead pages no Slack enterprise alert; a verified one does", async () => {
    // Enterprise fit: more calls than LEADS_ENTERPRISE_CALLS_PER_MONTH.
    const calls = String(checked.config.leads.enterpriseCallsPerMonth + 1);
    expect((await postForm(checked, { work_email: "ezra.unverified@example.com", total_calls: calls }, "198.51.100.152")).status).toBe(200);
    const scriptless = await deliver(checked, "ezra.unverified@example.com");
    expect(await fitTier(checked, scriptless.lead.id)).toBe("enterprise");
    expect(scriptless.rows.map((r) => `${r.channel}:${r.topic}`).sort()).toEqual(["email:follow_up", "email:lead_stored", "webhook:lead_stored"]);
    expect(scriptless.slackTexts).toEqual([]);

    const res = await postJson(checked.app, "/api/submit-booking", bookingBody({ work_email: "erin.verified@example.com", total_calls: Number(calls), recaptchaToken: token() }), {
      "x-forwarded-for": "198.51.100.153",
    });
    expect(res.status).toBe(200);
    const verified = await deliver(checked, "erin.verified@example.com");
    expect(verified.rows.map((r) => `${r.channel}:${r.topic}`)).toContain("slack:enterprise_alert");
    expect(verified.slackTexts.some((t) => t.includes("Enterprise prospect"))).toBe(true);
  });
});

describe("scriptless posts routed to an owner", () => {
  let routed: TestApp;
  let owners: { userId: string; email: string; password: string }[];
  beforeAll(async () => {
    routed = await createTestApp(checkedChannels(), {}, { site: "lazy" });
    // Two staff in the general rotation: leads are routed to one, moved to the other.
    owners = [await createStaff(routed, "admin"), await createStaff(routed, "admin")];
    // Two password hashes on a shared 2-core machine.
  }, 120_000);
  afterEach(async () => {
    // Everyone takes leads again and has access again.
    await routed.database.db.delete(leadDeskStaff);
    await routed.database.db.update(users).set({ deactivatedAt: null });
  });
  afterAll(async () => {
    await routed?.close();
  });

  /** Runs what is due twice, first-contact checks included: a check's own messages are due the moment it runs. */
  async function drainWithDesk() {
    const { leads: settings, notify } = routed.config;
    const worker = outboxWorkerFor(routed, { desk: { firstContactMinutes: settings.firstContactMinutes, reassign: settings.reassign, notify } });
    workers.push(worker);
    await worker.runOnce();
    await worker.runOnce();
  }
  /** The lead's pending first-contact check comes due now, as if the target had passed. */
  const firstContactDueNow = (id: string) =>
    routed.database.db
      .update(leadOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.channel, "lead_desk"), isNull(leadOutbox.deliveredAt)));

  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).map((m) => mailText(m.raw));
  /** The staff member the lead is routed to now. */
  async function ownerOf(id: string) {
    const [row] = await routed.database.db.select({ owner: leads.ownerUserId }).from(leads).where(eq(leads.id, id));
    const owner = owners.find((o) => o.userId === row?.owner);
    expect(owner, "the lead has an owner").toBeDefined();
    return owner!;
  }

  it("the owner's e-mail names the bot check and marks a scriptless lead unverified, as the new-lead e-mail does", async () => {
    expect((await postForm(routed, { work_email: "owen.unverified@example.com", name: "Owen Noscript" }, "198.51.100.170")).status).toBe(200);
    const scriptless = await deliver(routed, "owen.unverified@example.com");
    expect(scriptless.rows.map((r) => `${r.channel}:${r.topic}`)).toContain("owner_email:owner_assigned");
    const [mail] = mailsTo((await ownerOf(scriptless.lead.id)).email);
    expect(mail).toMatch(/^Subject: Your new lead \(unverified\): Owen Noscript \(Plain Forms LLC\)$/m);
    expect(mail).toMatch(/^Bot check: UNVERIFIED: sent without JavaScript, no bot check ran$/m);

    const res = await postJson(routed.app, "/api/submit-booking", bookingBody({ name: "Vic Verified", work_email: "vic.verified@example.com", recaptchaToken: token() }), {
      "x-forwarded-for": "198.51.100.171",
    });
    expect(res.status).toBe(200);
    const verified = await deliver(routed, "vic.verified@example.com");
    const [verifiedMail] = mailsTo((await ownerOf(verified.lead.id)).email).filter((m) => m.includes("Vic Verified"));
    expect(verifiedMail).toMatch(/^Subject: Your new lead: Vic Verified \(Analytical Engines LLC\)$/m);
    expect(verifiedMail).toMatch(/^Bot check: passed$/m);
  });

  it("the reassignment e-mails name the bot check: to the new owner, to the previous one, and after a deactivation", async () => {
    expect((await postForm(routed, { work_email: "lara.unverified@example.com", name: "Lara Noscript" }, "198.51.100.172")).status).toBe(200);
    const { lead } = await deliver(routed, "lara.unverified@example.com");
    const first = await ownerOf(lead.id);
    const second = owners.find((o) => o !== first)!;

    // Nobody contacted it within the target: it goes to the other staff member.
    await firstContactDueNow(lead.id);
    await drainWithDesk();
    expect((await ownerOf(lead.id)).userId).toBe(second.userId);
    const about = (address: string, subject: string) => mailsTo(address).filter((m) => m.includes(subject) && m.includes("Lara Noscript"));
    const [toNew] = about(second.email, "Subject: Lead moved to you");
    expect(toNew).toMatch(/^Subject: Lead moved to you \(unverified\): Lara Noscript \(Plain Forms LLC\)$/m);
    expect(toNew).toMatch(/^Bot check: UNVERIFIED: sent without JavaScript, no bot check ran$/m);
    const [toPrevious] = about(first.email, `Subject: Lead moved to ${second.email}`);
    expect(toPrevious!.split(/\r?\n/)).toContain(`Subject: Lead moved to ${second.email} (unverified): Lara Noscript (Plain Forms LLC)`);
    expect(toPrevious).toMatch(/^Bot check: UNVERIFIED: sent without JavaScript, no bot check ran$/m);

    // Its owner is deactivated: it is given to the other one again (with the owner's other open leads).
    const cookie = await signedInCookie(routed, first.email, first.password);
    const res = await routed.app.request(`/api/admin/staff/${second.userId}/deactivate`, { method: "POST", headers: { Origin: origin, Cookie: cookie } });
    expect(res.status).toBe(200);
    await drainWithDesk();
    const [rerouted] = about(first.email, "Subject: Lead moved to you");
    expect(rerouted).toMatch(/^Subject: Lead moved to you \(unverified\): Lara Noscript \(Plain Forms LLC\)$/m);
    expect(rerouted).toContain("no longer has access");
    expect(rerouted).toMatch(/^Bot check: UNVERIFIED: sent without JavaScript, no bot check ran$/m);
  });

  it("the first-contact alert names the bot check by e-mail and on Slack, and so does the booked-meeting notice", async () => {
    const res = await postJson(routed.app, "/api/submit-booking", bookingBody({ name: "Mia Verified", work_email: "mia.verified@example.com", recaptchaToken: token() }), {
      "x-forwarded-for": "198.51.100.173",
    });
    expect(res.status).toBe(200);
    const { reference } = (await res.json()) as { reference: string };
    expect((await postForm(routed, { work_email: "nina.unverified@example.com", name: "Nina Noscript" }, "198.51.100.174")).status).toBe(200);
    const verified = (await deliver(routed, "mia.verified@example.com")).lead;
    const scriptless = (await deliver(routed, "nina.unverified@example.com")).lead;
    // Nobody but its owner takes leads: the first-contact target passing alerts staff instead.
    for (const o of owners) if (o.userId !== (await ownerOf(verified.id)).userId) await takesNoLeads(routed, o.userId);
    for (const o of owners) if (o.userId !== (await ownerOf(scriptless.id)).userId) await takesNoLeads(routed, o.userId);
    await firstContactDueNow(verified.id);
    await firstContactDueNow(scriptless.id);
    await drainWithDesk();

    const alerts = mailsTo("sales@example.com").filter((m) => m.includes("Subject: Not contacted"));
    const verifiedAlert = alerts.find((m) => m.includes("Mia Verified"));
    expect(verifiedAlert).toMatch(/^Subject: Not contacted: Mia Verified \(Analytical Engines LLC\) is still New$/m);
    expect(verifiedAlert).toMatch(/^Bot check: passed$/m);
    const scriptlessAlert = alerts.find((m) => m.includes("Nina Noscript"));
    expect(scriptlessAlert).toMatch(/^Subject: Not contacted \(unverified\): Nina Noscript \(Plain Forms LLC\) is still New$/m);
    expect(scriptlessAlert).toMatch(/^Bot check: UNVERIFIED: sent without JavaScript, no bot check ran$/m);
    const slackAlert = slack.requests.map((r) => r.body).find((b) => b.includes(verified.id) && b.includes("Not contacted"));
    expect(slackAlert).toContain(JSON.stringify("*Bot check*\npassed").slice(1, -1));

    // The visitor's page reports the meeting they booked (no Calendly key: it is taken as told).
    const report = await routed.app.request("/api/lead-events", {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": "198.51.100.175" },
      body: JSON.stringify({ reference, event: "meeting_scheduled", ...calendlyBooking() }),
    });
    expect(report.status).toBeLessThan(300);
    await drainWithDesk();
    const booked = slack.requests.map((r) => r.body).find((b) => b.includes(verified.id) && b.includes("Meeting booked"));
    expect(booked).toContain(JSON.stringify("*Bot check*\npassed").slice(1, -1));
  });

  it("keep Slack held after the lead arrived too: the first-contact alert goes by e-mail only, a booked meeting pages no one", async () => {
    expect((await postForm(routed, { work_email: "hal.unverified@example.com", name: "Hal Noscript" }, "198.51.100.176")).status).toBe(200);
    const { lead } = await deliver(routed, "hal.unverified@example.com");
    const owner = await ownerOf(lead.id);
    for (const o of owners) if (o !== owner) await takesNoLeads(routed, o.userId);
    await firstContactDueNow(lead.id);
    await drainWithDesk();
    const alerts = await routed.database.db
      .select({ channel: leadOutbox.channel })
      .from(leadOutbox)
      .where(and(eq(leadOutbox.leadId, lead.id), eq(leadOutbox.topic, "first_contact_missed")));
    expect(alerts.map((a) => a.channel)).toEqual(["email"]);
    expect(mailsTo("sales@example.com").filter((m) => m.includes("Subject: Not contacted (unverified): Hal Noscript"))).toHaveLength(1);

    // The visitor's page reports a booking with the reference its answer carried: the lead is
    // Meeting booked, and no Slack notice is queued.
    const report = await routed.app.request("/api/lead-events", {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": "198.51.100.177" },
      body: JSON.stringify({ reference: leadReference(routed.config.authSecret, lead.id), event: "meeting_scheduled", ...calendlyBooking() }),
    });
    expect(report.status).toBeLessThan(300);
    expect((await routed.database.db.select({ status: leads.status }).from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe("meeting_booked");
    expect(await meetingNotices(routed, lead.id)).toEqual([]);
    await drainWithDesk();
    expect(slack.requests.filter((r) => r.body.includes(lead.id))).toEqual([]);
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

  it("an enterprise-fit lead still pages Slack's enterprise alert, the bot check named off", async () => {
    const calls = String(unchecked.config.leads.enterpriseCallsPerMonth + 1);
    expect((await postForm(unchecked, { work_email: "otto.off@example.com", name: "Otto Off", total_calls: calls }, "198.51.100.162")).status).toBe(200);
    const { rows, slackTexts } = await deliver(unchecked, "otto.off@example.com");
    expect(rows.map((r) => `${r.channel}:${r.topic}`)).toContain("slack:enterprise_alert");
    const alert = slackTexts.find((t) => t.includes("Enterprise prospect"));
    expect(alert).toContain(JSON.stringify("*Bot check*\noff (no reCAPTCHA keys configured)").slice(1, -1));
    expect(alert).not.toContain("UNVERIFIED");
  });

  it("share the full allowance: no smaller scriptless one applies", async () => {
    const ip = "198.51.100.161";
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postForm(unchecked, { work_email: `off-allowance-${i}@example.com` }, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
