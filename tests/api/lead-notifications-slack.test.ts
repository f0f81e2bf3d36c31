import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { createTestApp, type TestApp } from "../support/test-app";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import { bookingBotCheck, meetingChannels, queueLeadNotification, type MeetingBookedPayload } from "../../server/leads/notification-queue";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { bookingBody, contactBody, enterpriseBody, postJson, startHttpServer } from "./leads-support";
import { startSlack } from "./lead-notifications-support";
import { notificationsOnly, outboxWorkerFor } from "../support/outbox";

/*
 * The Slack channel (docs/decisions/0704): a readable message per staff topic, lead text that
 * cannot inject links or mentions, Slack's error codes and its 429 Retry-After, and a webhook URL
 * (a secret) that never reaches a log line or an error.
 */

let slack: Awaited<ReturnType<typeof startSlack>>;
let t: TestApp;
const workers: OutboxWorker[] = [];
let lines: string[] = [];

function newWorker(app: TestApp) {
  const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(line) });
  const worker = outboxWorkerFor(app, { logger });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  slack = await startSlack();
  t = await createTestApp({
    ...notificationsOnly,
    SLACK_WEBHOOK_URL: slack.webhookUrl,
    LEADS_OUTBOX_POLL_MS: "50",
    // A failed row waits: each test's worker sees only its own lead's due rows.
    LEADS_OUTBOX_RETRY_BASE_MS: "60000",
    LEADS_RATE_LIMIT_MAX: "1000",
  });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  slack.requests.length = 0;
  slack.state.times.length = 0;
  slack.state.answer = () => ({ status: 200, body: "ok" });
  lines = [];
});
afterAll(async () => {
  await t?.close();
  await slack?.close();
});

async function submit(path: "/api/submit-booking" | "/api/contact", body: Record<string, unknown>): Promise<string> {
  const res = await postJson(t.app, path, body);
  expect(res.status).toBe(200);
  const email = String(body.work_email ?? body.email);
  const [lead] = await t.database.db.select().from(leads).where(eq(leads.email, email));
  return lead!.id;
}

const rowsOf = (leadId: string) => t.database.db.select().from(leadOutbox).where(eq(leadOutbox.leadId, leadId)).orderBy(asc(leadOutbox.topic));
const texts = (message: ReturnType<typeof slack.messages>[number]) =>
  message.blocks.flatMap((b) => [b.text?.text, ...(b.fields ?? []).map((f) => f.text), ...(b.elements ?? []).map((e) => e.text)]).filter(Boolean).join("\n");

