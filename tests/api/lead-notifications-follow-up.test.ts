import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { bookingBody, postJson } from "./leads-support";
import { startSlack } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/*
 * The follow-up (docs/decisions/0704): a booking or enterprise lead with no meeting
 * LEADS_FOLLOW_UP_MINUTES after it arrived alerts staff by e-mail and Slack; one with a meeting by
 * then is skipped without a channel call. And the timeline entries the worker writes for every
 * delivery, failure and dead letter, each once.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let slack: Awaited<ReturnType<typeof startSlack>>;
let t: TestApp;
const workers: OutboxWorker[] = [];
const apps: TestApp[] = [];

function newWorker(app: TestApp) {
  const worker = outboxWorkerFor(app);
  workers.push(worker);
  return worker;
}

const env = () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  LEADS_NOTIFY_TO: "sales@example.com",
  LEADS_NOTIFY_FROM: "leads@agentdesk.example",
  SLACK_WEBHOOK_URL: slack.webhookUrl,
  LEADS_OUTBOX_POLL_MS: "50",
  LEADS_OUTBOX_RETRY_BASE_MS: "60000",
  LEADS_RATE_LIMIT_MAX: "1000",
});

beforeAll(async () => {
  smtp = await startSmtp();
  slack = await startSlack();
  t = await createTestApp(env());
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const app of apps.splice(0)) await app.close();
  smtp.messages.length = 0;
  slack.requests.length = 0;
  slack.state.answer = () => ({ status: 200, body: "ok" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await slack?.close();
});

async function submit(app: TestApp, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
  expect((await postJson(app.app, "/api/submit-booking", bookingBody({ name, work_email: email }))).status).toBe(200);
  const [lead] = await app.database.db.select().from(leads).where(eq(leads.email, email));
  return lead!.id;
}

const rowsOf = (app: TestApp, leadId: string, topic: string) =>
  app.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, leadId), eq(leadOutbox.topic, topic))).orderBy(asc(leadOutbox.channel));
const timeline = (app: TestApp, leadId: string) =>
  app.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.at), asc(leadEvents.type));
/** The follow-up comes due now, as if LEADS_FOLLOW_UP_MINUTES had passed. */
const dueNow = (app: TestApp, leadId: string) =>
  app.database.db.update(leadOutbox).set({ nextAttemptAt: sql`now()` }).where(and(eq(leadOutbox.leadId, leadId), eq(leadOutbox.topic, "follow_up")));

