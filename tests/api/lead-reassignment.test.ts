import crypto from "node:crypto";
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LeadDetailResponse } from "@shared/api/lead-desk-api";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, signedInCookie } from "../support/admin-fixtures";
import { leadDeskStaff, leadEvents, leadOutbox, leads, sessions, userRoles, users } from "../../server/db/schema";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { describeTimelineEntry } from "../../app/features/admin/leads/lead-timeline";
import { bookingBody, postJson } from "./leads-support";
import { startSlack, waitFor } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/*
 * Reassignment when nobody acts (docs/decisions/0711): a lead still New after the first-contact
 * target goes to the next person in the rotation who is not its owner, once per target period, at
 * most LEADS_REASSIGN_MAX times; each move is a timeline entry naming both owners; the new owner
 * is paged and the previous one told by e-mail. LEADS_REASSIGN=alert only alerts staff. A lead that
 * left New is left alone. Deactivated staff and staff outside their hours are never given one.
 * Across a restart: tests/process/lead-reassign-restart.test.ts.
 */

type Staff = { userId: string; email: string; password: string };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let slack: Awaited<ReturnType<typeof startSlack>>;
let t: TestApp;
let ana: Staff;
let ben: Staff;
let cat: Staff;
let anaCookie: string;
const workers: OutboxWorker[] = [];
const apps: TestApp[] = [];

// 0.02 minutes: the target passes 1.2 s after a lead (whole seconds in the outbox: 1 s).
const TARGET_MINUTES = "0.02";

const env = () => ({
  ...adminTestEnv,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  LEADS_NOTIFY_TO: "sales@example.com",
  SLACK_WEBHOOK_URL: slack.webhookUrl,
  LEADS_OUTBOX_POLL_MS: "50",
  LEADS_OUTBOX_RETRY_BASE_MS: "60000",
  LEADS_RATE_LIMIT_MAX: "10000",
  LEADS_FIRST_CONTACT_MINUTES: TARGET_MINUTES,
  // Follow-ups far away: this file is about the first contact.
  LEADS_FOLLOW_UP_MINUTES: "600",
});

beforeAll(async () => {
  smtp = await startSmtp();
  slack = await startSlack();
  t = await createTestApp(env());
  ana = await createStaff(t, "admin", `ana-${crypto.randomUUID().slice(0, 6)}@example.com`);
  ben = await createStaff(t, "admin", `ben-${crypto.randomUUID().slice(0, 6)}@example.com`);
  cat = await createStaff(t, "moderator", `cat-${crypto.randomUUID().slice(0, 6)}@example.com`);
  anaCookie = await signedInCookie(t, ana.email, ana.password);
  // Three accounts' password hashes on a shared 2-core machine: more than 30 s at times.
}, 120_000);
beforeEach(async () => {
  await t.database.db.delete(leadDeskStaff);
  await t.database.db.update(users).set({ deactivatedAt: null });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const app of apps.splice(0)) await app.close();
  smtp.messages.length = 0;
  slack.requests.length = 0;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), slack?.close()]);
});

function newWorker(app: TestApp) {
  const worker = outboxWorkerFor(app, {
    desk: { firstContactMinutes: app.config.leads.firstContactMinutes, reassign: app.config.leads.reassign, notify: app.config.notify },
  });
  workers.push(worker);
  return worker;
}

