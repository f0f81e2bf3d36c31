import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

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
    const refusal = (overrides: Record<string, string | undefined>) => {
      try {
        loadConfig({ ...production, ...overrides });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return "started";
    };
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
      const refusal = (env: Record<string, string>) => {
        try {
          loadConfig(env);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          return (error as Error).message;
        }
        return "started";
      };
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
});