describe("the follow-up", () => {
  it("alerts staff by e-mail and Slack when no meeting was booked, with the lead's fields and a link to its page", async () => {
    const id = await submit(t, "Follow Fiona");
    const worker = newWorker(t);
    expect(await worker.runOnce()).toBe(2); // the new lead on both channels; the follow-ups are not due
    expect((await rowsOf(t, id, "follow_up")).map((r) => [r.channel, r.attempts, r.deliveredAt])).toEqual([
      ["email", 0, null],
      ["slack", 0, null],
    ]);
    smtp.messages.length = 0;
    slack.requests.length = 0;

    await dueNow(t, id);
    expect(await worker.runOnce()).toBe(2);
    const email = mailText(smtp.messages[0]!.raw);
    expect(smtp.messages[0]!.to).toEqual(["sales@example.com"]);
    expect(email).toMatch(/^Subject: Follow up: Follow Fiona \(Analytical Engines LLC\) has not booked a meeting$/m);
    expect(email).toContain("No meeting was booked 30 minutes after this lead was submitted.");
    expect(email).toContain(`Open the lead: http://localhost:3000/admin/leads/${id}`);
    expect(email).toContain("Work email: follow.fiona@example.com");
    expect(email).toContain("Monthly calls: 400");
    const [message] = slack.messages();
    expect(message!.text).toBe(
      `Follow up: Follow Fiona (Analytical Engines LLC) has not booked a meeting 30 minutes after submitting the booking dialog. http://localhost:3000/admin/leads/${id}`,
    );
    expect(JSON.stringify(message!.blocks)).toContain("No meeting was booked 30 minutes after the booking dialog was submitted.");
    const rows = await rowsOf(t, id, "follow_up");
    expect(rows.every((r) => r.deliveredAt instanceof Date && r.skippedAt === null && r.payload === null)).toBe(true);
  });

  it.each([
    ["with a meeting booked (meeting_booked_at set)", "Booked Bea", { meetingBookedAt: new Date() }],
    ["whose meeting was held", "Held Hal", { status: "meeting_held" as const }],
    ["that was won", "Won Wanda", { status: "won" as const }],
  ])("is skipped for a lead %s: marked delivered and skipped, its copy cleared, no channel called", async (_label, name, change) => {
    const id = await submit(t, name);
    const worker = newWorker(t);
    await worker.runOnce();
    smtp.messages.length = 0;
    slack.requests.length = 0;

    await t.database.db.update(leads).set(change).where(eq(leads.id, id));
    await dueNow(t, id);
    expect(await worker.runOnce()).toBe(2);
    expect(smtp.messages).toHaveLength(0);
    expect(slack.requests).toHaveLength(0);
    for (const row of await rowsOf(t, id, "follow_up")) {
      expect(row).toMatchObject({ attempts: 0, payload: null, lockedUntil: null, claimToken: null });
      expect(row.deliveredAt).toBeInstanceOf(Date);
      expect(row.skippedAt).toBeInstanceOf(Date);
    }
    const types = (await timeline(t, id)).map((e) => e.type);
    expect(types).not.toContain("follow_up_alerted");
    expect(types.filter((type) => type === "notification_delivered")).toHaveLength(2); // the new lead's two, nothing for the follow-up
  });

  it("checks the lead again at every attempt: a follow-up that failed is skipped once a meeting is booked", async () => {
    const id = await submit(t, "Retry Rita");
    const worker = newWorker(t);
    await worker.runOnce();
    slack.state.answer = () => ({ status: 500, body: "" });
    await dueNow(t, id);
    await worker.runOnce();
    const [, slackRow] = await rowsOf(t, id, "follow_up");
    expect(slackRow).toMatchObject({ attempts: 1, deliveredAt: null, lastError: "slack answered 500" });

    slack.state.answer = () => ({ status: 200, body: "ok" });
    slack.requests.length = 0;
    await t.database.db.update(leads).set({ meetingBookedAt: new Date() }).where(eq(leads.id, id));
    await dueNow(t, id);
    expect(await worker.runOnce()).toBe(1);
    expect(slack.requests).toHaveLength(0);
    const [, skipped] = await rowsOf(t, id, "follow_up");
    expect(skipped!.skippedAt).toBeInstanceOf(Date);
    expect(skipped!.lastError).toBeNull();
  });

  it("comes due LEADS_FOLLOW_UP_MINUTES after the lead (decimals: 0.01 is about a second, 0.5 is 30 s), not before", { timeout: 40_000 }, async () => {
    const app = await createTestApp({ ...env(), LEADS_FOLLOW_UP_MINUTES: "0.01", LEADS_OUTBOX_POLL_MS: "20" });
    apps.push(app);
    const half = await createTestApp({ ...env(), LEADS_FOLLOW_UP_MINUTES: "0.5" });
    apps.push(half);
    const id = await submit(app, "Quick Quinn");
    const halfId = await submit(half, "Half Hank");
    const [lead] = await app.database.db.select().from(leads).where(eq(leads.id, id));
    const [halfLead] = await half.database.db.select().from(leads).where(eq(leads.id, halfId));
    // Due times are kept to the second: 0.6 s rounds to 1 s; 30 s is 30 s.
    for (const row of await rowsOf(app, id, "follow_up")) expect(row.nextAttemptAt.getTime() - lead!.createdAt.getTime()).toBe(1000);
    for (const row of await rowsOf(half, halfId, "follow_up")) expect(row.nextAttemptAt.getTime() - halfLead!.createdAt.getTime()).toBe(30_000);

    const halfWorker = newWorker(half);
    expect(await halfWorker.runOnce()).toBe(2); // the new lead only: the follow-up is 30 s away
    expect((await rowsOf(half, halfId, "follow_up")).every((r) => r.attempts === 0)).toBe(true);

    newWorker(app).start();
    await expect.poll(async () => (await rowsOf(app, id, "follow_up")).every((r) => r.deliveredAt !== null), { timeout: 25_000, interval: 50 }).toBe(true);
    const sent = await rowsOf(app, id, "follow_up");
    for (const row of sent) expect(row.deliveredAt!.getTime()).toBeGreaterThanOrEqual(lead!.createdAt.getTime() + 1000);
    expect(slack.messages().filter((m) => m.text.startsWith("Follow up: Quick Quinn"))).toHaveLength(1);
    expect(slack.messages().find((m) => m.text.startsWith("Follow up: Quick Quinn"))!.text).toContain("1 second after submitting");
  });
});

