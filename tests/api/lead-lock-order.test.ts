import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseSubject } from "../../server/admin/privacy-service";
import { leadEvents, leadOutbox, leads } from "../../server/db/schema";
import { retryTransaction } from "../../server/db/transaction-retry";
import { lockLead } from "../../server/leads/lead-lock";
import { DESK_CHANNEL } from "../../server/leads/lead-reassignment";
import { queueLeadNotification } from "../../server/leads/notification-queue";
import { capturedLogger } from "../support/captured-logger";
import { notificationsOnly, outboxWorkerFor } from "../support/outbox";
import { sideConnections } from "../support/side-connections";
import { createTestApp, type TestApp } from "../support/test-app";
import { SIGNING_KEY, bookingOutcomeEnv, calendlyBooking, calendlyDelivery, deliver, newBookingLead } from "./booking-outcome-support";
import { startSlack } from "./lead-notifications-support";

/*
 * One lock order for a lead and its outbox rows (docs/decisions/0103, "Lock order"): the lead's row
 * first, then its lead_outbox rows, then its timeline. Transactions that took them the other way
 * round waited on each other until PostgreSQL aborted one with `deadlock detected` (40P01): the
 * outbox worker recording a delivery against Calendly's repeated invitee.created queueing the same
 * notice (the webhook answered 503), and an erasure deleting a lead's outbox rows before the lead.
 *
 * PostgreSQL only (CI sets DATABASE_URL): the embedded database runs one connection, where two
 * transactions never interleave. The interleaving is reached on purpose, not by timing: a second
 * connection holds a SHARE lock on one table, which stops the first transaction at its first write
 * there, after whatever it locked before; the second is started then, and the lock let go once
 * the second is waiting too (pg_stat_activity, read from a third connection, says who waits).
 */

const postgres = process.env.DATABASE_URL;

