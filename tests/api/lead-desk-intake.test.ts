import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGlite } from "@electric-sql/pglite";
import { createTestApp, type TestApp } from "../support/test-app";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import * as schema from "../../server/db/schema";
import { leadReference, leadReferenceHash } from "../../server/leads/lead-reference";
import { migratedDumpBefore, migrationsBefore, migrationsFolder } from "../support/pglite-templates";
import { bookingBody, contactBody, enterpriseBody, postJson } from "./leads-support";

/*
 * Every stored lead lands on the lead desk (docs/decisions/0701): a leads row with the
 * submission's id, New, its reference's hash, a "created" line on its timeline, and the
 * notifications its kind plans: the new lead on every channel, and for booking and enterprise
 * leads a follow-up due LEADS_FOLLOW_UP_MINUTES later.
 */

const SECRET = "a-test-secret-that-is-at-least-32-characters-long";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    BETTER_AUTH_SECRET: SECRET,
    SMTP_URL: "smtp://127.0.0.1:9",
    LEADS_NOTIFY_TO: "sales@example.com",
    LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook",
    LEADS_WEBHOOK_SECRET: "hook-secret",
    SLACK_WEBHOOK_URL: "http://127.0.0.1:9/slack",
    LEADS_FOLLOW_UP_MINUTES: "0.5",
    LEADS_RATE_LIMIT_MAX: "1000",
  });
});
afterAll(async () => t?.close());

async function deskRow(id: string) {
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
  return row;
}

describe("a new lead on the lead desk", () => {
  it("a booking lead: New, its reference's hash, a created entry, the new lead on every channel and a follow-up later", async () => {
    const res = await postJson(t.app, "/api/submit-booking", bookingBody({ name: "Desk Booking", idempotency_key: "desk-booking-1" }));
    const answer = (await res.json()) as { success: true; reference: string };
    const [inquiry] = await t.database.db.select().from(schema.bookingInquiries).where(eq(schema.bookingInquiries.idempotencyKey, "desk-booking-1"));
    const row = await deskRow(inquiry!.id);
    expect(row).toMatchObject({
      kind: "booking_inquiry",
      source: "booking_dialog",
      name: "Desk Booking",
      email: "ada@example.com",
      company: "Analytical Engines LLC",
      status: "new",
      version: 1,
      ownerUserId: null,
      firstResponseAt: null,
      meetingBookedAt: null,
    });
    expect(row!.createdAt.getTime()).toBe(inquiry!.createdAt.getTime());
    // The reference is made from the lead's id with the deployment's secret; only its hash is kept.
    expect(answer.reference).toBe(leadReference(SECRET, inquiry!.id));
    expect(row!.referenceHash).toBe(leadReferenceHash(answer.reference));
    expect(JSON.stringify(row)).not.toContain(answer.reference);

    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, inquiry!.id));
    expect(events.map((e) => [e.type, e.data])).toEqual([["created", { source: "booking_dialog" }]]);

    const outbox = await t.database.db
      .select({ channel: leadOutbox.channel, topic: leadOutbox.topic, due: sql<number>`extract(epoch from ${leadOutbox.nextAttemptAt} - ${leads.createdAt})::float8` })
      .from(leadOutbox)
      .innerJoin(leads, eq(leads.id, leadOutbox.leadId))
      .where(eq(leadOutbox.leadId, inquiry!.id))
      .orderBy(asc(leadOutbox.topic), asc(leadOutbox.channel));
    // Unassigned (nobody on staff here), it still gets its first-contact check at the target
    // (LEADS_FIRST_CONTACT_MINUTES, 15 by default; docs/decisions/0711).
    expect(outbox.map((o) => [o.topic, o.channel, Math.round(Number(o.due))])).toEqual([
      ["first_contact_due", "lead_desk", 900],
      ["follow_up", "email", 30],
      ["follow_up", "slack", 30],
      ["lead_stored", "email", 0],
      ["lead_stored", "slack", 0],
      ["lead_stored", "webhook", 0],
    ]);
  });

  it("an enterprise lead gets its own reference; a retry answers the same one and stores nothing more", async () => {
    const first = (await (await postJson(t.app, "/api/submit-booking", enterpriseBody({ idempotency_key: "desk-ent-1", source_form: "enterprise_inline" }))).json()) as {
      reference: string;
    };
    const again = (await (await postJson(t.app, "/api/submit-booking", enterpriseBody({ idempotency_key: "desk-ent-1", source_form: "enterprise_inline" }))).json()) as {
      reference: string;
    };
    expect(again.reference).toBe(first.reference);
    const rows = await t.database.db.select().from(leads).where(eq(leads.referenceHash, leadReferenceHash(first.reference)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "booking_inquiry", source: "enterprise_inline", name: "Grace Hopper", company: "Compilers Inc" });
  });

  it("a contact request: New, no reference, no follow-up", async () => {
    const res = await postJson(t.app, "/api/contact", contactBody({ idempotency_key: "desk-contact-1" }));
    expect(await res.json()).toEqual({ success: true });
    const [request] = await t.database.db.select().from(schema.contactRequests).where(eq(schema.contactRequests.idempotencyKey, "desk-contact-1"));
    expect(await deskRow(request!.id)).toMatchObject({
      kind: "contact_request",
      source: "contact_form",
      name: "Alan Turing",
      email: "alan@example.com",
      company: "Bletchley Trades",
      status: "new",
      referenceHash: null,
    });
    const topics = await t.database.db.select({ topic: leadOutbox.topic }).from(leadOutbox).where(eq(leadOutbox.leadId, request!.id));
    expect(new Set(topics.map((r) => r.topic))).toEqual(new Set(["lead_stored", "first_contact_due"]));
  });
});

