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

  it("refuses to start in production without an auth secret or with an insecure public URL, naming each", () => {
    const secret = "x".repeat(40);
    expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://agents.example.com" })).toThrow(/BETTER_AUTH_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret, PUBLIC_URL: "http://agents.example.com" })).toThrow(
      /PUBLIC_URL: must use https:\/\/ in production/,
    );
    expect(loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret, PUBLIC_URL: "https://agents.example.com" }).env).toBe("production");
  });
});
