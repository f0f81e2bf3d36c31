import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../server/config";
import { leads } from "../../server/db/schema";
import { createMailTransport } from "../../server/platform/mail-transport";
import { createStaffMailChannel } from "../../server/platform/outbox/staff-mail-channel";
import { createEmailChannel } from "../../server/leads/channels/email-channel";
import { createHubSpotLeadChannel } from "../../server/leads/channels/hubspot-channel";
import type { OutboxDelivery } from "../../server/leads/channels/lead-delivery";
import { createOwnerEmailChannel } from "../../server/leads/channels/owner-email-channel";
import { createProspectEmailChannel } from "../../server/leads/channels/prospect-email-channel";
import { createSlackChannel } from "../../server/leads/channels/slack-channel";
import { createWebhookChannel } from "../../server/leads/channels/webhook-channel";
import { leadReference } from "../../server/leads/lead-reference";
import { createNotifier } from "../../server/leads/notifier";
import type { NotificationLead } from "../../server/leads/slack-message";
import { mailText, startSmtp } from "../support/smtp-sink";
import { openTestDatabase, type TestDatabase } from "../support/test-database";
import { startHubSpot } from "./lead-hubspot-support";
import { startSlack } from "./lead-notifications-support";
import { startHttpServer } from "./leads-support";

/*
 * Each channel of the lead outbox (server/leads/channels/, server/platform/outbox/) called
 * directly, without the worker or a database where it needs none, against its local fake: the
 * SMTP sink, an HTTP receiver for the webhook, the Slack and HubSpot stand-ins, the development
 * mailbox. What the worker adds (claims, deadlines, retries, timeline entries) is tested through
 * it in leads-notifications.test.ts and its neighbours.
 */

const SECRET = "webhook-secret-for-tests";
const LEAD_ID = "7d1f3a52-2f0b-4c4e-9a57-0d3c2f6d9b11";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let webhookStatus = 204;
let webhook: Awaited<ReturnType<typeof startHttpServer>>;
let slack: Awaited<ReturnType<typeof startSlack>>;

beforeAll(async () => {
  [smtp, webhook, slack] = await Promise.all([startSmtp(), startHttpServer((_req, _body, res) => void res.writeHead(webhookStatus).end()), startSlack()]);
});
afterEach(() => {
  smtp.messages.length = 0;
  webhook.requests.length = 0;
  slack.requests.length = 0;
  slack.state.answer = () => ({ status: 200, body: "ok" });
  webhookStatus = 204;
});
afterAll(async () => {
  await Promise.all([smtp.close(), webhook.close(), slack.close()]);
});

/** The configuration as the server parses it, with every lead channel on unless `env` turns one off. */
function configWith(env: Record<string, string | undefined> = {}) {
  return loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_NOTIFY_TO: "sales@example.com",
    LEADS_NOTIFY_FROM: "leads@agentdesk.example",
    LEADS_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: SECRET,
    SLACK_WEBHOOK_URL: slack.webhookUrl,
    LEADS_PROSPECT_REMINDER: "true",
    ...env,
    DATABASE_URL: undefined,
  });
}

const lead: NotificationLead = {
  id: LEAD_ID,
  kind: "booking_inquiry",
  source: "booking_dialog",
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Engines Ltd",
  status: "new",
  totalCalls: 400,
  meetingStartsAt: null,
  fit: { tier: "within_plan", emailKind: "work" },
  ownerEmail: "owner@agentdesk.example",
  botCheck: "passed",
};

/** A claimed row as the lead outbox worker hands it over: a new booking lead whose bot check passed. */
function delivery(overrides: Partial<OutboxDelivery> = {}): OutboxDelivery {
  return {
    id: crypto.randomUUID(),
    leadKind: "booking_inquiry",
    leadId: LEAD_ID,
    channel: "email",
    topic: "lead_stored",
    topicRef: "",
    payload: {
      kind: "booking_inquiry",
      lead: { sourceForm: "booking_dialog", name: "Ada Lovelace", workEmail: "ada@example.com", companyName: "Engines Ltd", totalCalls: 400, botCheck: "passed" },
    },
    attempts: 1,
    claimToken: crypto.randomUUID(),
    lead,
    ...overrides,
  };
}

const refusal = (code: string) => expect.objectContaining({ name: "DeliveryError", code });