async function submit(app: TestApp, name: string): Promise<{ id: string; owner: string | null; createdAt: Date }> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}-${crypto.randomUUID().slice(0, 6)}@insurer-example.com`;
  const res = await postJson(app.app, "/api/submit-booking", bookingBody({ name, work_email: email }), { "x-forwarded-for": randomIp() });
  expect(res.status, await res.clone().text()).toBe(200);
  const [lead] = await app.database.db.select().from(leads).where(eq(leads.email, email));
  return { id: lead!.id, owner: lead!.ownerUserId, createdAt: lead!.createdAt };
}

const ownerOf = async (app: TestApp, id: string) => (await app.database.db.select({ owner: leads.ownerUserId }).from(leads).where(eq(leads.id, id)))[0]!.owner;
const emailOf = (id: string | null) => [ana, ben, cat].find((s) => s.userId === id)?.email;
const deskRows = (app: TestApp, id: string) =>
  app.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.channel, "lead_desk"))).orderBy(asc(leadOutbox.topicRef));
/** The next first-contact check of the lead comes due now, as if the target had passed. */
const dueNow = (app: TestApp, id: string) =>
  app.database.db.update(leadOutbox).set({ nextAttemptAt: sql`now()` }).where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.channel, "lead_desk"), sql`${leadOutbox.deliveredAt} is null`));
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).map((m) => mailText(m.raw));

async function detail(id: string) {
  const res = await t.app.request(`/api/admin/leads/${id}`, { headers: { Cookie: anaCookie, Origin: origin } });
  expect(res.status).toBe(200);
  return (await res.json()) as LeadDetailResponse;
}

describe("a lead nobody contacts", () => {
  it("goes to the next person in the rotation within seconds of the target, again one target later, then no more (LEADS_REASSIGN_MAX 2)", async () => {
    const lead = await submit(t, "Waiting Wendy");
    expect(lead.owner).not.toBeNull();
    const first = lead.owner!;
    // The check's row holds no copy of the lead.
    expect((await deskRows(t, lead.id)).map((r) => [r.topicRef, r.payload])).toEqual([["1", {}]]);
    const worker = newWorker(t);
    worker.start();

    await waitFor(async () => (await ownerOf(t, lead.id)) !== first, 15_000);
    const movedAt = Date.now();
    const second = (await ownerOf(t, lead.id))!;
    expect(second).not.toBe(first);
    // Not before the target (1 s), and within seconds of it.
    expect(movedAt - lead.createdAt.getTime()).toBeGreaterThanOrEqual(1000);
    expect(movedAt - lead.createdAt.getTime()).toBeLessThan(8000);

    await waitFor(async () => (await ownerOf(t, lead.id)) !== second, 15_000);
    const third = (await ownerOf(t, lead.id))!;
    expect(third).not.toBe(second);
    // Two more targets pass: the cap holds, nothing moves or is queued any more.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await ownerOf(t, lead.id)).toBe(third);
    expect((await deskRows(t, lead.id)).map((r) => [r.topicRef, r.deliveredAt !== null])).toEqual([
      ["1", true],
      ["2", true],
    ]);

    // Each move is one timeline entry naming both owners, shown on the lead page in words.
    const { timeline, staff } = await detail(lead.id);
    const moves = timeline.filter((e) => e.type === "owner_changed" && e.data.reason === "first_contact_missed");
    expect(moves.map((e) => [e.data.from, e.data.to, e.data.round])).toEqual([
      [{ id: first, email: emailOf(first) }, { id: second, email: emailOf(second) }, 1],
      [{ id: second, email: emailOf(second) }, { id: third, email: emailOf(third) }, 2],
    ]);
    expect(moves[0]!.actor).toBeNull();
    const words = describeTimelineEntry(moves[0]!, staff);
    expect(words.title).toBe("Reassigned: nobody contacted the lead in time");
    expect(words.detail).toContain(`${emailOf(first)} → ${emailOf(second)}`);
    expect(words.detail).toContain("still New after the 1\u00a0s target");

    // The new owner is paged; the previous owner is told who has it now.
    await waitFor(() => mailsTo(emailOf(first)!).some((m) => m.includes("Lead moved to ")), 10_000);
    await waitFor(() => mailsTo(emailOf(third)!).some((m) => m.includes("Subject: Lead moved to you")), 10_000);
    const toldFirst = mailsTo(emailOf(first)!).find((m) => /^Subject: Lead moved to /m.test(m) && !m.includes("moved to you"))!;
    expect(toldFirst).toMatch(new RegExp(`^Subject: Lead moved to ${emailOf(second)!.replace(/[.]/g, "\\.")}: Waiting Wendy \\(Analytical Engines LLC\\)$`, "m"));
    expect(toldFirst).toContain(`/admin/leads/${lead.id}`);
    const pagedSecond = mailsTo(emailOf(second)!).find((m) => m.includes("Subject: Lead moved to you"))!;
    expect(pagedSecond).toContain(`It was ${emailOf(first)}'s.`);
    // Delivered, the rows that named the owners keep no addresses.
    await waitFor(async () => (await t.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, lead.id), eq(leadOutbox.channel, "owner_email")))).every((r) => r.payload === null));
  }, 60_000);

  it("is left alone once it left New: no move, no entry, the check skipped", async () => {
    const lead = await submit(t, "Contacted Carl");
    const res = await t.app.request(`/api/admin/leads/${lead.id}`, {
      method: "PATCH",
      headers: { Cookie: anaCookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ version: 1, status: "contacted" }),
    });
    expect(res.status).toBe(200);
    await dueNow(t, lead.id);
    await newWorker(t).runOnce();
    expect(await ownerOf(t, lead.id)).toBe(lead.owner);
    const [row] = await deskRows(t, lead.id);
    expect(row).toMatchObject({ topicRef: "1", skippedAt: expect.any(Date) });
    expect((await deskRows(t, lead.id)).length).toBe(1);
    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events.filter((e) => (e.data as { reason?: string }).reason === "first_contact_missed" || e.type === "first_contact_missed")).toEqual([]);
  });

  it("never goes to a deactivated account or to someone outside their working hours: staff are alerted instead", async () => {
    await t.database.db.insert(leadDeskStaff).values([ben, cat].map((s) => ({ userId: s.userId, takingLeads: false })));
    const lead = await submit(t, "Lonely Lou");
    expect(lead.owner).toBe(ana.userId);
    await t.database.db.delete(leadDeskStaff);
    // Ben is deactivated; Cat works only an hour that is not now, in her own time zone.
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, ben.userId));
    const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    const pad = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
    await t.database.db.insert(leadDeskStaff).values({ userId: cat.userId, timeZone: "Asia/Tokyo", workStart: pad(hour + 2), workEnd: pad(hour + 3) });

    await dueNow(t, lead.id);
    const worker = newWorker(t);
    while ((await worker.runOnce()) > 0);
    expect(await ownerOf(t, lead.id)).toBe(ana.userId);
    const { timeline } = await detail(lead.id);
    const missed = timeline.filter((e) => e.type === "first_contact_missed");
    expect(missed.map((e) => e.data)).toEqual([{ owner: { id: ana.userId, email: ana.email }, round: 1, minutes: 0.02, reason: "nobody_else" }]);
    expect(describeTimelineEntry(missed[0]!).detail).toContain(`owner ${ana.email}`);
    const sales = mailsTo("sales@example.com").find((m) => m.includes("Not contacted"))!;
    expect(sales).toMatch(/^Subject: Not contacted: Lonely Lou \(Analytical Engines LLC\) is still New$/m);
    expect(sales).toContain(`Owner: ${ana.email}`);
    expect(slack.messages().map((m) => m.text)).toContainEqual(expect.stringContaining("Not contacted: Lonely Lou (Analytical Engines LLC) is still New"));
  });
});

