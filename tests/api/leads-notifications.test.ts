import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { asc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { freePort } from "../support/spawn-server";
import { leadOutbox } from "../../server/db/schema";
import { createNotifier } from "../../server/leads/notifier";
import { createOutboxWorker, retryDelayMs, type OutboxWorker } from "../../server/leads/outbox-worker";
import { createLogger } from "../../server/logger";
import { bookingBody, contactBody, postJson, startHttpServer } from "./leads-support";

/** A real SMTP server on localhost that keeps every message it receives. */
async function startSmtp(port = 0) {
  const messages: { raw: string; to: string[] }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (d: Buffer) => (raw += d.toString("utf8")));
      stream.on("end", () => {
        messages.push({ raw, to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET = "webhook-secret-for-tests";
const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let webhookUp = true;
let webhook: Awaited<ReturnType<typeof startHttpServer>>;
let t: TestApp;
const workers: OutboxWorker[] = [];

function newWorker(app: TestApp) {
  const worker = createOutboxWorker({
    db: app.database.db,
    notifier: createNotifier(app.config.notify),
    logger: createLogger(process.env.DEBUG_OUTBOX ? "debug" : "silent"),
    config: app.config.leads.outbox,
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  smtp = await startSmtp();
  webhook = await startHttpServer((_req, _body, res) => {
    res.writeHead(webhookUp ? 204 : 503).end();
  });
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_NOTIFY_TO: "sales@example.com",
    LEADS_NOTIFY_FROM: "leads@agentdesk.example",
    LEADS_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: SECRET,
    LEADS_OUTBOX_POLL_MS: "50",
    LEADS_OUTBOX_RETRY_BASE_MS: "100",
    LEADS_OUTBOX_RETRY_MAX_MS: "400",
    LEADS_RATE_LIMIT_MAX: "1000",
  });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  webhookUp = true;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await webhook.close();
});

async function outboxRows() {
  return t.database.db.select().from(leadOutbox).orderBy(asc(leadOutbox.createdAt), asc(leadOutbox.channel));
}

describe("lead notifications through the outbox", () => {
  it("stores one outbox row per channel with the lead, then emails it and posts a signed webhook", async () => {
    smtp.messages.length = 0;
    webhook.requests.length = 0;
    const worker = newWorker(t);
    worker.start();
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ name: "Notify Me", company_name: "Pipes & Co", idempotency_key: "notify-1" }));
    expect(res.status).toBe(200);

    await waitFor(async () => (await outboxRows()).every((r) => r.deliveredAt !== null) && smtp.messages.length === 1 && webhook.requests.length === 1);
    const rows = (await outboxRows()).filter((r) => (r.payload as { lead: { name: string } }).lead.name === "Notify Me");
    expect(rows.map((r) => r.channel)).toEqual(["email", "webhook"]);
    expect(rows.every((r) => r.attempts === 1 && r.lockedUntil === null)).toBe(true);

    const email = smtp.messages[0]!;
    expect(email.to).toEqual(["sales@example.com"]);
    const emailRow = rows.find((r) => r.channel === "email")!;
    expect(email.raw).toMatch(/^Subject: New booking inquiry: Notify Me \(Pipes & Co\)/m);
    expect(email.raw).toContain(`Message-ID: <${emailRow.id}@agentdesk.example>`);
    expect(email.raw).toMatch(new RegExp(`^X-Lead-Delivery-Id: ${emailRow.id}`, "mi"));
    expect(email.raw).toContain("Monthly calls: 400");
    expect(email.raw).not.toContain("notify-1"); // the idempotency key is internal

    const hook = webhook.requests[0]!;
    const hookRow = rows.find((r) => r.channel === "webhook")!;
    expect(hook.headers["x-lead-delivery-id"]).toBe(hookRow.id);
    const expected = "sha256=" + crypto.createHmac("sha256", SECRET).update(`${hook.headers["x-lead-timestamp"]}.${hook.body}`).digest("hex");
    expect(hook.headers["x-lead-signature"]).toBe(expected);
    const payload = JSON.parse(hook.body);
    expect(payload).toMatchObject({
      delivery_id: hookRow.id,
      kind: "booking_inquiry",
      lead: { name: "Notify Me", workEmail: "ada@example.com", companyName: "Pipes & Co", totalCalls: 400, sourceForm: "booking_dialog" },
    });
    expect(payload.lead.clientIp).toBeUndefined();
  });

  it("retries with back-off while the webhook receiver is down, with the same delivery id, until it is up", async () => {
    webhook.requests.length = 0;
    webhookUp = false;
    const worker = newWorker(t);
    worker.start();
    const res = await postJson(t.app, "/api/contact", contactBody({ name: "Patient Receiver", idempotency_key: "receiver-down-1" }));
    expect(res.status).toBe(200);
    await waitFor(() => webhook.requests.length >= 3);
    const pending = (await outboxRows()).find((r) => r.channel === "webhook" && r.deliveredAt === null)!;
    expect(pending.lastError).toContain("webhook answered 503");
    expect(pending.attempts).toBeGreaterThanOrEqual(3);
    webhookUp = true;
    await waitFor(async () => (await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.id, pending.id)))[0]!.deliveredAt !== null);
    const ids = new Set(webhook.requests.map((r) => r.headers["x-lead-delivery-id"]));
    expect(ids).toEqual(new Set([pending.id]));
    const [done] = await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.id, pending.id));
    expect(done!.lastError).toBeNull();
    expect(done!.attempts).toBe(webhook.requests.length);
  });

  it("keeps undelivered mail across a worker restart and sends it when the SMTP server comes up", async () => {
    // Point a second app at an SMTP port where nothing listens yet.
    const port = await freePort();
    const app = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      LEADS_NOTIFY_TO: "sales@example.com",
      LEADS_OUTBOX_POLL_MS: "50",
      LEADS_OUTBOX_RETRY_BASE_MS: "50",
      LEADS_OUTBOX_RETRY_MAX_MS: "200",
    });
    let late: Awaited<ReturnType<typeof startSmtp>> | null = null;
    try {
      const first = newWorker(app);
      first.start();
      expect((await postJson(app.app, "/api/submit-booking", bookingBody({ name: "Mail Later" }))).status).toBe(200);
      await waitFor(async () => ((await app.database.db.select().from(leadOutbox))[0]?.attempts ?? 0) >= 2);
      await first.stop();
      const [stopped] = await app.database.db.select().from(leadOutbox);
      expect(stopped!.deliveredAt).toBeNull();
      expect(stopped!.lockedUntil).toBeNull(); // a clean stop leaves nothing leased

      late = await startSmtp(port);
      const second = newWorker(app);
      second.start();
      await waitFor(() => late!.messages.length === 1);
      await waitFor(async () => (await app.database.db.select().from(leadOutbox))[0]!.deliveredAt !== null);
      expect(late.messages[0]!.raw).toContain("Subject: New booking inquiry: Mail Later");
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await late?.close();
      await app.close();
    }
  });

  it("two workers on one database never deliver a row twice (FOR UPDATE SKIP LOCKED)", async () => {
    webhook.requests.length = 0;
    for (let i = 0; i < 12; i++) await postJson(t.app, "/api/submit-booking", bookingBody({ name: `Parallel ${i}` }));
    const a = newWorker(t);
    const b = newWorker(t);
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    const deliveryIds = webhook.requests.map((r) => r.headers["x-lead-delivery-id"]);
    expect(deliveryIds).toHaveLength(12);
    expect(new Set(deliveryIds).size).toBe(12);
  });

  it("backs off exponentially up to the cap", () => {
    const delays = [1, 2, 3, 4, 10, 40].map((attempt) => retryDelayMs(attempt, 1000, 10_000));
    expect(delays[0]).toBeGreaterThanOrEqual(1000);
    expect(delays[0]).toBeLessThanOrEqual(1200);
    expect(delays[1]).toBeGreaterThanOrEqual(2000);
    expect(delays[2]).toBeGreaterThanOrEqual(4000);
    expect(delays[3]).toBeGreaterThanOrEqual(8000);
    expect(delays[4]).toBeLessThanOrEqual(12_000);
    expect(delays[5]).toBeLessThanOrEqual(12_000);
  });
});