describe("email channel (SMTP sink)", () => {
  it("mails a new lead to LEADS_NOTIFY_TO with its subject, the lead's page and the delivery id as Message-ID and header", async () => {
    const config = configWith();
    const channel = createEmailChannel(config, createMailTransport(config.notify));
    expect(channel).toMatchObject({ channel: "email", configured: true });
    const row = delivery();
    await channel.deliver(row);

    expect(smtp.messages).toHaveLength(1);
    const mail = mailText(smtp.messages[0]!.raw);
    expect(smtp.messages[0]!.to).toEqual(["sales@example.com"]);
    expect(mail).toMatch(/^From: leads@agentdesk\.example$/m);
    expect(mail).toMatch(/^Subject: New booking inquiry: Ada Lovelace \(Engines Ltd\)$/m);
    expect(mail).toContain(`Message-ID: <${row.id}@agentdesk.example>`);
    expect(mail).toMatch(new RegExp(`^X-Lead-Delivery-Id: ${row.id}$`, "mi"));
    expect(mail).toContain(`Open the lead: http://localhost:3000/admin/leads/${LEAD_ID}`);
  });

  it("is off without SMTP, and refuses a topic it does not deliver without sending anything", async () => {
    const off = createEmailChannel(configWith({ SMTP_URL: undefined, LEADS_PROSPECT_REMINDER: undefined }), null);
    expect(off.configured).toBe(false);
    await expect(off.deliver(delivery())).rejects.toEqual(refusal("NOT_CONFIGURED"));
    const config = configWith();
    const on = createEmailChannel(config, createMailTransport(config.notify));
    await expect(on.deliver(delivery({ topic: "prospect_reminder" }))).rejects.toEqual(refusal("UNSUPPORTED_TOPIC"));
    expect(smtp.messages).toEqual([]);
  });
});

