import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { redactUrlCredentials } from "../../server/log-redaction";
import { freePort } from "../support/spawn-server";

/**
 * A start with a DATABASE_URL that is refused or cannot connect (docs/decisions/0606, 0612): the
 * server prints `Cannot start: ` and the configuration's refusal, or `Could not open the PostgreSQL
 * database (DATABASE_URL): ` and the connection's error, through redactUrlCredentials
 * (server/index.ts), and nothing else before it exits. What it prints must never hold the URL's
 * password; every password here contains "ter2". The start itself (exit 1 and the message) is
 * tests/process/server-lifecycle.test.ts's; admin:create's answers are tests/api/admin-create.test.ts's.
 */
const SECRET = "ter2";
const env = (databaseUrl: string, extra: Record<string, string> = {}) => ({ NODE_ENV: "test", PORT: "0", DATA_DIR: "/nonexistent", DATABASE_URL: databaseUrl, ...extra });

/** What a start prints when the configuration refuses `source` (fails the test when it does not). */
function refusal(source: Record<string, string>): string {
  try {
    loadConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return `Cannot start: ${redactUrlCredentials((error as Error).message)}`;
  }
  throw new Error(`the configuration accepted ${source.DATABASE_URL}`);
}

/** What a start prints when `url` cannot be opened (fails the test when it opens). */
async function openFailure(url: string): Promise<string> {
  const opened = await openDatabase({ kind: "postgres", url, poolSize: 1 }).then(
    async (database) => {
      await database.close();
      return null;
    },
    (error: unknown) => `Could not open the PostgreSQL database (DATABASE_URL): ${redactUrlCredentials(error instanceof Error ? error.message : String(error))}`,
  );
  if (opened === null) throw new Error(`${url} opened`);
  return opened;
}

describe("a refused or unreachable DATABASE_URL at start-up", () => {
  it("is refused by the configuration without its password", () => {
    for (const url of [
      "postgres://site:hunter2@db internal:5432/site",
      "postgres://site:hunter2@db.internal:99999/site",
      "postgres://site:hun#ter2@db.internal:5432/site",
      "mysql://site:hunter2@db.internal/site",
    ]) {
      const printed = refusal(env(url));
      expect(printed, url).toContain("Cannot start: Invalid configuration:\n  DATABASE_URL:");
      expect(printed, url).not.toContain(SECRET);
    }
  });

  it("is refused without its password, also when the password holds /, @ or a space", () => {
    for (const url of ["postgres://site:hun/ter2@db.internal/site", "postgres://site:hun@ter2@db.internal:port/site", "postgres://site:hun ter2@db internal:5432/site"]) {
      expect(refusal(env(url)), url).not.toContain(SECRET);
    }
  });

  it("cannot connect (nothing listens, no such host) and says so without its password", async () => {
    for (const url of [`postgres://site:hunter2@127.0.0.1:${await freePort()}/site`, "postgres://site:hunter2@no-such-host.invalid:5432/site"]) {
      // The configuration takes the URL: the failure is the connection's.
      expect(loadConfig(env(url)).database.kind, url).toBe("postgres");
      const printed = await openFailure(url);
      expect(printed, url).toContain("Could not open the PostgreSQL database (DATABASE_URL)");
      expect(printed, url).not.toContain(SECRET);
    }
  });

  // Needs a server that checks passwords: CI's PostgreSQL pass runs this file (scripts/test.sh
  // --database); `npm test`, on the embedded database, skips it.
  it.runIf(Boolean(process.env.DATABASE_URL))("with a wrong password says so without the password", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.password = "wrong-hunter2";
    const printed = await openFailure(url.toString());
    expect(printed).toContain("password authentication failed");
    expect(printed).not.toContain(SECRET);
  });

  it("in production, refuses the other settings without printing DATABASE_URL", () => {
    const printed = refusal(env("postgres://site:hunter2@db.internal:5432/site", { NODE_ENV: "production" }));
    expect(printed).toContain("Cannot start: Invalid configuration:");
    expect(printed).not.toContain(SECRET);
  });
});