describe.skipIf(!postgres)("a lead and its outbox rows, from two transactions at once (PostgreSQL)", () => {
  let t: TestApp;
  let slack: Awaited<ReturnType<typeof startSlack>>;
  let side: Awaited<ReturnType<typeof sideConnections>>;
  const log = capturedLogger("info");

  beforeAll(async () => {
    slack = await startSlack();
    t = await createTestApp(
      bookingOutcomeEnv({ ...notificationsOnly, CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY, SLACK_WEBHOOK_URL: slack.webhookUrl }),
      { logger: log.logger },
    );
    side = await sideConnections(t);
  });
  afterAll(async () => {
    await side?.close();
    await t?.close();
    await slack?.close();
  });

  /** Holds a SHARE lock on `table` (its reads go on, its writes wait) until the answer is called. */
  async function hold(table: "lead_events" | "leads") {
    await side.holder.query("begin");
    await side.holder.query(`lock table ${table} in share mode`);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await side.holder.query("commit");
    };
  }

  /** A booking lead whose meeting Calendly told once: its reference, address, and the delivery to repeat. */
  async function bookedLead(beforeBooking?: () => Promise<unknown>) {
    const lead = await newBookingLead(t);
    await beforeBooking?.();
    const delivery = calendlyDelivery("invitee.created", { ...calendlyBooking(), reference: lead.reference });
    expect((await deliver(t, delivery)).status).toBe(200);
    const [notice] = await t.database.db
      .select({ id: leadOutbox.id })
      .from(leadOutbox)
      .where(and(eq(leadOutbox.leadId, lead.id), eq(leadOutbox.topic, "meeting_booked"), eq(leadOutbox.channel, "slack")));
    expect(notice, "the first invitee.created queued the meeting's Slack notice").toBeDefined();
    return { ...lead, delivery, noticeId: notice!.id };
  }

  it("a repeated invitee.created while the worker records that lead's meeting notice: 200, the notice delivered once, no deadlock", async () => {
    const worker = outboxWorkerFor(t, { logger: log.logger });
    // The new lead's own notice goes first, so that the meeting's is the only row due below.
    const { delivery, noticeId } = await bookedLead(() => worker.runOnce());
    const [due] = await t.database.db.select({ deliveredAt: leadOutbox.deliveredAt }).from(leadOutbox).where(eq(leadOutbox.id, noticeId));
    expect(due!.deliveredAt).toBeNull();
    const slackBefore = slack.requests.length;
    const logged = log.records().length;

    const release = await hold("lead_events");
    try {
      const working = worker.runOnce().then(
        (n) => ({ ok: true as const, n }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await side.untilWaiting("the worker records the delivery", (q) => q.some((s) => /insert into "lead_events"/i.test(s)));
      // Calendly delivers the same invitee.created again (its retry, or a second subscription).
      const answered = deliver(t, delivery);
      await side.untilWaiting("the webhook waits too", (q) => q.length >= 2);
      await release();

      const res = await answered;
      expect(res.status, await res.clone().text()).toBe(200);
      const worked = await working;
      expect(worked.ok, worked.ok ? "" : String(worked.error)).toBe(true);
    } finally {
      await release();
    }

    // The notice went out once and is recorded as delivered, with its one timeline entry.
    expect(slack.requests.length - slackBefore).toBe(1);
    const [row] = await t.database.db.select().from(leadOutbox).where(eq(leadOutbox.id, noticeId));
    expect(row!.deliveredAt).not.toBeNull();
    expect(row!.claimToken).toBeNull();
    const delivered = await t.database.db
      .select({ id: leadEvents.id })
      .from(leadEvents)
      .where(eq(leadEvents.dedupeKey, `outbox:${noticeId}:delivered`));
    expect(delivered).toHaveLength(1);
    // Not one deadlock to retry from: the two waited for each other in the same order.
    expect(JSON.stringify(log.records().slice(logged))).not.toContain("40P01");
  });

  it("a repeated invitee.created while the lead's address is erased: 200, the lead and all of its rows gone, no notice queued again", async () => {
    const lead = await bookedLead();
    const logged = log.records().length;
    // The erasure stops at its last delete (the leads' rows), after it deleted the outbox rows.
    const release = await hold("leads");
    try {
      const erasing = eraseSubject(t.database.db, lead.email).then(
        (erased) => ({ ok: true as const, erased }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await side.untilWaiting("the erasure waits", (q) => q.some((s) => /delete from "leads"/i.test(s)));
      const answered = deliver(t, lead.delivery);
      await side.untilWaiting("the webhook waits too", (q) => q.length >= 2);
      await release();

      const res = await answered;
      const erased = await erasing;
      expect(res.status, await res.clone().text()).toBe(200);
      expect(erased.ok, erased.ok ? "" : String(erased.error)).toBe(true);
      expect(erased.ok && erased.erased.leads).toBe(1);
    } finally {
      await release();
    }
    // Nothing of the lead is left, and the late delivery queued no notice about it.
    expect(await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, lead.id))).toEqual([]);
    expect(await t.database.db.select({ id: leadOutbox.id }).from(leadOutbox).where(eq(leadOutbox.leadId, lead.id))).toEqual([]);
    expect(await t.database.db.select({ id: leadEvents.id }).from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toEqual([]);
    expect(JSON.stringify(log.records().slice(logged))).not.toContain("40P01");
  });

  it("the first-contact check of a lead while its address is erased: the erasure completes, the check finds the lead gone, nothing is queued or sent about it", async () => {
    const lead = await newBookingLead(t);
    const { firstContactMinutes, reassign } = t.config.leads;
    const worker = outboxWorkerFor(t, { logger: log.logger, desk: { firstContactMinutes, reassign, notify: t.config.notify } });
    // The lead's own notices go first; then its first-contact check is the only row due (the store
    // queues it minutes ahead when reassignment is on: here it is due now).
    await worker.runOnce();
    await queueLeadNotification(t.database.db, { leadId: lead.id, leadKind: "booking_inquiry", channels: [DESK_CHANNEL], topic: "first_contact_due", topicRef: "1", payload: {} });
    const logged = log.records().length;
    const slackBefore = slack.requests.length;
    // The erasure stops at its first delete (the timeline), after it took the lead's row.
    const release = await hold("lead_events");
    try {
      const erasing = eraseSubject(t.database.db, lead.email).then(
        (erased) => ({ ok: true as const, erased }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await side.untilWaiting("the erasure waits", (q) => q.some((s) => /delete from "lead_events"/i.test(s)));
      const working = worker.runOnce().then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await side.untilWaiting("the check waits too", (q) => q.length >= 2);
      await release();

      const erased = await erasing;
      expect(erased.ok, erased.ok ? "" : String(erased.error)).toBe(true);
      expect(erased.ok && erased.erased.leads).toBe(1);
      const worked = await working;
      expect(worked.ok, worked.ok ? "" : String(worked.error)).toBe(true);
    } finally {
      await release();
    }
    // Not the staff alert of a missed first contact either: the check ran after the erasure, on no lead.
    expect(await t.database.db.select({ id: leadOutbox.id }).from(leadOutbox).where(eq(leadOutbox.leadId, lead.id))).toEqual([]);
    expect(slack.requests.length - slackBefore).toBe(0);
    expect(JSON.stringify(log.records().slice(logged))).not.toContain("40P01");
  });

  it("two transactions that deadlock anyway (two leads, opposite orders): the one PostgreSQL aborts runs again, both commit, one warning with 40P01", async () => {
    const [a, b] = [await newBookingLead(t), await newBookingLead(t)];
    const before = await t.database.db.select({ id: leads.id, version: leads.version }).from(leads).where(inArray(leads.id, [a.id, b.id]));
    const logged = log.records().length;
    // Each takes its first lead, then waits until the other has taken its own: the cycle is certain.
    const gate = () => {
      let open!: () => void;
      return { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const [aHolds, bHolds] = [gate(), gate()];
    const run = (name: string, first: string, second: string, holds: ReturnType<typeof gate>, other: ReturnType<typeof gate>) =>
      retryTransaction(
        () =>
          t.database.db.transaction(async (tx) => {
            await lockLead(tx, first, "update");
            holds.open();
            await other.opened;
            await lockLead(tx, second, "update");
            await tx.update(leads).set({ version: sql`${leads.version} + 1` }).where(inArray(leads.id, [first, second]));
          }),
        { logger: log.logger, name },
      );
    const results = await Promise.allSettled([run("test one", a.id, b.id, aHolds, bHolds), run("test two", b.id, a.id, bHolds, aHolds)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const after = await t.database.db.select({ id: leads.id, version: leads.version }).from(leads).where(inArray(leads.id, [a.id, b.id]));
    expect(after.map((r) => r.version - before.find((x) => x.id === r.id)!.version)).toEqual([2, 2]);
    const lines = log.records().slice(logged);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, code: "40P01", attempt: 1 });
    expect(["test one", "test two"]).toContain(lines[0]!.transaction);
    expect(JSON.stringify(lines)).not.toMatch(new RegExp(`${a.id}|${b.id}|${a.email}|${b.email}`));
  });
});
