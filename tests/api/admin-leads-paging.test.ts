import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, randomIp } from "../support/admin-fixtures";
import { leadDeskStaff, leadOutbox, leads } from "../../server/db/schema";
import { bookingBody, postJson } from "./leads-support";
import { startSlack } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/*
 * The owner paged (docs/decisions/0711): through the outbox, the lead's new owner gets an e-mail
 * with the lead's fit, the Slack message names the owner and the fit, and an enterprise-fit lead
 * raises a distinct Slack alert. A lead nobody owns pages nobody.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let slack: Awaited<ReturnType<typeof startSlack>>;
let owner: { userId: string; email: string };
let away: { userId: string; email: string };

beforeAll(async () => {
  smtp = await startSmtp();
  slack = await startSlack();
  t = await createTestApp({
    ...adminTestEnv,
    LEADS_RATE_LIMIT_MAX: "10000",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_NOTIFY_TO: "sales@example.com",
    SLACK_WEBHOOK_URL: slack.webhookUrl,
    LEADS_OUTBOX_RETRY_BASE_MS: "60000",
  });
  owner = await createStaff(t, "admin", `owner-${crypto.randomUUID().slice(0, 6)}@example.com`);
  away = await createStaff(t, "admin", `away-${crypto.randomUUID().slice(0, 6)}@example.com`);
  // Two accounts' password hashes on a shared 2-core machine: more than 30 s at times.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), slack?.close()]);
});
beforeEach(async () => {
  await t.database.db.delete(leadDeskStaff);
  await t.database.db.insert(leadDeskStaff).values({ userId: away.userId, takingLeads: false });
});

async function submit(overrides: Record<string, unknown>): Promise<string> {
  const email = `paged-${crypto.randomUUID().slice(0, 8)}@insurer-example.com`;
  const res = await postJson(t.app, "/api/submit-booking", bookingBody({ work_email: email, ...overrides }), { "x-forwarded-for": randomIp() });
  expect(res.status).toBe(200);
  const [row] = await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
  return row!.id;
}

async function deliverAll() {
  const worker = outboxWorkerFor(t);
  try {
    while ((await worker.runOnce()) > 0);
  } finally {
    await worker.stop();
  }
}

const slackTexts = (leadId: string) => slack.messages().filter((m) => m.text.includes(leadId)).map((m) => JSON.stringify(m));

describe("the owner paged", () => {
  it("e-mails the new owner with the fit, names the owner in Slack, and raises a distinct enterprise alert", async () => {
    const id = await submit({ name: "Paged Insurer", total_calls: 40_000 });
    const rows = await t.database.db.select({ channel: leadOutbox.channel, topic: leadOutbox.topic }).from(leadOutbox).where(eq(leadOutbox.leadId, id));
    expect(rows.map((r) => `${r.channel}:${r.topic}`).sort()).toEqual(
      // lead_desk: the first-contact check of a lead that got an owner (docs/decisions/0711).
      ["email:follow_up", "email:lead_stored", "lead_desk:first_contact_due", "owner_email:owner_assigned", "slack:enterprise_alert", "slack:follow_up", "slack:lead_stored"].sort(),
    );
    await deliverAll();

    const toOwner = smtp.messages.filter((m) => m.to.includes(owner.email)).map((m) => mailText(m.raw));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatch(/^Subject: Your new lead: Paged Insurer \(Analytical Engines LLC\)$/m);
    expect(toOwner[0]).toContain("Fit: Enterprise fit · Work e-mail");
    expect(toOwner[0]).toContain(`/admin/leads/${id}`);
    expect(smtp.messages.filter((m) => m.to.includes(away.email))).toHaveLength(0);
    // The sales inbox's e-mail names the owner too.
    const sales = smtp.messages.filter((m) => m.to.includes("sales@example.com")).map((m) => mailText(m.raw)).find((m) => m.includes(id));
    expect(sales).toContain(`Owner: ${owner.email}`);

    const messages = slackTexts(id);
    expect(messages).toHaveLength(2);
    const newLead = messages.find((m) => m.includes("*New lead:*"));
    expect(newLead).toContain(`*Owner*\\n${owner.email}`);
    expect(newLead).toContain("*Fit*\\nEnterprise fit · Work e-mail");
    const alert = messages.find((m) => m.includes("Enterprise prospect:"));
    expect(alert).toContain("40,000 calls per month");
    expect(alert).toContain(`*Owner*\\n${owner.email}`);
  }, 60_000);

  it("sends no enterprise alert for a smaller lead, and pages nobody for a lead nobody owns", async () => {
    const small = await submit({ total_calls: 900 });
    await t.database.db.insert(leadDeskStaff).values({ userId: owner.userId, takingLeads: false });
    const unowned = await submit({ total_calls: 40_000 });
    const channels = async (id: string) =>
      (await t.database.db.select({ c: leadOutbox.channel, topic: leadOutbox.topic }).from(leadOutbox).where(eq(leadOutbox.leadId, id))).map((r) => `${r.c}:${r.topic}`);
    expect(await channels(small)).toContain("owner_email:owner_assigned");
    expect(await channels(small)).not.toContain("slack:enterprise_alert");
    expect(await channels(unowned)).not.toContain("owner_email:owner_assigned");
    expect(await channels(unowned)).toContain("slack:enterprise_alert");
    await deliverAll();
    expect(slackTexts(unowned).find((m) => m.includes("*New lead:*"))).toContain("*Owner*\\nUnassigned");
  }, 60_000);
});
