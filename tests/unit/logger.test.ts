import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { redactUrlCredentials } from "../../server/log-redaction";
import { capturedLogger as capturedLoggerAt } from "../support/captured-logger";
import { freePort } from "../support/spawn-server";
import { openTestDatabase, type TestDatabase } from "../support/test-database";

/** A logger as the server makes it, writing its JSON lines here. */
const capturedLogger = () => capturedLoggerAt("debug");

/** What a visitor typed: none of it may reach a log line. */
const person = {
  name: "Zelda Quintessa-Marlowe",
  email: "zelda.quintessa@personal-mail.example",
};

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the query to fail");
}

describe("logged errors of failed queries (real database)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(users).values({ id: crypto.randomUUID(), ...person });
  });
  afterAll(() => database.dispose());

  it("a duplicate key logs its SQLSTATE, constraint and stack frames, and none of the query's values", async () => {
    const error = await rejection(database.db.insert(users).values({ id: crypto.randomUUID(), ...person }));
    // What the server's handlers do (app.ts onError, routes/admin.ts, the outbox worker), with and
    // without a message, and an Error given directly.
    const { logger, text, records } = capturedLogger();
    logger.error({ err: error, method: "POST", path: "/api/admin/roles" }, "unhandled error");
    logger.error({ err: error });
    logger.error(error);

    const logged = text();
    expect(logged).not.toContain(person.email);
    expect(logged).not.toContain(person.name);
    expect(logged).not.toContain("Zelda");
    expect(logged).not.toContain("params:");
    for (const record of records()) {
      const err = record.err as Record<string, unknown> & { cause: Record<string, unknown> };
      expect(err.type).toBe("DrizzleQueryError");
      expect(err.query).toMatch(/^insert into "auth_users"/);
      expect(err.cause).toMatchObject({ code: "23505", constraint: "auth_users_email_unique" });
      expect(err.cause.message).toMatch(/duplicate key value violates unique constraint "auth_users_email_unique"/);
      expect(err.stack).toMatch(/^\s+at /);
      expect(record.msg).toEqual(expect.any(String));
    }
    expect(records()[0]!.msg).toBe("unhandled error");
  });

  it("a NUL in a text value logs SQLSTATE 22021 without the value", async () => {
    const error = await rejection(
      database.db.insert(users).values({ id: crypto.randomUUID(), name: person.name, email: `zelda\u0000${person.email}` }),
    );
    const { logger, text, records } = capturedLogger();
    logger.error({ err: error }, "lead submission failed");
    expect(text()).not.toContain("zelda");
    expect(text()).not.toContain("Zelda");
    expect((records()[0]!.err as { cause: { code: string } }).cause.code).toBe("22021");
  });

  it("a value the type refuses is not quoted back, nor is the parameter PostgreSQL names in `where`", async () => {
    // The analytics ingest sends compiled statements to the driver itself (server/platform/compiled-sql.ts):
    // its errors are the driver's own, with PostgreSQL's `where` ("unnamed portal parameter $1 = '…'").
    const client = (database.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }).$client;
    const raw = await rejection(client.query("select $1::uuid", [person.email]));
    const wrapped = await rejection(database.db.execute(sql`select ${person.name}::uuid`));
    const { logger, text, records } = capturedLogger();
    logger.error({ err: raw }, "lead submission failed");
    logger.error({ err: wrapped }, "unhandled error");
    expect(text()).not.toContain("zelda");
    expect(text()).not.toContain("Zelda");
    const [first, second] = records().map((r) => r.err as { code?: string; message: string; cause?: { code: string; message: string } });
    expect(first!.code).toBe("22P02");
    expect(first!.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(second!.cause).toMatchObject({ code: "22P02", message: 'invalid input syntax for type uuid: "[redacted]"' });
  });

  it("an error anywhere in a logged value is logged the same way (better-auth's logger passes its arguments on)", async () => {
    const error = await rejection(database.db.insert(users).values({ id: crypto.randomUUID(), ...person }));
    const { logger, text } = capturedLogger();
    logger.error({ detail: [{ cause: error }, error] }, "auth: Failed to create user");
    logger.error("auth: %s", `${error.message}`);
    expect(text()).not.toContain("zelda");
    expect(text()).not.toContain("Zelda");
    expect(text()).toContain("23505");
  });
});