describe("timeline entries from the outbox", () => {
  it("records each delivery with its channel and topic, and one follow-up alert listing the channels that alerted", async () => {
    const id = await submit(t, "Timeline Tom");
    const worker = newWorker(t);
    await worker.runOnce();
    await dueNow(t, id);
    await worker.runOnce();
    await worker.runOnce(); // nothing left: writes nothing more

    const entries = (await timeline(t, id)).filter((e) => e.type !== "created");
    const delivered = entries.filter((e) => e.type === "notification_delivered").map((e) => e.data);
    expect(delivered).toHaveLength(4);
    expect(delivered).toEqual(
      expect.arrayContaining([
        { channel: "email", topic: "lead_stored" },
        { channel: "slack", topic: "lead_stored" },
        { channel: "email", topic: "follow_up" },
        { channel: "slack", topic: "follow_up" },
      ]),
    );
    const alerts = entries.filter((e) => e.type === "follow_up_alerted");
    expect(alerts).toHaveLength(1);
    expect((alerts[0]!.data as { channels: string[] }).channels.sort()).toEqual(["email", "slack"]);
    expect(alerts[0]!.dedupeKey).toBe(`follow_up_alerted:${id}`);
    expect(entries.every((e) => e.actorUserId === null)).toBe(true);
    // Channels, topics and codes: nothing of the lead that staff do not see on its page already.
    expect(JSON.stringify(entries)).not.toMatch(/Timeline Tom|timeline\.tom|Analytical/);
  });

  it("records every failed attempt with its code, and the give-up once; a staff retry that fails again is recorded again", async () => {
    const app = await createTestApp({ ...env(), SMTP_URL: undefined, LEADS_NOTIFY_TO: undefined, LEADS_OUTBOX_MAX_ATTEMPTS: "2", LEADS_OUTBOX_RETRY_BASE_MS: "10", LEADS_OUTBOX_RETRY_MAX_MS: "10" });
    apps.push(app);
    const id = await submit(app, "Failing Fay");
    slack.state.answer = () => ({ status: 404, body: "no_service" });
    const worker = newWorker(app);
    for (let i = 0; i < 4; i++) {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 30));
    }
    const summary = async () =>
      (await timeline(app, id)).filter((e) => e.type !== "created").map((e) => [e.type, e.data] as const);
    expect(await summary()).toEqual([
      ["notification_failed", { channel: "slack", topic: "lead_stored", attempt: 1, error: "SLACK_NO_SERVICE" }],
      ["notification_dead", { channel: "slack", topic: "lead_stored", attempts: 2 }],
      ["notification_failed", { channel: "slack", topic: "lead_stored", attempt: 2, error: "SLACK_NO_SERVICE" }],
    ]);

    // Staff retry it (decision 0103: a full set of attempts again), and it fails again.
    await app.database.db
      .update(leadOutbox)
      .set({ deadAt: null, attempts: 0, nextAttemptAt: sql`now()` })
      .where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.topic, "lead_stored")));
    for (let i = 0; i < 4; i++) {
      await worker.runOnce();
      await new Promise((r) => setTimeout(r, 30));
    }
    const after = await summary();
    expect(after.filter(([type]) => type === "notification_failed")).toHaveLength(4);
    expect(after.filter(([type]) => type === "notification_dead")).toHaveLength(2);
  });

  it("a delivery sent twice (its lease ran out mid-send) shows once: the worker that lost its claim writes no entry", async () => {
    const app = await createTestApp({
      ...env(),
      SMTP_URL: undefined,
      LEADS_NOTIFY_TO: undefined,
      LEADS_OUTBOX_LEASE_MS: "10000",
      LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "5000",
    });
    apps.push(app);
    const id = await submit(app, "Twice Tina");
    // The first request is held until the test answers it; the lease runs out meanwhile.
    let answerFirst: () => void = () => {};
    slack.state.answer = () =>
      slack.requests.length === 1 ? new Promise((resolve) => (answerFirst = () => resolve({ status: 200, body: "ok" }))) : { status: 200, body: "ok" };
    const staleRun = newWorker(app).runOnce();
    await expect.poll(() => slack.requests.length).toBe(1);
    await app.database.db.update(leadOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(leadOutbox.leadId, id));
    expect(await newWorker(app).runOnce()).toBe(1);
    expect(slack.requests).toHaveLength(2);
    answerFirst();
    await staleRun;
    const delivered = (await timeline(app, id)).filter((e) => e.type === "notification_delivered");
    expect(delivered.map((e) => e.data)).toEqual([{ channel: "slack", topic: "lead_stored" }]);
  });
});