describe("the migration that opened the lead desk", () => {
  // A fresh embedded database migrated in two steps: past 15 s on a busy 2-core machine (CI).
  it("puts every lead stored before it on the desk, New, with its created entry", { timeout: 60_000 }, async () => {
    // A database as it was before 0003: migrations up to 0002 only, with a lead of each kind.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "lead-desk-migration-"));
    try {
      // Started from a cached dump of that schema (pglite-templates.ts): the migrator then finds
      // nothing to apply until 0003, the migration under test.
      const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await migratedDumpBefore("0003_"))]) });
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder: migrationsBefore("0003_", before) });
      await client.query(`insert into booking_inquiries (id, created_at, name, work_email, company_name, job_title, tcpa_consent, source_form, consent_text_version, idempotency_key)
        values ('00000000-0000-4000-8000-0000000000b1', '2026-01-02T03:04:05Z', 'Old Booking', 'old@example.com', 'Old Co', 'Owner', true, 'enterprise_dialog', 'v1', 'old-1')`);
      await client.query(`insert into contact_requests (id, created_at, name, company, email, industry, idempotency_key)
        values ('00000000-0000-4000-8000-0000000000c1', '2026-01-03T03:04:05Z', 'Old Contact', 'Old Trades', 'oldc@example.com', 'trades', 'old-2')`);

      await migrate(db, { migrationsFolder });
      const rows = (await client.query<{ id: string; kind: string; source: string; name: string; email: string; company: string; status: string; created_at: Date }>(
        "select id, kind, source, name, email, company, status, created_at from leads order by created_at",
      )).rows;
      expect(rows.map((r) => [r.id, r.kind, r.source, r.name, r.email, r.company, r.status, r.created_at.toISOString()])).toEqual([
        ["00000000-0000-4000-8000-0000000000b1", "booking_inquiry", "enterprise_dialog", "Old Booking", "old@example.com", "Old Co", "new", "2026-01-02T03:04:05.000Z"],
        ["00000000-0000-4000-8000-0000000000c1", "contact_request", "contact_form", "Old Contact", "oldc@example.com", "Old Trades", "new", "2026-01-03T03:04:05.000Z"],
      ]);
      const events = (await client.query<{ lead_id: string; type: string }>("select lead_id, type from lead_events order by at")).rows;
      expect(events).toEqual([
        { lead_id: "00000000-0000-4000-8000-0000000000b1", type: "created" },
        { lead_id: "00000000-0000-4000-8000-0000000000c1", type: "created" },
      ]);
      await client.close();
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