describe("logged URLs and secrets", () => {
  it("a PostgreSQL connection error logged with its URL shows no password", async () => {
    const url = `postgres://agentdesk:hunter2-Secret%2F@127.0.0.1:${await freePort()}/site`;
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3_000 });
    const error = await rejection(pool.connect());
    await pool.end();
    const { logger, text, records } = capturedLogger();
    logger.error({ err: error, databaseUrl: url }, `Could not open the PostgreSQL database ${url}`);
    logger.error({ err: new Error(`connect failed: ${url}`, { cause: error }) });
    // A URL that does not parse: Node's error keeps the whole input (with its password) as `input`.
    logger.error({ err: await rejection((async () => new URL("postgres://agentdesk:hunter2-Secret@db host/site"))()) });
    expect(text()).not.toContain("hunter2");
    expect(text()).toContain("postgres://agentdesk:[redacted]@127.0.0.1:");
    expect(records()[0]!.err).toMatchObject({ code: "ECONNREFUSED", syscall: "connect" });
  });

  it("redacts the password of well-formed and malformed URLs in any string", () => {
    for (const [input, shown] of [
      ["postgres://site:hunter2@db.internal:5432/site", "postgres://site:[redacted]@db.internal:5432/site"],
      ["postgresql://site:hun/ter2@db.internal/site", "postgresql://site:[redacted]@db.internal/site"],
      ["postgres://site:hun@ter2@db.internal/site", "postgres://site:[redacted]@db.internal/site"],
      ["smtp://mailer:hun#ter2@mail.internal:587", "smtp://mailer:[redacted]@mail.internal:587"],
      ['{"url":"redis://:hunter2@cache:6379"}', '{"url":"redis://[redacted]@cache:6379"}'],
      ["postgres:site:hunter2@db.internal/site", "postgres:site:[redacted]@db.internal/site"],
      ["postgres://site:hun ter2@db internal:5432/site", "postgres://site:[redacted]@db internal:5432/site"],
      ['(got "postgres://[redacted]@ter2@db.internal:port/site")', '(got "postgres://[redacted]@db.internal:port/site")'],
      ["https://ghp_token123@github.com/acme/site.git", "https://[redacted]@github.com/acme/site.git"],
      ["https://agents.acme-calls.com/pricing", "https://agents.acme-calls.com/pricing"],
      ["no url here", "no url here"],
    ]) {
      expect(redactUrlCredentials(input!), input).toBe(shown);
    }
  });

  it("redacts everything between :// and the last @, whatever the password holds (quotes, <, >, @, spaces), also inside longer messages", () => {
    for (const [input, shown] of [
      ['postgres://site:hun"ter2@db.internal/site', "postgres://site:[redacted]@db.internal/site"],
      ["postgres://site:hun'ter2@db.internal/site", "postgres://site:[redacted]@db.internal/site"],
      ["smtp://mailer:hun<ter2>@mail.internal:587", "smtp://mailer:[redacted]@mail.internal:587"],
      ["smtps://mailer:<ter2@mail.internal", "smtps://mailer:[redacted]@mail.internal"],
      ["postgres://site:h\"u'n<t>e r@2`@db internal/site", "postgres://site:[redacted]@db internal/site"],
      ['postgres://"si te":hunter2@db.internal/site', "postgres://[redacted]@db.internal/site"],
      ['postgres:site:hun"ter2@db.internal/site', "postgres:site:[redacted]@db.internal/site"],
      // Quoted by a message, in angle brackets, and as a JSON string.
      ['Could not open "postgres://site:hun"ter2@db.internal/site": refused', 'Could not open "postgres://site:[redacted]@db.internal/site": refused'],
      ["relay <smtp://mailer:hun>ter2@mail.internal:587> refused", "relay <smtp://mailer:[redacted]@mail.internal:587> refused"],
      ['{"url":"postgres://site:hun\\"ter2@db.internal/site","port":5432}', '{"url":"postgres://site:[redacted]@db.internal/site","port":5432}'],
      // A "//" followed by a space starts no user part: a message naming schemes keeps its words.
      [
        '  DATABASE_URL: must be a URL starting with postgres:// or postgresql:// (got "postgres://site:hun"ter2@db internal/site")',
        '  DATABASE_URL: must be a URL starting with postgres:// or postgresql:// (got "postgres://site:[redacted]@db internal/site")',
      ],
      ["postgres:// site:hunter2@db.internal/site", "postgres://[redacted]@db.internal/site"],
      // A URL ends with its line: each line's own URL, and a line without one untouched.
      [
        'Invalid configuration:\n  DATABASE_URL: bad (got "postgres://site:hun\\"ter2@db internal/site")\r\n  SMTP_URL: bad (got "smtp://m:p<ter2@mail")\nsee ops@example.com',
        'Invalid configuration:\n  DATABASE_URL: bad (got "postgres://site:[redacted]@db internal/site")\r\n  SMTP_URL: bad (got "smtp://m:[redacted]@mail")\nsee ops@example.com',
      ],
    ]) {
      expect(redactUrlCredentials(input!), input).toBe(shown);
    }
    const { logger, text } = capturedLogger();
    const url = 'smtp://mailer:a"b<c>d@ter2 x@mail.internal:587';
    logger.error({ err: new Error(`SMTP_URL ${url} refused`), smtpUrl: url }, `Could not reach "${url}"`);
    expect(text()).not.toContain("ter2");
    expect(text()).toContain("smtp://mailer:[redacted]@mail.internal:587");
  });

  it("blanks secret-named fields at any depth and e-mail addresses in any string", () => {
    const { logger, text } = capturedLogger();
    logger.info(
      {
        headers: { cookie: "session=hunter2-a", authorization: "Bearer hunter2-b", "set-cookie": ["s=hunter2-c"] },
        body: { password: "hunter2-d", nested: { deeper: { apiKey: "hunter2-e", client_secret: "hunter2-f", sessionToken: "hunter2-g" } } },
        recipients: [`<${person.email}>`],
      },
      `delivery to ${person.email} failed`,
    );
    const logged = text();
    expect(logged).not.toContain("hunter2");
    expect(logged).not.toContain("zelda");
    expect(logged).toContain("[email]");
  });

  it("keeps what an operator needs: ids, paths, statuses and messages without personal data", () => {
    const { logger, records } = capturedLogger();
    logger.info({ requestId: "req-12345678", method: "GET", path: "/api/admin/bookings", status: 200, durationMs: 1.5 }, "request");
    logger.warn({ deliveryId: 7, channel: "webhook", attempts: 2, error: "webhook answered 502" }, "lead notification failed; will retry");
    expect(records()).toMatchObject([
      { requestId: "req-12345678", method: "GET", path: "/api/admin/bookings", status: 200, durationMs: 1.5, msg: "request" },
      { deliveryId: 7, channel: "webhook", attempts: 2, error: "webhook answered 502" },
    ]);
  });
});
