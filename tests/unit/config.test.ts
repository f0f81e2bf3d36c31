import net from "node:net";
import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

/** The start-up error's text, or "started" when the configuration is accepted. */
function refusalOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return "started";
}

/**
 * A mail server that offers no STARTTLS (as a downgrading man in the middle shows it): answers
 * every command and keeps every line it is sent.
 */
async function plainSmtpServer() {
  const lines: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 mail.internal ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += String(chunk);
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        lines.push(line);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          }
          continue;
        }
        const verb = line.split(" ")[0]!.toUpperCase();
        if (verb === "EHLO") socket.write("250-mail.internal\r\n250 8BITMIME\r\n");
        else if (verb === "STARTTLS") socket.write("502 command not implemented\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        }
        else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("configuration", () => {
  it("has working defaults: port 3000, embedded database in ./data, localhost public URL", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "pglite", dataDir: expect.stringMatching(/[/\\]data$/) });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.recaptcha.secretKey).toBeNull();
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@db.internal:5432/site" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@db.internal:5432/site" });
  });

  it.each([
    ["PORT", "eighty", /PORT/],
    ["PORT", "70000", /PORT/],
    ["DATABASE_URL", "mysql://x/y", /DATABASE_URL: must be a URL starting with postgres:/],
    ["PUBLIC_URL", "example.com", /PUBLIC_URL/],
    ["RECAPTCHA_MIN_SCORE", "2", /RECAPTCHA_MIN_SCORE/],
    ["NODE_ENV", "staging", /NODE_ENV/],
  ])("refuses a wrong %s and names it", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it("names a half-configured bot check", () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: "site" })).toThrow(/RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY/);
  });

  it("strips a trailing slash from PUBLIC_URL and allows its host for bot-check tokens", () => {
    const config = loadConfig({ PUBLIC_URL: "https://www.example.com/" });
    expect(config.publicUrl).toBe("https://www.example.com");
    expect(config.recaptcha.allowedHostnames).toContain("www.example.com");
    expect(config.runtime.publicUrl).toBe("https://www.example.com");
  });

  it("never prints a database password or a secret when it refuses a value", () => {
    for (const [name, value] of [
      ["DATABASE_URL", "postgresql://site:hunter2-secret@db internal:5432/site"],
      ["DATABASE_URL", "mysql://site:hunter2-secret@db.internal/site"],
      ["DATABASE_URL", "site:hunter2-secret@db.internal/site"],
      ["SMTP_URL", "smtp//mailer:hunter2-secret@mail.internal"],
      // Quotes, angle brackets, spaces and @ in the password; a raw line break in the value.
      ["DATABASE_URL", "postgres://site:hun<ter2>-secret@db internal/site"],
      ["SMTP_URL", "smtp://mailer:hun'ter2 \"x\"@y@mail internal:587"],
      ["DATABASE_URL", "site:hun ter2-secret@db.internal/site"],
      ["DATABASE_URL", "postgres://site:hun\nter2-secret@db internal/site"],
      // An incoming webhook's secret is its path.
      ["SLACK_WEBHOOK_URL", "ftp://hooks.slack.com/services/T000/B000/hunter2-secret"],
      ["LEADS_WEBHOOK_URL", "hooks.example.com/hunter2-secret"],
    ]) {
      let message = "";
      try {
        loadConfig({ [name!]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, value).toContain(`${name}:`);
      expect(message, value).not.toContain("hunter2");
      expect(message, value).not.toContain("ter2");
    }
  });

  const production = {
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "x".repeat(40),
    PUBLIC_URL: "https://agents.acme-calls.com",
    DATABASE_URL: "postgres://site:pw@db.internal:5432/site",
    DEMO_SCHEDULER_URL: "https://calendly.com/acme-calls/demo",
    ENTERPRISE_SCHEDULER_URL: "https://calendly.com/acme-calls/enterprise",
    MERCH_URL: "https://shop.acme-calls.com",
    CAREERS_EMAIL: "jobs@acme-calls.com",
    SUPPORT_EMAIL: "help@acme-calls.com",
    SUPPORT_PHONE: "(415) 867-2200",
    RECAPTCHA_SITE_KEY: "site-key",
    RECAPTCHA_SECRET_KEY: "secret-key",
  };

  it("refuses a production start on the embedded database, example links or without the bot check, naming each variable", () => {
    expect(loadConfig(production).env).toBe("production");
    const refusal = (overrides: Record<string, string | undefined>) => refusalOf({ ...production, ...overrides });
    expect(refusal({ DATABASE_URL: undefined })).toMatch(/DATABASE_URL: required in production/);
    const examples = refusal({
      DEMO_SCHEDULER_URL: undefined,
      ENTERPRISE_SCHEDULER_URL: undefined,
      MERCH_URL: undefined,
      CAREERS_EMAIL: undefined,
      SUPPORT_EMAIL: undefined,
      SUPPORT_PHONE: undefined,
    });
    for (const name of ["DEMO_SCHEDULER_URL", "ENTERPRISE_SCHEDULER_URL", "MERCH_URL", "CAREERS_EMAIL", "SUPPORT_EMAIL", "SUPPORT_PHONE"]) {
      expect(examples).toMatch(new RegExp(`${name}: still the example value`));
    }
    expect(refusal({ MERCH_URL: "https://merch.example.org" })).toMatch(/MERCH_URL/);
    const noBotCheck = refusal({ RECAPTCHA_SITE_KEY: undefined, RECAPTCHA_SECRET_KEY: undefined });
    expect(noBotCheck).toMatch(/RECAPTCHA_SITE_KEY: required in production/);
    expect(noBotCheck).toMatch(/RECAPTCHA_SECRET_KEY: required in production/);
    // Outside production the same settings are fine: they are what `npm start` runs on.
    expect(loadConfig({}).env).toBe("development");
  });

  it("starts in production without them only when ALLOW_IN_PRODUCTION names each kind", () => {
    const unsafe = { ...production, DATABASE_URL: undefined, MERCH_URL: undefined, RECAPTCHA_SITE_KEY: undefined, RECAPTCHA_SECRET_KEY: undefined };
    expect(() => loadConfig({ ...unsafe, ALLOW_IN_PRODUCTION: "embedded-database,no-bot-check" })).toThrow(/MERCH_URL/);
    expect(() => loadConfig({ ...unsafe, ALLOW_IN_PRODUCTION: "example-content" })).toThrow(/DATABASE_URL[\s\S]*RECAPTCHA_SITE_KEY/);
    const config = loadConfig({ ...unsafe, ALLOW_IN_PRODUCTION: "embedded-database, example-content, no-bot-check" });
    expect(config.database.kind).toBe("pglite");
    expect(() => loadConfig({ ...unsafe, ALLOW_IN_PRODUCTION: "everything" })).toThrow(/ALLOW_IN_PRODUCTION/);
  });

  it("refuses to start in production without an auth secret or with an insecure public URL, naming each", () => {
    const secret = "x".repeat(40);
    expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://agents.example.com" })).toThrow(/BETTER_AUTH_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret, PUBLIC_URL: "http://agents.example.com" })).toThrow(
      /PUBLIC_URL: must use https:\/\/ in production/,
    );
    expect(loadConfig({ ...production, BETTER_AUTH_SECRET: secret, PUBLIC_URL: "https://agents.example.com" }).env).toBe("production");
  });
  describe("signing secrets (docs/decisions/0606)", () => {
    it("refuses a BETTER_AUTH_SECRET shorter than 32 characters, in every environment", () => {
      for (const env of [{}, production]) {
        expect(refusalOf({ ...env, BETTER_AUTH_SECRET: "s".repeat(31) })).toMatch(/BETTER_AUTH_SECRET: must be at least 32 characters/);
        expect(loadConfig({ ...env, BETTER_AUTH_SECRET: "s".repeat(32) }).authSecret).toBe("s".repeat(32));
      }
    });

    it("refuses LEADS_WEBHOOK_URL without LEADS_WEBHOOK_SECRET: every delivery is signed", () => {
      expect(refusalOf({ LEADS_WEBHOOK_URL: "https://crm.acme-calls.com/hooks/leads" })).toMatch(
        /LEADS_WEBHOOK_SECRET: required when LEADS_WEBHOOK_URL is set/,
      );
      expect(refusalOf({ LEADS_WEBHOOK_URL: "https://crm.acme-calls.com/hooks/leads", LEADS_WEBHOOK_SECRET: "   " })).toMatch(/LEADS_WEBHOOK_SECRET: required/);
    });

    it("refuses a LEADS_WEBHOOK_SECRET shorter than 32 characters in production, with no opt-out", () => {
      const hook = { LEADS_WEBHOOK_URL: "https://crm.acme-calls.com/hooks/leads" };
      const short = { ...production, ...hook, LEADS_WEBHOOK_SECRET: "webhook-secret" };
      expect(refusalOf(short)).toMatch(/LEADS_WEBHOOK_SECRET: must be at least 32 characters in production/);
      expect(refusalOf({ ...short, ALLOW_IN_PRODUCTION: "embedded-database,example-content,no-bot-check,insecure-notifications" })).toMatch(
        /LEADS_WEBHOOK_SECRET: must be at least 32/,
      );
      // The refusal names the variable, never its value.
      expect(refusalOf(short)).not.toContain("webhook-secret");
      expect(loadConfig({ ...production, ...hook, LEADS_WEBHOOK_SECRET: "w".repeat(32) }).notify.webhookSecret).toBe("w".repeat(32));
      // Local runs and tests keep short secrets.
      expect(loadConfig({ ...hook, LEADS_WEBHOOK_SECRET: "webhook-secret" }).notify.webhookSecret).toBe("webhook-secret");
    });
  });

  describe("notification channels in production (docs/decisions/0606)", () => {
    const notifying = {
      ...production,
      LEADS_WEBHOOK_URL: "https://crm.acme-calls.com/hooks/leads",
      LEADS_WEBHOOK_SECRET: "w".repeat(40),
      SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T000/B000/XXXX",
      SMTP_URL: "smtps://leads:pw@mail.acme-calls.com:465",
      LEADS_NOTIFY_TO: "sales@acme-calls.com",
    };

    it("refuses http:// webhook and Slack URLs and an smtp:// server not required to use STARTTLS, naming each variable", () => {
      expect(loadConfig(notifying).notify.smtpUrl).toBe(notifying.SMTP_URL);
      const insecure = refusalOf({
        ...notifying,
        LEADS_WEBHOOK_URL: "http://crm.acme-calls.com/hooks/leads",
        SLACK_WEBHOOK_URL: "http://hooks.slack.com/services/T000/B000/hunter2-secret",
        SMTP_URL: "smtp://leads:hunter2-secret@mail.acme-calls.com:587",
      });
      expect(insecure).toMatch(/LEADS_WEBHOOK_URL: must use https:\/\/ in production/);
      expect(insecure).toMatch(/SLACK_WEBHOOK_URL: must use https:\/\/ in production/);
      expect(insecure).toMatch(/SMTP_URL: an smtp:\/\/ server must be required to use STARTTLS in production: add \?requireTLS=true/);
      expect(insecure).toMatch(/or add insecure-notifications to ALLOW_IN_PRODUCTION/);
      expect(insecure).not.toContain("hunter2");

      for (const smtp of ["smtp://mail.acme-calls.com:587?requireTLS=false", "smtp://mail.acme-calls.com:587?requireTLS=1"]) {
        expect(refusalOf({ ...notifying, SMTP_URL: smtp }), smtp).toMatch(/SMTP_URL: an smtp:\/\/ server must be required to use STARTTLS/);
      }
      expect(refusalOf({ ...notifying, SMTP_URL: "smtps://mail.acme-calls.com:465?tls.rejectUnauthorized=false" })).toMatch(
        /SMTP_URL: tls.rejectUnauthorized=false turns off the check of the mail server's certificate/,
      );
      expect(loadConfig({ ...notifying, SMTP_URL: "smtp://leads:pw@mail.acme-calls.com:587?requireTLS=true" }).env).toBe("production");
      // Outside production a local receiver or mail catcher is fine.
      const local = { LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hooks", LEADS_WEBHOOK_SECRET: "s", SLACK_WEBHOOK_URL: "http://127.0.0.1:9/slack" };
      expect(loadConfig({ ...local, SMTP_URL: "smtp://127.0.0.1:1025", LEADS_NOTIFY_TO: "sales@acme-calls.com" }).env).toBe("development");
    });

    it("starts with them only when ALLOW_IN_PRODUCTION names insecure-notifications", () => {
      const insecure = {
        ...notifying,
        LEADS_WEBHOOK_URL: "http://crm.internal/hooks/leads",
        SLACK_WEBHOOK_URL: "http://slack-relay.internal/post",
        SMTP_URL: "smtp://mail.internal:25",
      };
      expect(refusalOf({ ...insecure, ALLOW_IN_PRODUCTION: "embedded-database" })).toMatch(/LEADS_WEBHOOK_URL[\s\S]*SLACK_WEBHOOK_URL[\s\S]*SMTP_URL/);
      expect(loadConfig({ ...insecure, ALLOW_IN_PRODUCTION: "insecure-notifications" }).notify.webhookUrl).toBe("http://crm.internal/hooks/leads");
    });

    it("an smtp:// URL with requireTLS=true makes nodemailer refuse a server without STARTTLS before it sends the lead", async () => {
      const server = await plainSmtpServer();
      const send = (url: string) =>
        nodemailer.createTransport({ url }).sendMail({ from: "leads@acme-calls.com", to: "sales@acme-calls.com", subject: "New lead", text: "Zelda Quintessa" });
      try {
        // What the refused setting does: the lead goes over the wire in clear text.
        await send(server.url);
        expect(server.lines).toContain("Zelda Quintessa");
        server.lines.length = 0;

        const required = `${server.url}?requireTLS=true`;
        expect(loadConfig({ ...notifying, SMTP_URL: required }).notify.smtpUrl).toBe(required);
        await expect(send(required)).rejects.toMatchObject({ code: "ETLS" });
        expect(server.lines.some((line) => /^(MAIL FROM|RCPT TO|DATA)/i.test(line))).toBe(false);
        expect(server.lines).not.toContain("Zelda Quintessa");
      } finally {
        await server.close();
      }
    });
  });

  describe("lead notification outbox", () => {
    it("bounds every delivery (30 s), gives up after 12 attempts and keeps dead letters 30 days by default", () => {
      expect(loadConfig({}).leads.outbox).toEqual({
        pollMs: 2000,
        retryBaseMs: 5000,
        retryMaxMs: 3_600_000,
        leaseMs: 60_000,
        deliveryTimeoutMs: 30_000,
        maxAttempts: 12,
        deadRetentionDays: 30,
      });
    });

    it("refuses a lease shorter than twice the delivery timeout, naming both variables", () => {
      const refusal = refusalOf;
      // A lease that can end while a delivery is still running lets a second worker send it too.
      expect(refusal({ LEADS_OUTBOX_LEASE_MS: "20000" })).toMatch(
        /LEADS_OUTBOX_LEASE_MS: must be at least twice LEADS_OUTBOX_DELIVERY_TIMEOUT_MS \(2 × 30000 = 60000 ms, got 20000\)/,
      );
      expect(refusal({ LEADS_OUTBOX_LEASE_MS: "3000", LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "2000" })).toMatch(/LEADS_OUTBOX_LEASE_MS/);
      expect(loadConfig({ LEADS_OUTBOX_LEASE_MS: "3000", LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: "1500" }).leads.outbox).toMatchObject({
        leaseMs: 3000,
        deliveryTimeoutMs: 1500,
      });
    });

    it.each([
      ["LEADS_OUTBOX_MAX_ATTEMPTS", "0"],
      ["LEADS_OUTBOX_MAX_ATTEMPTS", "many"],
      ["LEADS_OUTBOX_DELIVERY_TIMEOUT_MS", "50"],
      ["LEADS_OUTBOX_DELIVERY_TIMEOUT_MS", "600000"],
      ["LEADS_OUTBOX_DEAD_RETENTION_DAYS", "0"],
    ])("refuses %s=%s and names it", (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
    });
  });

  describe("HubSpot hand-off (docs/decisions/0720)", () => {
    const token = "pat-na1-hunter2-token";

    it("is off without a token; with one it uses HubSpot's API, the default pipeline and stage, and the account given", () => {
      expect(loadConfig({}).hubspot).toBeNull();
      expect(loadConfig({ HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_PORTAL_ID: "4242" }).hubspot).toEqual({
        accessToken: token,
        apiUrl: "https://api.hubapi.com",
        portalId: "4242",
        appUrl: "https://app.hubspot.com",
        dealPipeline: "default",
        dealStage: "appointmentscheduled",
      });
    });

    it("refuses a token without the account's id, or an id that is not a number, and never prints the token", () => {
      const missing = refusalOf({ HUBSPOT_ACCESS_TOKEN: token });
      expect(missing).toMatch(/HUBSPOT_PORTAL_ID: required when HUBSPOT_ACCESS_TOKEN is set/);
      expect(refusalOf({ HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_PORTAL_ID: "acme" })).toMatch(/HUBSPOT_PORTAL_ID: must be the account's numeric Hub ID/);
      expect(refusalOf({ HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_PORTAL_ID: "4242", HUBSPOT_API_URL: "ftp://api" })).toMatch(/HUBSPOT_API_URL:/);
      for (const text of [missing, refusalOf({ HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_PORTAL_ID: "x" })]) expect(text).not.toContain("hunter2");
    });

    it("refuses an http:// API origin in production unless ALLOW_IN_PRODUCTION names insecure-notifications", () => {
      const insecure = { ...production, HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_PORTAL_ID: "4242", HUBSPOT_API_URL: "http://hubspot-relay.internal" };
      expect(refusalOf(insecure)).toMatch(/HUBSPOT_API_URL: must use https:\/\/ in production/);
      expect(loadConfig({ ...insecure, ALLOW_IN_PRODUCTION: "insecure-notifications" }).hubspot?.apiUrl).toBe("http://hubspot-relay.internal");
    });
  });

  describe("first-party analytics (docs/decisions/0801)", () => {
    it("counts by default, keeps raw rows 90 days, and tells the page to collect", () => {
      const config = loadConfig({});
      expect(config.analytics).toEqual({ enabled: true, retentionDays: 90, visitorsPerAddress: 50 });
      expect(config.runtime.collectEvents).toBe(true);
    });

    it("ANALYTICS_ENABLED=false turns counting off, and the page's collector with it", () => {
      const config = loadConfig({ ANALYTICS_ENABLED: "false", ANALYTICS_RETENTION_DAYS: "30", ANALYTICS_VISITORS_PER_ADDRESS: "8" });
      expect(config.analytics).toEqual({ enabled: false, retentionDays: 30, visitorsPerAddress: 8 });
      expect(config.runtime.collectEvents).toBe(false);
    });

    it.each([
      ["ANALYTICS_ENABLED", "yes"],
      ["ANALYTICS_RETENTION_DAYS", "0"],
      ["ANALYTICS_RETENTION_DAYS", "3651"],
      ["ANALYTICS_RETENTION_DAYS", "ninety"],
      ["ANALYTICS_VISITORS_PER_ADDRESS", "0"],
    ])("refuses %s=%s and names it", (name, value) => {
      expect(refusalOf({ [name]: value })).toMatch(new RegExp(`${name}:`));
    });
  });
});
