import crypto from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UndeliverableNotification } from "@shared/api/admin-notifications-api";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, signedInCookie } from "../support/admin-fixtures";
import { auditLog, leadOutbox } from "../../server/db/schema";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { bookingBody, contactBody, postJson, startHttpServer } from "./leads-support";
import { outboxWorkerFor } from "../support/outbox";

/**
 * Undeliverable lead notifications as staff see and retry them (docs/decisions/0103): three
 * leads whose webhook receiver refused every attempt until the outbox gave up on them.
 */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startHttpServer>>;
let receiverUp = false;
let worker: OutboxWorker;
let cookie: string;
let admin: { email: string; userId: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  receiver = await startHttpServer((_req, _body, res) => void res.writeHead(receiverUp ? 204 : 410).end());
  t = await createTestApp({
    ...adminTestEnv,
    LEADS_WEBHOOK_URL: `${receiver.url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: "admin-notifications-secret",
    LEADS_OUTBOX_MAX_ATTEMPTS: "2",
    LEADS_OUTBOX_RETRY_BASE_MS: "10",
    LEADS_OUTBOX_RETRY_MAX_MS: "10",
    LEADS_RATE_LIMIT_MAX: "1000",
  });
  worker = outboxWorkerFor(t);
  for (const body of [
    bookingBody({ name: "Dora Dead", work_email: "dora@deadletter.example", company_name: "Undelivered Ltd" }),
    bookingBody({ name: "Eli Dead", work_email: "eli@deadletter.example" }),
  ]) {
    expect((await postJson(t.app, "/api/submit-booking", body)).status).toBe(200);
  }
  expect((await postJson(t.app, "/api/contact", contactBody({ name: "Cora Contact", phone: "+1 415 555 0101" }))).status).toBe(200);
  for (let i = 0; i < 4; i++) {
    await worker.runOnce();
    await sleep(30);
  }
  const a = await createStaff(t, "admin");
  admin = a;
  cookie = await signedInCookie(t, a.email, a.password);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await receiver?.close();
});

async function api(method: string, path: string, headers: Record<string, string> = { Cookie: cookie, Origin: origin }) {
  const res = await t.app.request(path, { method, headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}
const list = async () => (await api("GET", "/api/admin/notifications")).body as { items: UndeliverableNotification[]; total: number };
const retryAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, "notifications.retry"));

describe("undeliverable lead notifications in the admin API", () => {
  it("answers 401 without a session and 403 to a signed-in moderator, and retries nothing", async () => {
    const { items } = await list();
    expect(await api("GET", "/api/admin/notifications", { Origin: origin })).toMatchObject({ status: 401, body: { error: "Not signed in" } });
    expect((await api("POST", `/api/admin/notifications/${items[0]!.id}/retry`, { Origin: origin })).status).toBe(401);
    const moderator = await createStaff(t, "moderator");
    const modCookie = await signedInCookie(t, moderator.email, moderator.password);
    for (const [method, path] of [
      ["GET", "/api/admin/notifications"],
      ["POST", `/api/admin/notifications/${items[0]!.id}/retry`],
      ["POST", "/api/admin/notifications/retry-all"],
    ] as const) {
      expect(await api(method, path, { Cookie: modCookie, Origin: origin })).toMatchObject({ status: 403, body: { error: "You don't have admin privileges" } });
    }
    expect((await list()).total).toBe(3);
    expect(await retryAudits()).toEqual([]);
  });

  it("lists each with lead kind, channel, attempts, last error and when, and no lead data", async () => {
    const res = await api("GET", "/api/admin/notifications");
    expect(res.status).toBe(200);
    const { items, total } = res.body as { items: UndeliverableNotification[]; total: number };
    expect(total).toBe(3);
    expect(items.map((i) => i.leadKind).sort()).toEqual(["booking_inquiry", "booking_inquiry", "contact_request"]);
    for (const item of items) {
      expect(item).toEqual({
        id: expect.any(String),
        leadKind: expect.any(String),
        leadId: expect.any(String),
        channel: "webhook",
        topic: "lead_stored",
        attempts: 2,
        lastError: "webhook answered 410",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      });
    }
    for (const personal of ["Dora", "deadletter.example", "Undelivered Ltd", "Cora", "555 0101"]) expect(res.text).not.toContain(personal);
    expect(receiver.requests).toHaveLength(6); // 3 notifications × 2 attempts, then no more
  });

  it("retries one: back in the queue with a full set of attempts, audited, and delivered once the receiver is up", async () => {
    const before = await list();
    const target = before.items.find((i) => i.leadKind === "contact_request")!;
    const res = await api("POST", `/api/admin/notifications/${target.id}/retry`);
    expect(res).toMatchObject({ status: 200, body: { requeued: 1 } });

    const after = await list();
    expect(after.total).toBe(2);
    expect(after.items.map((i) => i.id)).not.toContain(target.id);
    const [row] = await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.id, target.id));
    expect(row).toMatchObject({ deadAt: null, attempts: 0, lockedUntil: null, lastError: "webhook answered 410" });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const audits = await retryAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorEmail: admin.email,
      actorUserId: admin.userId,
      target: target.id,
      details: { channel: "webhook", topic: "lead_stored", leadKind: "contact_request", attempts: 2, lastError: "webhook answered 410" },
    });

    receiverUp = true;
    try {
      expect(await worker.runOnce()).toBe(1); // only the retried one: the others stay dead
    } finally {
      receiverUp = false;
    }
    const [done] = await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.id, target.id));
    expect(done).toMatchObject({ deadAt: null, lastError: null, payload: null, attempts: 1 });
    expect(done!.deliveredAt).toBeInstanceOf(Date);
    expect(receiver.requests.at(-1)!.headers["x-lead-delivery-id"]).toBe(target.id);
  });

  it("refuses another origin, a malformed or unknown id, and a notification that is not undeliverable, changing nothing", async () => {
    const { items } = await list();
    const dead = items[0]!;
    const [delivered] = await t.database.db.select().from(leadOutbox).where(isNotNull(leadOutbox.deliveredAt));
    const auditsBefore = (await retryAudits()).length;

    expect(await api("POST", `/api/admin/notifications/${dead.id}/retry`, { Cookie: cookie, Origin: "https://evil.example" })).toMatchObject({
      status: 403,
      body: { error: expect.any(String) },
    });
    expect(await api("POST", "/api/admin/notifications/retry-all", { Cookie: cookie, Origin: "https://evil.example" })).toMatchObject({ status: 403 });
    expect(await api("POST", "/api/admin/notifications/not-a-uuid/retry")).toMatchObject({
      status: 400,
      body: { error: "Invalid notification ID", fieldErrors: { id: "Invalid notification ID" } },
    });
    expect(await api("POST", `/api/admin/notifications/${crypto.randomUUID()}/retry`)).toMatchObject({
      status: 404,
      body: { error: "No notification with this ID" },
    });
    expect(await api("POST", `/api/admin/notifications/${delivered!.id}/retry`)).toMatchObject({
      status: 409,
      body: { error: "This notification is not undeliverable: it is queued or already delivered" },
    });
    expect(await api("GET", `/api/admin/notifications/${dead.id}`)).toMatchObject({ status: 404, body: { error: "Not found" } });

    expect((await list()).total).toBe(2);
    expect(await retryAudits()).toHaveLength(auditsBefore);
  });

  it("refuses an admin without two-factor sign-in when ADMIN_REQUIRE_TWO_FACTOR is on", async () => {
    const strict = await createTestApp({ ...adminTestEnv, ADMIN_REQUIRE_TWO_FACTOR: "true" });
    try {
      const staff = await createStaff(strict, "admin");
      const staffCookie = await signedInCookie(strict, staff.email, staff.password);
      for (const [method, path] of [
        ["GET", "/api/admin/notifications"],
        ["POST", "/api/admin/notifications/retry-all"],
      ] as const) {
        const res = await strict.app.request(path, { method, headers: { Cookie: staffCookie, Origin: origin } });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
      }
    } finally {
      await strict.close();
    }
  });

  it("retries all at once with one audit entry; with none left, retry-all changes and audits nothing", async () => {
    const auditsBefore = (await retryAudits()).length;
    expect(await api("POST", "/api/admin/notifications/retry-all")).toMatchObject({ status: 200, body: { requeued: 2 } });
    expect(await list()).toEqual({ items: [], total: 0 });
    const audits = await retryAudits();
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.find((a) => a.target === null)).toMatchObject({ actorEmail: admin.email, details: { all: true, count: 2 } });

    expect(await api("POST", "/api/admin/notifications/retry-all")).toMatchObject({ status: 200, body: { requeued: 0 } });
    expect(await retryAudits()).toHaveLength(auditsBefore + 1);
  });
});