describe("webhook channel (local HTTP receiver)", () => {
  it("posts the new lead as JSON whose signature verifies with the secret over the timestamp and body", async () => {
    const channel = createWebhookChannel(configWith());
    expect(channel).toMatchObject({ channel: "webhook", configured: true });
    const row = delivery({ channel: "webhook" });
    await channel.deliver(row);

    expect(webhook.requests).toHaveLength(1);
    const { headers, body } = webhook.requests[0]!;
    expect(headers["x-lead-delivery-id"]).toBe(row.id);
    const expected = "sha256=" + crypto.createHmac("sha256", SECRET).update(`${headers["x-lead-timestamp"]}.${body}`).digest("hex");
    expect(headers["x-lead-signature"]).toBe(expected);
    expect(Math.abs(Number(headers["x-lead-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(body)).toMatchObject({
      delivery_id: row.id,
      kind: "booking_inquiry",
      bot_check: "passed",
      lead: { name: "Ada Lovelace", workEmail: "ada@example.com", companyName: "Engines Ltd" },
      fit: { tier: "within_plan", email_kind: "work" },
    });
  });

  it("fails with the receiver's status code, and is off without LEADS_WEBHOOK_URL", async () => {
    webhookStatus = 503;
    await expect(createWebhookChannel(configWith()).deliver(delivery({ channel: "webhook" }))).rejects.toEqual(refusal("HTTP_503"));
    const off = createWebhookChannel(configWith({ LEADS_WEBHOOK_URL: undefined, LEADS_WEBHOOK_SECRET: undefined }));
    expect(off.configured).toBe(false);
    await expect(off.deliver(delivery({ channel: "webhook" }))).rejects.toEqual(refusal("NOT_CONFIGURED"));
    expect(webhook.requests).toHaveLength(1);
  });
});

describe("slack channel (local Slack stand-in)", () => {
  it("posts a message naming the lead and linking its page", async () => {
    const channel = createSlackChannel(configWith());
    expect(channel).toMatchObject({ channel: "slack", configured: true });
    await channel.deliver(delivery({ channel: "slack" }));

    expect(slack.requests).toHaveLength(1);
    expect(slack.requests[0]!.headers["content-type"]).toBe("application/json");
    const [message] = slack.messages();
    expect(message!.text).toContain("Ada Lovelace");
    expect(JSON.stringify(message!.blocks)).toContain(`http://localhost:3000/admin/leads/${LEAD_ID}`);
  });

  it("turns Slack's 429 into a failure that asks for its Retry-After, and its error code into the failure's", async () => {
    const channel = createSlackChannel(configWith());
    slack.state.answer = () => ({ status: 429, headers: { "retry-after": "30" } });
    await expect(channel.deliver(delivery({ channel: "slack" }))).rejects.toEqual(expect.objectContaining({ code: "SLACK_RATE_LIMITED", retryAfterMs: 30_000 }));
    slack.state.answer = () => ({ status: 404, body: "no_service" });
    await expect(channel.deliver(delivery({ channel: "slack" }))).rejects.toEqual(refusal("SLACK_NO_SERVICE"));
    expect(createSlackChannel(configWith({ SLACK_WEBHOOK_URL: undefined })).configured).toBe(false);
  });
});

describe("owner_email channel (SMTP sink)", () => {
  it("pages the lead's owner as the claim read it, and refuses a lead without one", async () => {
    const config = configWith();
    const channel = createOwnerEmailChannel(config, createMailTransport(config.notify));
    expect(channel).toMatchObject({ channel: "owner_email", configured: true });
    await channel.deliver(delivery({ channel: "owner_email", topic: "owner_assigned" }));

    expect(smtp.messages.map((m) => m.to)).toEqual([["owner@agentdesk.example"]]);
    expect(mailText(smtp.messages[0]!.raw)).toMatch(/^Subject: Your new lead: Ada Lovelace \(Engines Ltd\)$/m);
    await expect(channel.deliver(delivery({ channel: "owner_email", topic: "owner_assigned", lead: { ...lead, ownerEmail: null } }))).rejects.toEqual(refusal("NO_OWNER"));
    expect(smtp.messages).toHaveLength(1);
  });
});

describe("prospect_email channel (SMTP sink)", () => {
  it("reminds the prospect with the scheduler link carrying the lead's reference, without the staff header", async () => {
    const config = configWith();
    const channel = createProspectEmailChannel(config, createMailTransport(config.notify));
    expect(channel).toMatchObject({ channel: "prospect_email", configured: true });
    const row = delivery({ channel: "prospect_email", topic: "prospect_reminder" });
    await channel.deliver(row);

    expect(smtp.messages.map((m) => m.to)).toEqual([["ada@example.com"]]);
    const mail = mailText(smtp.messages[0]!.raw);
    expect(mail).toMatch(/^Subject: Pick a time for your call$/m);
    expect(mail).toContain(`utm_content=${leadReference(config.authSecret, LEAD_ID)}`);
    expect(mail).not.toMatch(/^X-Lead-Delivery-Id:/im);
  });

  it("is off unless LEADS_PROSPECT_REMINDER is on, and e-mails no one whose bot check did not pass", async () => {
    const config = configWith({ LEADS_PROSPECT_REMINDER: undefined });
    expect(createProspectEmailChannel(config, createMailTransport(config.notify)).configured).toBe(false);
    const on = configWith();
    const channel = createProspectEmailChannel(on, createMailTransport(on.notify));
    const scriptless = delivery({ channel: "prospect_email", topic: "prospect_reminder", payload: { kind: "booking_inquiry", lead: { name: "Ada Lovelace", botCheck: "no_script" } } });
    await expect(channel.deliver(scriptless)).rejects.toEqual(refusal("NOT_VERIFIED"));
    expect(smtp.messages).toEqual([]);
  });
});

describe("staff_email channel", () => {
  const message = { to: "new.rep@example.com", subject: "You are invited to the admin area", text: "Accept: http://localhost:3000/admin/accept-invitation#token=abc123" };

  it("writes the message to the development mailbox as <delivery id>.eml without SMTP", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "staff-channel-"));
    try {
      const config = configWith({ SMTP_URL: undefined, LEADS_PROSPECT_REMINDER: undefined, DATA_DIR: dataDir });
      const channel = createStaffMailChannel({ transport: null, from: config.staffMail.from, mailboxDir: config.staffMail.mailboxDir, host: "agentdesk.example" });
      expect(channel).toMatchObject({ channel: "staff_email", configured: true });
      const id = crypto.randomUUID();
      await channel.deliver({ id, payload: message });

      expect(await fs.readdir(path.join(dataDir, "mailbox"))).toEqual([`${id}.eml`]);
      const text = await fs.readFile(path.join(dataDir, "mailbox", `${id}.eml`), "utf8");
      expect(text).toMatch(/^To: new\.rep@example\.com$/m);
      expect(text).toMatch(/^Subject: You are invited to the admin area$/m);
      expect(text).toMatch(/^Accept: http:\/\/localhost:3000\/admin\/accept-invitation#token=abc123$/m);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("sends it by SMTP when there is a transport, and is off with neither", async () => {
    const config = configWith();
    const channel = createStaffMailChannel({ transport: createMailTransport(config.notify), from: config.staffMail.from, mailboxDir: null, host: "agentdesk.example" });
    await channel.deliver({ id: crypto.randomUUID(), payload: message });
    expect(smtp.messages.map((m) => m.to)).toEqual([["new.rep@example.com"]]);
    expect(mailText(smtp.messages[0]!.raw)).toMatch(/^Subject: You are invited to the admin area$/m);
    expect(createStaffMailChannel({ transport: null, from: config.staffMail.from, mailboxDir: null, host: "agentdesk.example" }).configured).toBe(false);
  });
});

describe("hubspot channel (local HubSpot stand-in)", () => {
  const TOKEN = "pat-na1-secret-hubspot-token";
  let hubspot: Awaited<ReturnType<typeof startHubSpot>>;
  let database: TestDatabase;

  beforeAll(async () => {
    [hubspot, database] = await Promise.all([startHubSpot(TOKEN), openTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([hubspot?.close(), database?.dispose()]);
  });

  it("hands a new lead off: looks its address up, creates the contact and a deal associated with it, and keeps their ids on the lead", async () => {
    const config = configWith({ HUBSPOT_ACCESS_TOKEN: TOKEN, HUBSPOT_API_URL: hubspot.url, HUBSPOT_PORTAL_ID: "4242" });
    const [stored] = await database.db
      .insert(leads)
      .values({ id: crypto.randomUUID(), kind: "booking_inquiry", source: "booking_dialog", name: "Ada Lovelace", email: "ada@example.com", company: "Engines Ltd" })
      .returning({ id: leads.id });
    const channel = createHubSpotLeadChannel(config, database.db);
    expect(channel).toMatchObject({ channel: "hubspot", configured: true });

    const receipt = await channel.deliver(delivery({ channel: "hubspot", leadId: stored!.id, lead: { ...lead, id: stored!.id } }));
    expect(receipt).toEqual({ hubspotContact: "created" });
    expect(hubspot.unhandled).toEqual([]);
    expect(hubspot.requests.every((r) => r.token === TOKEN)).toBe(true);
    expect(hubspot.calls("POST", /^\/crm\/v3\/objects\/contacts\/batch\/read$/)).toHaveLength(1);
    expect([...hubspot.contacts.values()].map((c) => c.properties.email)).toEqual(["ada@example.com"]);
    expect(hubspot.deals.size).toBe(1);
    const [contact] = [...hubspot.contacts.values()];
    const [dealId] = [...hubspot.deals.keys()];
    expect([...hubspot.associations]).toEqual([`${dealId}:${contact!.id}`]);
    const [row] = await database.db.select({ contactId: leads.hubspotContactId, dealId: leads.hubspotDealId }).from(leads).where(eq(leads.id, stored!.id));
    expect(row).toEqual({ contactId: contact!.id, dealId });
  });

  it("is off without a token or without a database", () => {
    expect(createHubSpotLeadChannel(configWith(), database.db).configured).toBe(false);
    expect(createHubSpotLeadChannel(configWith({ HUBSPOT_ACCESS_TOKEN: TOKEN, HUBSPOT_API_URL: hubspot.url, HUBSPOT_PORTAL_ID: "4242" }), undefined).configured).toBe(false);
  });
});

describe("the notifier: the configured channels composed", () => {
  it("lists the channels the configuration turns on and hands each row to its channel's handler", async () => {
    const notifier = createNotifier(configWith({ SLACK_WEBHOOK_URL: undefined }));
    try {
      expect([...notifier.channels].sort()).toEqual(["email", "owner_email", "prospect_email", "staff_email", "webhook"]);
      await notifier.deliver(delivery({ channel: "webhook" }));
      expect(webhook.requests).toHaveLength(1);
      // A row of a channel that is off here is refused by that channel (the worker claims none such).
      await expect(notifier.deliver(delivery({ channel: "slack" }))).rejects.toEqual(refusal("NOT_CONFIGURED"));
      await expect(notifier.deliver(delivery({ channel: "carrier_pigeon" }))).rejects.toEqual(refusal("UNKNOWN_CHANNEL"));
      expect(smtp.messages).toEqual([]);
    } finally {
      notifier.close();
    }
  });
});
