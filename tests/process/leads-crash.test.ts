import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { seededDataDir, spawnServer, type SpawnedServer } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { notificationsOnly } from "../support/outbox";
import { openDatabase } from "../../server/db/client";
import { bookingInquiries, leadOutbox } from "../../server/db/schema";

/**
 * kill -9 while lead submissions stream in: every submission the server acknowledged is stored
 * after a restart on the same data, each with its outbox entry, and every outbox entry is
 * delivered or still pending. The webhook receiver is down during the crash, so entries are in
 * flight when the process dies; deliveries carry a stable id, so repeats can be dropped.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const LEASE_MS = 3000;

it("loses no acknowledged lead and no outbox entry across SIGKILL and restart", { timeout: 180_000 }, async () => {
  let receiverUp = false;
  const deliveries: { deliveryId: string; leadId: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (!receiverUp) return void res.writeHead(503).end();
      const payload = JSON.parse(body) as { lead: { id: string } };
      deliveries.push({ deliveryId: String(req.headers["x-lead-delivery-id"]), leadId: payload.lead.id });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((r) => receiver.close(r)));

  const postgres = await createPostgresDatabase();
  if (postgres) cleanups.push(() => postgres.drop());
  // Starts from a copy of the migrated template: this test is about the crash, not the first start.
  const dataDir = await seededDataDir("crash");
  const env = {
    DATABASE_URL: postgres?.url,
    LEADS_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`,
    LEADS_WEBHOOK_SECRET: "crash-test-secret",
    // One outbox entry per lead, the webhook's (lead-reassign-restart tests the first-contact check).
    ...notificationsOnly,
    LEADS_OUTBOX_POLL_MS: "50",
    LEADS_OUTBOX_RETRY_BASE_MS: "100",
    LEADS_OUTBOX_RETRY_MAX_MS: "300",
    // Entries the killed process had claimed stay leased until the lease ends (default 60 s);
    // a short lease makes the restarted server take them over within seconds instead of a minute.
    // The lease must be at least twice the delivery deadline (docs/decisions/0103).
    LEADS_OUTBOX_LEASE_MS: String(LEASE_MS),
    LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "1000",
    // The receiver is down for the whole first run, retried every 300 ms: no entry may give up
    // (dead-letter) before it comes back, or it would wait for staff instead of being delivered.
    LEADS_OUTBOX_MAX_ATTEMPTS: "1000",
    LEADS_RATE_LIMIT_MAX: "1000000",
  };

  let server: SpawnedServer = await spawnServer({ dataDir, env });
  cleanups.push(() => server.kill());

  // Eight clients submit leads back to back; a lead counts as acknowledged only on { success: true }.
  const acknowledged: string[] = [];
  let attempted = 0;
  let streaming = true;
  const client = async (id: number) => {
    for (let i = 0; streaming; i++) {
      const key = `crash-${id}-${i}`;
      attempted++;
      try {
        const res = await fetch(`${server.url}/api/submit-booking`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify({
            name: `Crash ${id}-${i}`,
            job_title: "Owner",
            work_email: `crash-${id}-${i}@example.com`,
            company_name: "Kill Nine LLC",
            total_calls: 100 + i,
            tcpa_consent: true,
          }),
        });
        const json = (await res.json()) as { success?: boolean };
        if (res.status === 200 && json.success === true) acknowledged.push(key);
      } catch {
        // The server died mid-request: not acknowledged, so the client would retry.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const clients = Array.from({ length: 8 }, (_, id) => client(id));
  // Kill once a good number of leads are in (instead of after a fixed 2.5 s, which on a loaded
  // machine sometimes acknowledged too few): the server is then busy storing and delivering.
  const streamDeadline = Date.now() + 30_000;
  while (acknowledged.length < 60 && Date.now() < streamDeadline) await new Promise((r) => setTimeout(r, 20));
  const beforeKill = acknowledged.length;
  await server.kill();
  const killedAt = Date.now();
  await new Promise((r) => setTimeout(r, 200));
  streaming = false;
  await Promise.all(clients);
  expect(beforeKill).toBeGreaterThan(20);

  // Restart on the same data; the receiver comes back; pending entries go out.
  receiverUp = true;
  server = await spawnServer({ dataDir, env });
  const distinctLeads = () => new Set(deliveries.map((d) => d.leadId)).size;
  const deadline = Date.now() + 60_000;
  while (distinctLeads() < acknowledged.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // A lead can be stored without being acknowledged (killed before the answer went out): its entry
  // goes out too, maybe after the acknowledged ones, and one the killed process had claimed only
  // once its lease has run out. Stop once nothing new arrived for a while (retries are at most
  // 300 ms apart, and the receiver is up), and not before every such lease has ended: a quiet
  // spell that ended before them once failed this test on PostgreSQL with three entries unsent.
  const leasesOver = killedAt + LEASE_MS + 300;
  let seen = -1;
  while ((seen !== deliveries.length || Date.now() < leasesOver) && Date.now() < deadline) {
    seen = deliveries.length;
    await new Promise((r) => setTimeout(r, 1500));
  }
  expect(await server.stop()).toBe(0);

  const database = postgres
    ? await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 1 })
    : await openDatabase({ kind: "pglite", dataDir });
  try {
    const rows = await database.db.select({ id: bookingInquiries.id, key: bookingInquiries.idempotencyKey }).from(bookingInquiries);
    const outbox = await database.db.select().from(leadOutbox);
    const storedKeys = new Set(rows.map((r) => r.key));
    const lost = acknowledged.filter((key) => !storedKeys.has(key));
    expect(lost, `acknowledged ${acknowledged.length} of ${attempted} attempts`).toEqual([]);

    // Lead and outbox entry were written in one transaction: one entry per stored lead, no orphans.
    expect(outbox).toHaveLength(rows.length);
    expect(new Set(outbox.map((o) => o.leadId))).toEqual(new Set(rows.map((r) => r.id)));
    for (const entry of outbox) {
      // Delivered, or still pending and due for another attempt (never lost, never stuck leased).
      if (entry.deliveredAt === null) expect(entry.lockedUntil === null || entry.lockedUntil.getTime() < Date.now() + 120_000).toBe(true);
    }
    const delivered = outbox.filter((o) => o.deliveredAt !== null);
    expect(delivered.length).toBe(outbox.length);
    // A repeat after the crash carries the same delivery id for the same lead, so it can be dropped.
    const leadByDelivery = new Map<string, string>();
    for (const d of deliveries) {
      expect(leadByDelivery.get(d.deliveryId) ?? d.leadId).toBe(d.leadId);
      leadByDelivery.set(d.deliveryId, d.leadId);
    }
    expect(new Set(leadByDelivery.keys())).toEqual(new Set(outbox.map((o) => o.id)));
    console.log(
      `crash test (${database.kind}): ${attempted} attempts, ${acknowledged.length} acknowledged (${beforeKill} before SIGKILL), ${rows.length} stored, ${deliveries.length} deliveries for ${outbox.length} outbox entries`,
    );
  } finally {
    await database.close();
  }
});