describe("a lead stored Unassigned (nobody taking leads)", () => {
  const nobodyTaking = () => t.database.db.insert(leadDeskStaff).values([ana, ben, cat].map((s) => ({ userId: s.userId, takingLeads: false })));

  it("goes at the target to whoever is in rotation by then, who is paged", async () => {
    await nobodyTaking();
    const lead = await submit(t, "Early Eve");
    expect(lead.owner).toBeNull();
    expect((await deskRows(t, lead.id)).map((r) => r.topicRef)).toEqual(["1"]);
    // Ben comes back to the rotation before the target passes.
    await t.database.db.update(leadDeskStaff).set({ takingLeads: true }).where(eq(leadDeskStaff.userId, ben.userId));
    await dueNow(t, lead.id);
    const worker = newWorker(t);
    while ((await worker.runOnce()) > 0);
    expect(await ownerOf(t, lead.id)).toBe(ben.userId);
    const { timeline, staff } = await detail(lead.id);
    const move = timeline.find((e) => e.type === "owner_changed" && e.data.reason === "first_contact_missed")!;
    expect(move.data).toMatchObject({ from: null, to: { id: ben.userId, email: ben.email }, round: 1 });
    expect(describeTimelineEntry(move, staff)).toMatchObject({
      title: "Owner assigned: still Unassigned at the first-contact target",
      detail: expect.stringContaining(`Unassigned → ${ben.email}`),
    });
    const paged = mailsTo(ben.email).find((m) => m.includes("Subject: Lead moved to you: Early Eve"))!;
    expect(paged).toContain("It had no owner.");
  });

  it("with still nobody in rotation at the target, staff are alerted that it is Unassigned", async () => {
    await nobodyTaking();
    const lead = await submit(t, "Unowned Una");
    await dueNow(t, lead.id);
    const worker = newWorker(t);
    while ((await worker.runOnce()) > 0);
    expect(await ownerOf(t, lead.id)).toBeNull();
    const { timeline } = await detail(lead.id);
    const missed = timeline.filter((e) => e.type === "first_contact_missed");
    expect(missed.map((e) => e.data)).toEqual([{ owner: null, round: 1, minutes: 0.02, reason: "nobody_else" }]);
    expect(describeTimelineEntry(missed[0]!).detail).toContain("owner Unassigned");
    expect(describeTimelineEntry(missed[0]!).detail).toContain("nobody was taking leads");
    const sales = mailsTo("sales@example.com").find((m) => m.includes("Not contacted: Unowned Una"))!;
    expect(sales).toContain("Owner: Unassigned");
  });
});