describe("Slack messages", () => {
  it("announces a new lead: name, company, source in words, monthly calls and a link to the lead page", async () => {
    const id = await submit("/api/submit-booking", bookingBody({ name: "Slack Ada", work_email: "slack.ada@example.com", total_calls: 12500 }));
    expect(await newWorker(t).runOnce()).toBe(1); // the new lead now; the follow-up waits 30 minutes
    expect(slack.requests).toHaveLength(1);
    expect(slack.requests[0]!.headers["content-type"]).toBe("application/json");
    const [message] = slack.messages();
    expect(message!.text).toBe(`New lead: Slack Ada (Analytical Engines LLC) from the booking dialog. http://localhost:3000/admin/leads/${id}`);
    const body = texts(message!);
    expect(body).toContain("*New lead:* Slack Ada (Analytical Engines LLC)");
    expect(body).toContain("*Source*\nBooking dialog");
    expect(body).toContain("*Volume*\n12,500 calls per month");
    expect(body).toContain(`<http://localhost:3000/admin/leads/${id}|Open the lead>`);
    // What staff need to act, not the whole lead: no e-mail address, no consent evidence.
    expect(slack.requests[0]!.body).not.toContain("slack.ada@example.com");
    const [row] = (await rowsOf(id)).filter((r) => r.topic === "lead_stored");
    expect(row).toMatchObject({ channel: "slack", attempts: 1, payload: null, lastError: null });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it("names the form of an enterprise lead and a contact request, and leaves out calls that were not given", async () => {
    await submit("/api/submit-booking", enterpriseBody({ name: "Slack Grace", work_email: "slack.grace@example.com" }));
    await submit("/api/contact", contactBody({ name: "Slack Alan", email: "slack.alan@example.com" }));
    expect(await newWorker(t).runOnce()).toBe(2);
    const bodies = slack.messages().map(texts);
    const grace = bodies.find((b) => b.includes("Slack Grace"))!;
    expect(grace).toContain("*Source*\nEnterprise dialog");
    expect(grace).not.toContain("Volume");
    expect(bodies.find((b) => b.includes("Slack Alan"))).toContain("*Source*\nContact form");
  });

  it("escapes Slack's control characters in lead text: a name cannot mention the channel or show a disguised link", async () => {
    const id = await submit(
      "/api/submit-booking",
      bookingBody({ name: "Eve <!channel> <https://evil.example/login|Invoice>", company_name: "A&B <@U123>", work_email: "slack.eve@example.com" }),
    );
    expect(await newWorker(t).runOnce()).toBe(1);
    const raw = slack.requests[0]!.body;
    const message = slack.messages()[0]!;
    for (const text of [message.text, texts(message)]) {
      expect(text).toContain("Eve &lt;!channel&gt; &lt;https://evil.example/login|Invoice&gt; (A&amp;B &lt;@U123&gt;)");
      expect(text).not.toContain("<!channel>");
      expect(text).not.toContain("<https://evil.example");
      expect(text).not.toContain("<@U123>");
    }
    // The only link is ours; every text object is verbatim, so Slack links nothing else on its own.
    expect([...raw.matchAll(/<(https?:[^>|]+)\|/g)].map((m) => m[1])).toEqual([`http://localhost:3000/admin/leads/${id}`]);
    const objects = message.blocks.flatMap((b) => [b.text, ...(b.fields ?? []), ...(b.elements ?? [])]).filter(Boolean) as Record<string, unknown>[];
    expect(objects.every((o) => o.type === "mrkdwn" && o.verbatim === true)).toBe(true);
  });

  it("announces a booked (or rescheduled) meeting with its start in each reader's time zone, from the notification or the lead", async () => {
    const id = await submit("/api/submit-booking", bookingBody({ name: "Slack Booked", work_email: "slack.booked@example.com" }));
    const worker = newWorker(t);
    await worker.runOnce();
    slack.requests.length = 0;
    const base = { leadId: id, leadKind: "booking_inquiry" as const, channels: meetingChannels(t.config.notify, await bookingBotCheck(t.database.db, id)), topic: "meeting_booked" as const };
    expect(base.channels).toEqual(["slack"]);
    const booked: MeetingBookedPayload = { meetingStartsAt: "2026-03-02T15:00:00.000Z", rescheduled: false };
    await queueLeadNotification(t.database.db, { ...base, topicRef: "invitee-1", payload: booked });
    // A notification without its start falls back to the lead's current meeting.
    await t.database.db.update(leads).set({ meetingStartsAt: new Date("2026-03-09T16:30:00.000Z"), meetingBookedAt: sql`now()` }).where(eq(leads.id, id));
    const moved: MeetingBookedPayload = { meetingStartsAt: null, rescheduled: true };
    await queueLeadNotification(t.database.db, { ...base, topicRef: "invitee-2", payload: moved });
    expect(await worker.runOnce()).toBe(2);

    const messages = slack.messages().sort((a, b) => a.text.localeCompare(b.text));
    expect(messages.map((m) => m.text)).toEqual([
      `Meeting booked: Slack Booked (Analytical Engines LLC), starts 2026-03-02 15:00 UTC. http://localhost:3000/admin/leads/${id}`,
      `Meeting rescheduled: Slack Booked (Analytical Engines LLC), starts 2026-03-09 16:30 UTC. http://localhost:3000/admin/leads/${id}`,
    ]);
    const unix = Date.parse("2026-03-02T15:00:00.000Z") / 1000;
    expect(texts(messages[0]!)).toContain(`*Starts*\n<!date^${unix}^{date_short_pretty} at {time}|2026-03-02 15:00 UTC>`);
    expect(texts(messages[0]!)).toContain("*Meeting booked:* Slack Booked (Analytical Engines LLC)");
  });
});

describe("Slack's answers", () => {
  it("takes a 4xx answer's code as the failure, keeps none of a page's words, and never logs the URL or the lead", async () => {
    const id = await submit("/api/submit-booking", bookingBody({ name: "Slack Refused", work_email: "slack.refused@example.com" }));
    slack.state.answer = () => ({ status: 400, body: "invalid_payload" });
    expect(await newWorker(t).runOnce()).toBe(1);
    let [row] = (await rowsOf(id)).filter((r) => r.topic === "lead_stored");
    expect(row!.lastError).toBe("slack answered 400 invalid_payload");
    expect(row!.deliveredAt).toBeNull();

    // A proxy's page in Slack's place: only the status is kept.
    slack.state.answer = () => ({ status: 403, body: "<html>Blocked slack.refused@example.com</html>" });
    await t.database.db.update(leadOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(leadOutbox.id, row!.id));
    expect(await newWorker(t).runOnce()).toBe(1);
    [row] = (await rowsOf(id)).filter((r) => r.topic === "lead_stored");
    expect(row!.lastError).toBe("slack answered 403");

    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => String(l.msg).includes("failed"));
    expect(logged.map((l) => [l.channel, l.topic, l.code])).toEqual([
      ["slack", "lead_stored", "SLACK_INVALID_PAYLOAD"],
      ["slack", "lead_stored", "HTTP_403"],
    ]);
    const everything = lines.join("\n");
    for (const secret of ["secret-token-in-path", "/services/", slack.url, "Slack Refused", "slack.refused", "Blocked"]) expect(everything).not.toContain(secret);
    const failures = await t.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, id), eq(leadEvents.type, "notification_failed"))).orderBy(asc(leadEvents.at));
    expect(failures.map((e) => e.data)).toEqual([
      { channel: "slack", topic: "lead_stored", attempt: 1, error: "SLACK_INVALID_PAYLOAD" },
      { channel: "slack", topic: "lead_stored", attempt: 2, error: "HTTP_403" },
    ]);
  });

  it("honours 429 Retry-After: no new attempt before the time Slack asked for, though the back-off is 10 ms", { timeout: 40_000 }, async () => {
    const app = await createTestApp({
    ...notificationsOnly,
      SLACK_WEBHOOK_URL: slack.webhookUrl,
      LEADS_OUTBOX_POLL_MS: "20",
      LEADS_OUTBOX_RETRY_BASE_MS: "10",
      LEADS_OUTBOX_RETRY_MAX_MS: "10",
    });
    try {
      expect((await postJson(app.app, "/api/contact", contactBody({ name: "Slack Busy" }))).status).toBe(200);
      let calls = 0;
      slack.state.answer = () => (++calls === 1 ? { status: 429, body: "rate_limited", headers: { "retry-after": "2" } } : { status: 200, body: "ok" });
      const worker = newWorker(app);
      worker.start();
      await expect.poll(async () => (await app.database.db.select().from(leadOutbox))[0]!.deliveredAt, { timeout: 25_000, interval: 50 }).toBeInstanceOf(Date);
      expect(slack.state.times).toHaveLength(2);
      expect(slack.state.times[1]! - slack.state.times[0]!).toBeGreaterThanOrEqual(2000);
      const failed = await app.database.db.select().from(leadEvents).where(eq(leadEvents.type, "notification_failed"));
      expect(failed.map((e) => e.data)).toEqual([{ channel: "slack", topic: "lead_stored", attempt: 1, error: "SLACK_RATE_LIMITED" }]);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await app.close();
    }
    const retryLog = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.code === "SLACK_RATE_LIMITED")!;
    expect(retryLog.retryInMs).toBeGreaterThanOrEqual(2000);
    expect(retryLog.failure).toBe("slack answered 429 (retry after 2 s)");
  });

  it("cuts a Slack request off at the delivery deadline", async () => {
    // Takes each request and never answers it.
    const never = await startHttpServer(() => {});
    const app = await createTestApp({
    ...notificationsOnly,
      SLACK_WEBHOOK_URL: `${never.url}/services/T/B/never`,
      LEADS_OUTBOX_LEASE_MS: "1000",
      LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "300",
      LEADS_OUTBOX_RETRY_BASE_MS: "60000",
    });
    try {
      expect((await postJson(app.app, "/api/contact", contactBody())).status).toBe(200);
      const started = Date.now();
      expect(await newWorker(app).runOnce()).toBe(1);
      expect(Date.now() - started).toBeLessThan(1000);
      const [row] = await app.database.db.select().from(leadOutbox);
      expect(row).toMatchObject({ channel: "slack", lastError: "timed out after 300 ms", lockedUntil: null, deliveredAt: null });
    } finally {
      await app.close();
      await never.close();
    }
  });
});
