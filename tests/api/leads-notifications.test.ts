import crypto from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { createTestApp, type TestApp } from "../support/test-app";
import { freePort } from "../support/spawn-server";
import { bookingInquiries, contactRequests, leadOutbox } from "../../server/db/schema";
import { describeDeliveryFailure } from "../../server/platform/delivery-error";
import { retryDelayMs, type OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { createLogger } from "../../server/logger";
import { bookingBody, enterpriseBody, contactBody, postJson, startHttpServer } from "./leads-support";
import { waitFor } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { notificationsOnly, outboxWorkerFor } from "../support/outbox";

const SECRET = "webhook-secret-for-tests";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let webhookUp = true;
/** Where the receiver redirects (307) instead of answering, when set. */
let webhookRedirect: string | null = null;
let webhook: Awaited<ReturnType<typeof startHttpServer>>;
let t: TestApp;
const workers: OutboxWorker[] = [];

function newWorker(app: TestApp) {
  const worker = outboxWorkerFor(app, { logger: createLogger(process.env.DEBUG_OUTBOX ? "debug" : "silent") });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  smtp = await startSmtp();
  webhook = await startHttpServer((_req, _body, res) => {
    if (webhookRedirect) return res.writeHead(307, { location: webhookRedirect }).end();
    res.writeHead(webhookUp ? 204 : 503).end();
  });
  t = await createTestApp({
    ...notificationsOnly,
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
  webhookRedirect = null;
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

    const newLeadRows = async () => (await outboxRows()).filter((r) => r.topic === "lead_stored");
    await waitFor(async () => (await newLeadRows()).every((r) => r.deliveredAt !== null) && smtp.messages.length === 1 && webhook.requests.length === 1);
    const [lead] = await t.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.name, "Notify Me"));
    const all = (await outboxRows()).filter((r) => r.leadId === lead!.id);
    const rows = all.filter((r) => r.topic === "lead_stored");
    expect(rows.map((r) => r.channel)).toEqual(["email", "webhook"]);
    expect(rows.every((r) => r.attempts === 1 && r.lockedUntil === null)).toBe(true);
    expect(rows.every((r) => r.payload === null)).toBe(true); // delivered: no copy of the lead kept
    // The staff follow-up (e-mail: the only staff channel here) waits LEADS_FOLLOW_UP_MINUTES (30) untouched.
    const followUps = all.filter((r) => r.topic === "follow_up");
    expect(followUps.map((r) => [r.channel, r.attempts, r.deliveredAt])).toEqual([["email", 0, null]]);
    expect(followUps[0]!.nextAttemptAt.getTime() - lead!.createdAt.getTime()).toBe(30 * 60_000);
    expect(all).toHaveLength(3);

    const email = { ...smtp.messages[0]!, raw: mailText(smtp.messages[0]!.raw) };
    expect(email.to).toEqual(["sales@example.com"]);
    const emailRow = rows.find((r) => r.channel === "email")!;
    expect(email.raw).toMatch(/^Subject: New booking inquiry: Notify Me \(Pipes & Co\)/m);
    expect(email.raw).toContain(`Message-ID: <${emailRow.id}@agentdesk.example>`);
    expect(email.raw).toMatch(new RegExp(`^X-Lead-Delivery-Id: ${emailRow.id}`, "mi"));
    expect(email.raw).toContain("Monthly calls: 400");
    expect(email.raw).not.toContain("notify-1"); // the idempotency key is internal
    expect(email.raw).toContain(`Open the lead: http://localhost:3000/admin/leads/${lead!.id}`);

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

  it("indents the continuation lines of a multi-line answer in the e-mail, so no line can pass for a field", async () => {
    smtp.messages.length = 0;
    const worker = newWorker(t);
    worker.start();
    const res = await postJson(
      t.app,
      "/api/submit-booking",
      enterpriseBody({ name: "Multi Line", ai_goal: "Answer every call\r\nWork email: ceo@victim.example", idempotency_key: "notify-multiline-1" }),
    );
    expect(res.status).toBe(200);
    await waitFor(async () => smtp.messages.some((m) => m.raw.includes("Multi Line")));
    const email = { raw: mailText(smtp.messages.find((m) => m.raw.includes("Multi Line"))!.raw) };
    expect(email.raw).toMatch(/^AI goal: Answer every call\r?\n {4}Work email: ceo@victim\.example/m);
    expect(email.raw).not.toMatch(/^Work email: ceo@victim\.example/m);
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

  it("never follows a redirect: a 307 from the receiver fails the delivery, and the signed lead goes nowhere else", async () => {
    const elsewhere = await startHttpServer((_req, _body, res) => res.writeHead(204).end());
    try {
      webhookRedirect = `${elsewhere.url}/collect`;
      const worker = newWorker(t);
      const res = await postJson(t.app, "/api/contact", contactBody({ name: "Redirected Receiver", idempotency_key: "receiver-redirect-1" }));
      expect(res.status).toBe(200);
      await worker.runOnce();
      const [lead] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.idempotencyKey, "receiver-redirect-1"));
      const row = (await outboxRows()).find((r) => r.leadId === lead!.id && r.channel === "webhook")!;
      expect(row.deliveredAt).toBeNull();
      expect(row.lastError).toMatch(/fetch failed|redirect/i);
      expect(elsewhere.requests).toHaveLength(0);
      // Its retry is not the later tests' business: they count the webhook's requests.
      await t.database.db.delete(leadOutbox).where(eq(leadOutbox.leadId, lead!.id));
    } finally {
      await elsewhere.close();
    }
  });

  it("keeps undelivered mail across a worker restart and sends it when the SMTP server comes up", async () => {
    // Point a second app at an SMTP port where nothing listens yet.
    const port = await freePort();
    const app = await createTestApp({
    ...notificationsOnly,
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
      const newLead = async () => (await app.database.db.select().from(leadOutbox).where(eq(leadOutbox.topic, "lead_stored")))[0];
      await waitFor(async () => ((await newLead())?.attempts ?? 0) >= 2);
      await first.stop();
      const stopped = await newLead();
      expect(stopped!.deliveredAt).toBeNull();
      expect(stopped!.lockedUntil).toBeNull(); // a clean stop leaves nothing leased

      late = await startSmtp(port);
      const second = newWorker(app);
      second.start();
      await waitFor(() => late!.messages.length === 1);
      await waitFor(async () => (await newLead())!.deliveredAt !== null);
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

// ---------------------------------------------------------------------------------------------
// Claims, dead letters, retention and logs (docs/decisions/0103). Each test has its own database,
// so rows left by other tests are never claimed here.
// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A webhook receiver that holds every request until the test answers it (or answers by itself
 * after `answerAfterMs`), and counts how many requests are open at once: a request the sender
 * gave up on closes its connection, so it stops counting then.
 */
async function startHeldReceiver(options: { answerAfterMs?: number; status?: number } = {}) {
  let open = 0;
  let maxOpen = 0;
  const held: { deliveryId: string; answer: (status: number) => void }[] = [];
  const server = await startHttpServer((req, _body, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on("close", () => open--);
    const answer = (status: number) => {
      if (!res.writableEnded && !res.destroyed) res.writeHead(status).end();
    };
    held.push({ deliveryId: String(req.headers["x-lead-delivery-id"]), answer });
    if (options.answerAfterMs !== undefined) setTimeout(() => answer(options.status ?? 204), options.answerAfterMs);
    else if (options.status !== undefined) answer(options.status);
  });
  return {
    ...server,
    held,
    get maxOpen() {
      return maxOpen;
    },
  };
}

const isolated: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const item of isolated.splice(0).reverse()) await item.close();
});

/** An app of its own whose only notification channel is the webhook at `url`. */
async function webhookApp(url: string, env: Record<string, string> = {}) {
  const app = await createTestApp({
    ...notificationsOnly,
    LEADS_WEBHOOK_URL: `${url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: SECRET,
    LEADS_OUTBOX_POLL_MS: "50",
    LEADS_RATE_LIMIT_MAX: "1000",
    ...env,
  });
  isolated.push(app);
  return app;
}

async function onlyRow(app: TestApp) {
  const rows = await app.database.db.select().from(leadOutbox);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/**
 * The new-lead row of an app's only booking lead where e-mail is a channel: that lead also queued
 * its e-mail follow-up, due LEADS_FOLLOW_UP_MINUTES later, which no worker may have touched yet.
 */
async function onlyNewLeadRow(app: TestApp) {
  const rows = await app.database.db.select().from(leadOutbox);
  expect(rows.map((r) => r.topic).sort()).toEqual(["follow_up", "lead_stored"]);
  const followUp = rows.find((r) => r.topic === "follow_up")!;
  expect(followUp).toMatchObject({ attempts: 0, deliveredAt: null, lockedUntil: null, lastError: null });
  return rows.find((r) => r.topic === "lead_stored")!;
}

describe("outbox claims: one holder at a time", () => {
  it("cuts a delivery off before its lease ends, so no other worker sends it while it is in flight", async () => {
    // The receiver takes 2 s; the lease is 1 s. Without a hard delivery timeout, a second worker
    // takes the row over after 1 s and sends it again while the first request is still open.
    const receiver = await startHeldReceiver({ answerAfterMs: 2000 });
    isolated.push(receiver);
    const app = await webhookApp(receiver.url, {
      LEADS_OUTBOX_LEASE_MS: "1000",
      LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "400",
      LEADS_OUTBOX_RETRY_BASE_MS: "60000",
      LEADS_OUTBOX_RETRY_MAX_MS: "60000",
    });
    expect((await postJson(app.app, "/api/submit-booking", bookingBody())).status).toBe(200);
    const a = newWorker(app);
    const b = newWorker(app);
    const first = a.runOnce();
    await waitFor(() => receiver.held.length === 1);
    await sleep(1100); // past the lease
    const second = b.runOnce();
    await Promise.all([first, second]);

    expect(receiver.held).toHaveLength(1);
    expect(receiver.maxOpen).toBe(1);
    const row = await onlyRow(app);
    expect(row.deliveredAt).toBeNull();
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toMatch(/timed out after 400 ms/);
  });

  it.each([
    [204, "delivered"],
    [503, "failed"],
  ])("a worker whose lease ran out cannot report the row %s (%s) over the worker that holds it now", async (status) => {
    const receiver = await startHeldReceiver();
    isolated.push(receiver);
    const app = await webhookApp(receiver.url, {
      LEADS_OUTBOX_LEASE_MS: "10000",
      LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "5000",
      LEADS_OUTBOX_RETRY_BASE_MS: "10",
      LEADS_OUTBOX_RETRY_MAX_MS: "10",
    });
    expect((await postJson(app.app, "/api/contact", contactBody())).status).toBe(200);
    const stale = newWorker(app);
    const holder = newWorker(app);
    const third = newWorker(app);

    const staleRun = stale.runOnce();
    await waitFor(() => receiver.held.length === 1);
    // The first worker stalls past its lease (a paused process, a slow database): the lease runs out.
    await app.database.db.update(leadOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    const holderRun = holder.runOnce();
    await waitFor(() => receiver.held.length === 2);

    receiver.held[0]!.answer(status);
    await staleRun;
    const during = await onlyRow(app);
    expect(during.deliveredAt).toBeNull();
    expect(during.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(during.attempts).toBe(2);
    // Nobody else may take the row while its holder delivers.
    expect(await third.runOnce()).toBe(0);
    expect(receiver.held).toHaveLength(2);

    receiver.held[1]!.answer(204);
    await holderRun;
    const done = await onlyRow(app);
    expect(done.deliveredAt).not.toBeNull();
    expect(done.lockedUntil).toBeNull();
    expect(new Set(receiver.held.map((h) => h.deliveryId))).toEqual(new Set([done.id]));
  });

  it("gives every delivery a hard deadline: a channel that never answers releases its row in time", async () => {
    const app = await webhookApp("http://127.0.0.1:9", {
      LEADS_OUTBOX_LEASE_MS: "1000",
      LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "300",
      LEADS_OUTBOX_RETRY_BASE_MS: "60000",
      LEADS_OUTBOX_RETRY_MAX_MS: "60000",
    });
    expect((await postJson(app.app, "/api/submit-booking", bookingBody())).status).toBe(200);
    // A channel that ignores the abort signal entirely: only the worker's own deadline ends it.
    const hanging = outboxWorkerFor(app, { notifier: { channels: ["webhook"], deliver: () => new Promise<void>(() => {}), close: () => {} } });
    workers.push(hanging);
    const started = Date.now();
    expect(await hanging.runOnce()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    const row = await onlyRow(app);
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toMatch(/timed out after 300 ms/);
  });

  it("an SMTP server that accepts the connection but never greets fails the delivery within the deadline", async () => {
    const silent = net.createServer(() => {}); // accepts, says nothing
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const sockets = new Set<net.Socket>();
    silent.on("connection", (s) => sockets.add(s));
    isolated.push({
      close: () =>
        new Promise((resolve) => {
          for (const s of sockets) s.destroy();
          silent.close(resolve);
        }),
    });
    const app = await createTestApp({
    ...notificationsOnly,
      SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      LEADS_NOTIFY_TO: "sales@example.com",
      LEADS_OUTBOX_LEASE_MS: "1000",
      LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "500",
      LEADS_OUTBOX_RETRY_BASE_MS: "60000",
      LEADS_OUTBOX_RETRY_MAX_MS: "60000",
    });
    isolated.push(app);
    expect((await postJson(app.app, "/api/submit-booking", bookingBody())).status).toBe(200);
    const started = Date.now();
    expect(await newWorker(app).runOnce()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);
    const row = await onlyNewLeadRow(app);
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toMatch(/timed out after 500 ms/);
  });
});

describe("outbox dead letters and retention", () => {
  it("gives up after LEADS_OUTBOX_MAX_ATTEMPTS: the row keeps its last error and nothing more is sent", async () => {
    const receiver = await startHeldReceiver({ status: 503 });
    isolated.push(receiver);
    const app = await webhookApp(receiver.url, {
      LEADS_OUTBOX_MAX_ATTEMPTS: "3",
      LEADS_OUTBOX_RETRY_BASE_MS: "10",
      LEADS_OUTBOX_RETRY_MAX_MS: "10",
    });
    expect((await postJson(app.app, "/api/submit-booking", bookingBody({ name: "Never Told" }))).status).toBe(200);
    const worker = newWorker(app);
    for (let i = 0; i < 6; i++) {
      await worker.runOnce();
      await sleep(40);
    }
    expect(receiver.held).toHaveLength(3);
    const row = await onlyRow(app);
    expect(row.attempts).toBe(3);
    expect(row.deadAt).toBeInstanceOf(Date);
    expect(row.deliveredAt).toBeNull();
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toBe("webhook answered 503");
    // Kept until staff retry it (or the dead-letter retention ends): the notification can still go out.
    expect((row.payload as { lead: { name: string } }).lead.name).toBe("Never Told");
  });

  it("keeps no copy of the lead once its notification is delivered; the lead itself stays", async () => {
    const receiver = await startHeldReceiver({ status: 204 });
    isolated.push(receiver);
    const app = await webhookApp(receiver.url);
    expect((await postJson(app.app, "/api/submit-booking", bookingBody({ name: "Forget Me Later" }))).status).toBe(200);
    expect(await newWorker(app).runOnce()).toBe(1);
    const row = await onlyRow(app);
    expect(row.deliveredAt).not.toBeNull();
    expect(row.payload).toBeNull();
    const [lead] = await app.database.db.select().from(bookingInquiries).where(eq(bookingInquiries.id, row.leadId));
    expect(lead!.name).toBe("Forget Me Later");
  });

  it("housekeeping clears payloads still on delivered rows and deletes dead letters past their retention", async () => {
    const receiver = await startHeldReceiver({ status: 204 });
    isolated.push(receiver);
    const app = await webhookApp(receiver.url, { LEADS_OUTBOX_DEAD_RETENTION_DAYS: "30" });
    for (const name of ["Old Instance", "Dead Long Ago", "Dead Yesterday"]) {
      expect((await postJson(app.app, "/api/submit-booking", bookingBody({ name }))).status).toBe(200);
    }
    const { db } = app.database;
    const byName = async (name: string) => {
      const [lead] = await db.select().from(bookingInquiries).where(eq(bookingInquiries.name, name));
      return eq(leadOutbox.leadId, lead!.id);
    };
    // As an instance of the previous version leaves a delivered row, and two dead letters.
    await db.update(leadOutbox).set({ deliveredAt: sql`now()` }).where(await byName("Old Instance"));
    await db.update(leadOutbox).set({ deadAt: sql`now() - interval '31 days'`, attempts: 12, lastError: "webhook answered 410" }).where(await byName("Dead Long Ago"));
    await db.update(leadOutbox).set({ deadAt: sql`now() - interval '1 day'`, attempts: 12, lastError: "webhook answered 410" }).where(await byName("Dead Yesterday"));

    const worker = newWorker(app);
    expect(await worker.prune()).toEqual({ clearedPayloads: 1, deletedDeadLetters: 1 });
    const rows = await db.select().from(leadOutbox);
    expect(rows).toHaveLength(2);
    const delivered = rows.find((r) => r.deliveredAt !== null)!;
    expect(delivered.payload).toBeNull();
    const dead = rows.find((r) => r.deadAt !== null)!;
    expect((dead.payload as { lead: { name: string } }).lead.name).toBe("Dead Yesterday");
    expect(await worker.prune()).toEqual({ clearedPayloads: 0, deletedDeadLetters: 0 });
  });
});

describe("outbox logs", () => {
  it("describes a failure by its codes: network errors, SMTP replies and commands, never their text", async () => {
    const closed = await freePort();
    const refused = await fetch(`http://127.0.0.1:${closed}/`).catch((error: unknown) => error);
    expect(describeDeliveryFailure(refused)).toEqual({ code: "ECONNREFUSED", summary: "fetch failed: ECONNREFUSED" });
    const blocked = await fetch("http://127.0.0.1:9/").catch((error: unknown) => error); // a port fetch refuses to use
    expect(describeDeliveryFailure(blocked)).toEqual({ code: "FETCH_FAILED", summary: "fetch failed" });
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <sales@acme.example>: unknown user"), {
      code: "EENVELOPE",
      responseCode: 550,
      response: "550 5.1.1 <sales@acme.example>: Recipient address rejected: unknown user",
      command: "RCPT TO:<sales@acme.example>",
    });
    expect(describeDeliveryFailure(smtp)).toEqual({ code: "EENVELOPE", summary: "EENVELOPE 550 5.1.1 after RCPT TO" });
    expect(describeDeliveryFailure(new Error("ada@example.com said no"))).toEqual({ code: "Error", summary: "Error" });
    expect(describeDeliveryFailure("a string")).toEqual({ code: "UNKNOWN", summary: "unknown error" });
  });

  it("logs a failed delivery by channel and error code, never the lead's data or the server's words", async () => {
    // A mail server whose refusal quotes the message back (spam filters do), and the recipient.
    const echo = await startSmtp(0, ({ raw, to }) => {
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
      return Object.assign(new Error(`Message rejected: "${subject}" for ${to[0]} mentioning ada@example.com`), { responseCode: 554 });
    });
    isolated.push(echo);
    const app = await createTestApp({
      ...notificationsOnly,
      SMTP_URL: `smtp://127.0.0.1:${echo.port}`,
      LEADS_NOTIFY_TO: "sales@example.com",
      LEADS_OUTBOX_RETRY_BASE_MS: "60000",
    });
    isolated.push(app);
    expect(
      (await postJson(app.app, "/api/submit-booking", bookingBody({ name: "Secret Person", company_name: "Hidden Corp", work_email: "secret.person@hidden.example" })))
        .status,
    ).toBe(200);

    const lines: string[] = [];
    const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(line) });
    const worker = outboxWorkerFor(app, { logger });
    workers.push(worker);
    expect(await worker.runOnce()).toBe(1);

    const failure = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => String(l.msg).includes("failed"));
    expect(failure).toMatchObject({ channel: "email", code: "EMESSAGE" });
    const everything = lines.join("\n");
    for (const personal of ["Secret Person", "Hidden Corp", "secret.person", "ada@example.com", "sales@example.com", "Message rejected"]) {
      expect(everything).not.toContain(personal);
    }
    const row = await onlyNewLeadRow(app);
    // Staff see the same: a code to act on, not the server's words.
    expect(row.lastError).toMatch(/^EMESSAGE 554/);
    for (const personal of ["Secret Person", "Hidden Corp", "secret.person", "ada@example.com", "sales@example.com"]) {
      expect(row.lastError).not.toContain(personal);
    }
  });
});