describe("LEADS_REASSIGN=alert", () => {
  it("keeps the owner and alerts staff once per target, at most LEADS_REASSIGN_MAX times", async () => {
    const app = await createTestApp({ ...env(), LEADS_REASSIGN: "alert", LEADS_REASSIGN_MAX: "1" });
    apps.push(app);
    const owner = await createStaff(app, "admin", `alert-${crypto.randomUUID().slice(0, 6)}@example.com`);
    await createStaff(app, "admin", `other-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const lead = await submit(app, "Alert Alma");
    const worker = newWorker(app);
    await dueNow(app, lead.id);
    while ((await worker.runOnce()) > 0);
    expect(await ownerOf(app, lead.id)).toBe(lead.owner);
    const entries = await app.database.db.select().from(leadEvents).where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, "first_contact_missed")));
    expect(entries.map((e) => e.data)).toEqual([{ owner: { id: lead.owner, email: lead.owner === owner.userId ? owner.email : expect.any(String) }, round: 1, minutes: 0.02, reason: "alert" }]);
    expect(smtp.messages.filter((m) => m.to.includes("sales@example.com") && mailText(m.raw).includes("Not contacted: Alert Alma"))).toHaveLength(1);
    expect(slack.messages().filter((m) => m.text.startsWith("Not contacted: Alert Alma"))).toHaveLength(1);
    // The cap is 1: no second round is queued.
    expect((await deskRows(app, lead.id)).map((r) => r.topicRef)).toEqual(["1"]);
  }, 60_000);

  it("refuses a mode or cap it does not know at start", async () => {
    await expect(createTestApp({ ...env(), LEADS_REASSIGN: "random" })).rejects.toThrow(/LEADS_REASSIGN/);
    await expect(createTestApp({ ...env(), LEADS_REASSIGN_MAX: "-1" })).rejects.toThrow(/LEADS_REASSIGN_MAX/);
  });
});

describe("a deactivated owner's open leads", () => {
  const deactivate = (who: Staff) => t.app.request(`/api/admin/staff/${who.userId}/deactivate`, { method: "POST", headers: { Origin: origin, Cookie: anaCookie } });
  const onlyTaking = async (who: Staff | null) =>
    t.database.db.insert(leadDeskStaff).values([ana, ben, cat].filter((s) => s !== who).map((s) => ({ userId: s.userId, takingLeads: false })));

  it("go to the next person in rotation, a timeline entry each, the new owner paged; closed leads stay theirs", async () => {
    await onlyTaking(cat);
    const open = [await submit(t, "Open Olga"), await submit(t, "Open Otto")];
    const won = await submit(t, "Won Wim");
    expect([...open, won].map((l) => l.owner)).toEqual([cat.userId, cat.userId, cat.userId]);
    await t.database.db.update(leads).set({ status: "won" }).where(eq(leads.id, won.id));
    await t.database.db.delete(leadDeskStaff);
    await onlyTaking(ben);

    const res = await deactivate(cat);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: cat.userId, email: cat.email, deactivated: true, ownedLeads: 1, reroutedLeads: 2, unassignedLeads: 0 });
    for (const lead of open) {
      expect(await ownerOf(t, lead.id)).toBe(ben.userId);
      const { timeline, staff } = await detail(lead.id);
      const entries = timeline.filter((e) => e.type === "owner_changed" && e.data.reason === "owner_deactivated");
      expect(entries.map((e) => [e.data.from, e.data.to, e.actor])).toEqual([
        [{ id: cat.userId, email: cat.email }, { id: ben.userId, email: ben.email }, { id: ana.userId, email: ana.email }],
      ]);
      expect(describeTimelineEntry(entries[0]!, staff).detail).toBe(`${cat.email} → ${ben.email} · the previous owner was deactivated`);
    }
    expect(await ownerOf(t, won.id)).toBe(cat.userId);

    const worker = newWorker(t);
    while ((await worker.runOnce()) > 0);
    // (Earlier tests' leads may come due for their first-contact check meanwhile: only these two count.)
    const paged = mailsTo(ben.email).filter((m) => m.includes("Subject: Lead moved to you") && m.includes("no longer has access"));
    expect(paged.map((m) => /^Subject: Lead moved to you: (.*)$/m.exec(m)?.[1]).sort()).toEqual(["Open Olga (Analytical Engines LLC)", "Open Otto (Analytical Engines LLC)"]);
    expect(paged.join("\n")).toContain(`its owner, ${cat.email}, no longer has access`);
  });

  it("are left Unassigned, and say why, when nobody is in rotation", async () => {
    await onlyTaking(ben);
    const lead = await submit(t, "Stranded Stan");
    expect(lead.owner).toBe(ben.userId);
    await t.database.db.delete(leadDeskStaff);
    await onlyTaking(null);

    // Ben may hold open leads from the tests above: every one of them is left Unassigned.
    const open = await t.database.db.select({ id: leads.id }).from(leads).where(sql`${leads.ownerUserId} = ${ben.userId} and ${leads.status} not in ('unqualified', 'won', 'lost')`);
    const res = await deactivate(ben);
    expect(await res.json()).toMatchObject({ ownedLeads: 0, reroutedLeads: 0, unassignedLeads: open.length });
    expect(await ownerOf(t, lead.id)).toBeNull();
    const { timeline, staff } = await detail(lead.id);
    const entry = timeline.find((e) => e.type === "owner_changed" && e.data.reason === "owner_deactivated")!;
    expect(entry.data).toMatchObject({ from: { id: ben.userId, email: ben.email }, to: null });
    expect(describeTimelineEntry(entry, staff)).toMatchObject({ title: "Unassigned: the owner was deactivated", detail: `${ben.email} → Unassigned · nobody was taking leads` });
    // The inbox's Unassigned filter finds it.
    const search = await t.app.request("/api/admin/leads/search", {
      method: "POST",
      headers: { Cookie: anaCookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ owner: "none", limit: 100 }),
    });
    expect(((await search.json()) as { items: { id: string }[] }).items.map((i) => i.id)).toContain(lead.id);
  });
});

/*
 * Access taken away while a lead is being moved (docs/decisions/0206): the first-contact move waits
 * for a deactivation or a role removal in flight, then leaves that person out. On PostgreSQL each
 * change is held open at a known point by a row lock another connection holds, and the move
 * started meanwhile; on PGlite transactions run one at a time, so only the outcome is checked there.
 */
describe("a first-contact move while someone loses access", () => {
  const onPostgres = () => t.database.kind === "postgres";

  /** Another connection's transaction holding `lock` until the returned release is called. */
  async function hold(lock: SQL): Promise<() => Promise<void>> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken = () => {};
    const held = new Promise<void>((resolve) => (taken = resolve));
    const done = t.database.db.transaction(async (tx) => {
      await tx.execute(lock);
      taken();
      await released;
    });
    await Promise.race([held, done]);
    return async () => {
      release();
      await done;
    };
  }

  /** Resolves once `n` statements of this database wait for a lock, or `work` has settled. */
  async function waitingOrSettled(n: number, work: Promise<unknown>) {
    let settled = false;
    void work.then(
      () => (settled = true),
      () => (settled = true),
    );
    await waitFor(async () => {
      if (settled) return true;
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (rows[0]?.n ?? 0) >= n;
    }, 10_000);
  }

  /** Only `who` take leads. */
  const onlyTaking = async (...who: Staff[]) => {
    await t.database.db.delete(leadDeskStaff);
    await t.database.db.insert(leadDeskStaff).values([ana, ben, cat].filter((s) => !who.includes(s)).map((s) => ({ userId: s.userId, takingLeads: false })));
  };

  /** A lead of Ana's whose first-contact check is all the outbox has due, with Ben the only other person in rotation. */
  async function anasLeadDue(name: string) {
    await onlyTaking(ana);
    const lead = await submit(t, name);
    expect(lead.owner).toBe(ana.userId);
    await onlyTaking(ana, ben);
    const pending = sql`${leadOutbox.deliveredAt} is null`;
    await t.database.db.update(leadOutbox).set({ deliveredAt: sql`now()` }).where(and(pending, ne(leadOutbox.channel, "lead_desk")));
    await t.database.db.update(leadOutbox).set({ deliveredAt: sql`now()` }).where(and(pending, ne(leadOutbox.leadId, lead.id)));
    await dueNow(t, lead.id);
    return lead;
  }

  const drain = async (worker: OutboxWorker) => {
    while ((await worker.runOnce()) > 0);
  };

  /**
   * Runs `change` (a request taking Ben's access away) and the first-contact move. On PostgreSQL
   * the change is held at the lock `holdAt` (after it locked Ben's account), the move started, and
   * both let go once the move waits for a lock too, or has finished. On PGlite, one after the other.
   */
  async function raceTheMove(holdAt: SQL, change: () => Response | Promise<Response>) {
    if (!onPostgres()) {
      const answer = await change();
      await drain(newWorker(t));
      return answer;
    }
    const release = await hold(holdAt);
    let changed: Promise<Response> | null = null;
    let moving: Promise<void> | null = null;
    try {
      changed = Promise.resolve(change());
      await waitingOrSettled(1, changed);
      moving = drain(newWorker(t));
      await waitingOrSettled(2, moving);
    } finally {
      await release();
    }
    const [answer] = await Promise.all([changed, moving]);
    return answer;
  }

  /** Nothing of the lead went to Ben: not the lead, not a move naming him, not a "Lead moved to you". */
  async function expectNeverBens(id: string) {
    expect(await ownerOf(t, id)).toBe(ana.userId);
    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events.filter((e) => e.type === "owner_changed" && (e.data as { to?: { id?: string } }).to?.id === ben.userId)).toEqual([]);
    const paged = await t.database.db.select().from(leadOutbox).where(and(eq(leadOutbox.leadId, id), eq(leadOutbox.topic, "owner_assigned")));
    expect(paged.filter((r) => r.topicRef.startsWith("reassigned:"))).toEqual([]);
    // Staff were alerted instead (once per round that came due while the test ran).
    const alerts = events.filter((e) => e.type === "first_contact_missed").map((e) => (e.data as { reason: string }).reason);
    expect(alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts)).toEqual(new Set(["nobody_else"]));
  }

  it("a deactivation in flight is waited for: the lead is never given to the person losing access", async () => {
    const lead = await anasLeadDue("Racing Rita");
    // Ben is signed in somewhere: the deactivation ends that session just after stamping his account.
    await t.database.db.insert(sessions).values({ id: crypto.randomUUID(), token: crypto.randomUUID(), userId: ben.userId, expiresAt: new Date(Date.now() + 3600_000) });
    const answer = await raceTheMove(sql`select id from auth_sessions where user_id = ${ben.userId}::uuid for update`, () =>
      t.app.request(`/api/admin/staff/${ben.userId}/deactivate`, { method: "POST", headers: { Origin: origin, Cookie: anaCookie } }),
    );
    expect(answer?.status).toBe(200);
    await expectNeverBens(lead.id);
  });

  it("a role removal in flight is waited for, and the person's open leads are routed again", async () => {
    await onlyTaking(ben);
    const bens = await submit(t, "Kept Karl");
    expect(bens.owner).toBe(ben.userId);
    const lead = await anasLeadDue("Racing Rosa");
    const [role] = await t.database.db.select().from(userRoles).where(and(eq(userRoles.userId, ben.userId), eq(userRoles.role, "admin")));
    try {
      // Held where it locks Ben's open leads, his account already locked.
      const answer = await raceTheMove(sql`select id from leads where id = ${bens.id}::uuid for update`, () =>
        t.app.request(`/api/admin/roles/${role!.id}`, { method: "DELETE", headers: { Origin: origin, Cookie: anaCookie } }),
      );
      expect(answer?.status).toBe(200);
      await expectNeverBens(lead.id);

      // His open lead went to the one person left in rotation, and its timeline says why.
      expect(await ownerOf(t, bens.id)).toBe(ana.userId);
      const { timeline, staff } = await detail(bens.id);
      const moved = timeline.find((e) => e.type === "owner_changed" && e.data.reason === "owner_role_removed")!;
      expect(moved.data).toMatchObject({ from: { id: ben.userId, email: ben.email }, to: { id: ana.userId, email: ana.email } });
      expect(moved.actor).toMatchObject({ email: ana.email });
      expect(describeTimelineEntry(moved, staff).detail).toBe(`${ben.email} → ${ana.email} · the previous owner no longer works leads`);
    } finally {
      await t.database.db.insert(userRoles).values({ userId: ben.userId, role: "admin" }).onConflictDoNothing();
    }
  });
});
