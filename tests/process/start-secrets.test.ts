import { describe, expect, it } from "vitest";
import { runAdminCreate } from "../support/admin-cli";
import { freePort, runServerToExit, tempDataDir } from "../support/spawn-server";

/**
 * A start (the compiled server, as `npm start` and the image run it) and the admin command, with a
 * DATABASE_URL that is refused or cannot connect: what they print, on stdout or stderr, never
 * holds the URL's password (docs/decisions/0606, 0612). Every password here contains "ter2".
 */
const SECRET = "ter2";

async function startAndCreate(databaseUrl: string, extra: Record<string, string> = {}) {
  const env = { DATABASE_URL: databaseUrl, PORT: "0", DATA_DIR: tempDataDir("secrets"), ...extra };
  const start = await runServerToExit(env);
  const cli = await runAdminCreate(["--email", "owner@example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-1" });
  return { start, cli };
}

// Side by side: each start and command has its own data dir, and the tests mostly wait on them.
describe.concurrent("a refused or unreachable DATABASE_URL", () => {
  it("is refused by the configuration without its password", async () => {
    for (const url of [
      "postgres://site:hunter2@db internal:5432/site",
      "postgres://site:hunter2@db.internal:99999/site",
      "postgres://site:hun#ter2@db.internal:5432/site",
      "mysql://site:hunter2@db.internal/site",
    ]) {
      const { start, cli } = await startAndCreate(url);
      expect(start.code, url).toBe(1);
      expect(start.output, url).toContain("Cannot start: Invalid configuration:\n  DATABASE_URL:");
      expect(start.output, url).not.toContain(SECRET);
      expect(cli.code, url).toBe(1);
      expect(cli.output, url).toContain("DATABASE_URL:");
      expect(cli.output, url).not.toContain(SECRET);
    }
  });

  const awkwardPasswords = [
    "postgres://site:hun/ter2@db.internal/site",
    "postgres://site:hun@ter2@db.internal:port/site",
    "postgres://site:hun ter2@db internal:5432/site",
  ];

  it("is refused by admin:create without its password, also when the password holds /, @ or a space", async () => {
    for (const url of awkwardPasswords) {
      const cli = await runAdminCreate(["--email", "owner@example.com"], { DATABASE_URL: url, ADMIN_PASSWORD: "correct-horse-1" });
      expect(cli.code, url).toBe(1);
      expect(cli.output, url).toContain("DATABASE_URL: must be a URL");
      expect(cli.output, url).not.toContain(SECRET);
    }
  });

  it("is refused by a start without its password, also when the password holds /, @ or a space", async () => {
    for (const url of awkwardPasswords) {
      const start = await runServerToExit({ DATABASE_URL: url, PORT: "0", DATA_DIR: tempDataDir("secrets") });
      expect(start.code, url).toBe(1);
      expect(start.output, url).not.toContain(SECRET);
    }
  });

  it("cannot connect (nothing listens, no such host) and says so without its password", async () => {
    for (const url of [
      `postgres://site:hunter2@127.0.0.1:${await freePort()}/site`,
      "postgres://site:hunter2@no-such-host.invalid:5432/site",
    ]) {
      const { start, cli } = await startAndCreate(url);
      expect(start.code, url).toBe(1);
      expect(start.output, url).toContain("Could not open the PostgreSQL database (DATABASE_URL)");
      expect(start.output, url).not.toContain(SECRET);
      expect(cli.code, url).toBe(1);
      expect(cli.output, url).toContain("could not open the database");
      expect(cli.output, url).not.toContain(SECRET);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("with a wrong password says so without the password", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.password = "wrong-hunter2";
    const { start, cli } = await startAndCreate(url.toString());
    expect(start.code).toBe(1);
    expect(start.output).toContain("password authentication failed");
    expect(start.output).not.toContain(SECRET);
    expect(cli.code).toBe(1);
    expect(cli.output).toContain("password authentication failed");
    expect(cli.output).not.toContain(SECRET);
  });

  it("in production, refuses the other settings without printing DATABASE_URL", async () => {
    const { start } = await startAndCreate("postgres://site:hunter2@db.internal:5432/site", { NODE_ENV: "production" });
    expect(start.code).toBe(1);
    expect(start.output).toContain("Cannot start: Invalid configuration:");
    expect(start.output).not.toContain(SECRET);
  });
});
