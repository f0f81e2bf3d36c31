import { PassThrough, Writable } from "node:stream";
import { describe, expect, it, onTestFinished } from "vitest";
import { adminCreate } from "../../server/cli/admin-create-command";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { cookiesFrom } from "../support/cookies";
import { freePort, tempDataDir } from "../support/spawn-server";
import { openTestDatabase, type TestDatabase } from "../support/test-database";
import type { CliRun } from "../support/admin-cli";

/**
 * The `admin:create` command run inside the test process (server/cli/admin-create-command.ts, the
 * code its entry point runs), with the same inputs as runAdminCreate in tests/support/admin-cli.ts
 * gives the real command: `env` (nothing from the test's own environment), and standard input
 * empty, one piped text, or a terminal. `output` is what it wrote to stdout and stderr. The runs
 * of one test share a database held open (`database`, an in-memory copy of the migrated one)
 * instead of opening the data dir at each run. The real command's exit codes, its opening of the
 * embedded database, a real terminal and the data dir's lock are tests/process/admin-cli.test.ts's.
 */
function commandEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { NODE_ENV: "test", LOG_LEVEL: "error", ...env };
}

/** A writable that appends what it is given to a string, calling `onWrite` after each write. */
function screen(onWrite: (text: string) => void = () => {}) {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += String(chunk);
      onWrite(text);
      done();
    },
  });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

/** The command's database: `database`, left open when the command closes it. */
function heldOpen(database: TestDatabase | undefined) {
  return database && (async () => ({ ...database, close: async () => {} }));
}

/**
 * Runs the command with standard input piped: `stdin` as the whole input, or nothing at all (as
 * /dev/null gives under cron or CI) without it.
 */
async function runAdminCreateInProcess(args: string[], env: Record<string, string | undefined>, options: { stdin?: string; database?: TestDatabase } = {}): Promise<CliRun> {
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? "");
  const out = screen();
  const code = await adminCreate(args, { env: commandEnv(env), stdin: stdin as unknown as NodeJS.ReadStream, stdout: out.stream, stderr: out.stream, openDatabase: heldOpen(options.database) });
  return { code, output: out.text() };
}

/**
 * A terminal as the command sees one: isTTY, and raw mode that turns echo off. What is typed while
 * raw mode is off is echoed to the screen, as a terminal does; `output` is the screen.
 */
class FakeTerminal extends PassThrough {
  readonly isTTY = true;
  isRaw = false;
  setRawMode(raw: boolean) {
    this.isRaw = raw;
    return this;
  }
}

/**
 * Runs the command on a terminal, answering each prompt, in order, once it has appeared (as
 * runAdminCreateOnTerminal does on a pseudo-terminal).
 */
async function runAdminCreateOnFakeTerminal(args: string[], env: Record<string, string | undefined>, answers: string[], database: TestDatabase) {
  const terminal = new FakeTerminal();
  let prompts = 0;
  let echoed = "";
  const out = screen((text) => {
    const shown = text.match(/(Password for the new account [^\n]*?|The same password again): /g)?.length ?? 0;
    while (prompts < shown && prompts < answers.length) {
      const answer = answers[prompts++]!;
      if (!terminal.isRaw) echoed += answer;
      terminal.write(`${answer}\r`);
    }
  });
  const code = await adminCreate(args, { env: commandEnv(env), stdin: terminal as unknown as NodeJS.ReadStream, stdout: out.stream, stderr: out.stream, openDatabase: heldOpen(database) });
  return { code, output: out.text() + echoed, prompts };
}

/**
 * Signs in on the app on `database`, as tests/process/admin-cli.test.ts does over HTTP on a
 * server: the sign-in's status, then /api/admin/me's.
 */
async function signIn(database: TestDatabase, accounts: { email: string; password: string }[]) {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
  const app = createApp({ config, database, logger: createLogger("silent") });
  const results: { signIn: number; me: number }[] = [];
  for (const { email, password } of accounts) {
    const res = await app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: config.publicUrl },
      body: JSON.stringify({ email, password }),
    });
    const me = await app.request("/api/admin/me", { headers: { Cookie: cookiesFrom(res) } });
    results.push({ signIn: res.status, me: me.status });
  }
  return results;
}

/*
 * What the command answers, asserted as the process tests did when they started it for each
 * case, unchanged: the same arguments, environments and inputs, the same messages.
 * The runs of one test share its database, in order.
 */
describe("admin:create, in process", { timeout: 60_000 }, () => {
  it("explains its usage and creates nothing without --email or with a password too short", async () => {
    const dataDir = tempDataDir("cli");
    const none = await runAdminCreateInProcess([], { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "correct-horse-1" });
    expect(none.code).toBe(1);
    expect(none.output).toContain("--email is required");
    expect(none.output).toContain("Usage: npm run admin:create");
    const short = await runAdminCreateInProcess(["--email", "a@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "short" });
    expect(short.code).toBe(1);
    expect(short.output).toContain("ADMIN_PASSWORD: must be at least 8 characters");
    const shortPiped = await runAdminCreateInProcess(["--email", "a@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" }, { stdin: "short\n" });
    expect(shortPiped.code).toBe(1);
    expect(shortPiped.output).toContain("the password read from standard input: must be at least 8 characters");
  });

  it("says clearly that no password was given when ADMIN_PASSWORD is unset and standard input is empty and no terminal", async () => {
    const dataDir = tempDataDir("cli");
    const run = await runAdminCreateInProcess(["--email", "nobody@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("no password given: ADMIN_PASSWORD is not set, standard input is not a terminal");
    const emptyLine = await runAdminCreateInProcess(["--email", "nobody@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" }, { stdin: "\n" });
    expect(emptyLine.code).toBe(1);
    expect(emptyLine.output).toContain("no password given");
  });

  it("refuses a password on the command line, without echoing it, and creates nothing", async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.dispose());
    const env = { DATA_DIR: tempDataDir("cli"), DATABASE_URL: "" };
    for (const args of [
      ["--email", "flag@example.com", "--password", "hunter2-on-the-command-line"],
      ["--email", "flag@example.com", "--password=hunter2-on-the-command-line"],
      // A password typed after a misspelt option lands as a stray argument.
      ["--email", "flag@example.com", "hunter2-on-the-command-line"],
    ]) {
      const run = await runAdminCreateInProcess(args, { ...env, ADMIN_PASSWORD: "correct-horse-1" }, { database });
      expect(run.code, run.output).toBe(1);
      expect(run.output).not.toContain("hunter2");
    }
    const flag = await runAdminCreateInProcess(["--email", "flag@example.com", "--password", "hunter2-on-the-command-line"], env, { database });
    expect(flag.output).toContain("--password is no longer accepted");
    expect(flag.output).toContain("ADMIN_PASSWORD");
    // Nothing was created: the account is new to a later run, which sets its own password.
    const later = await runAdminCreateInProcess(["--email", "flag@example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-1" }, { database });
    expect(later.output).toContain("Created user flag@example.com");
  });

  it("takes the password from ADMIN_PASSWORD or from one line on a pipe, and the account signs in with it", async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.dispose());
    const env = { DATA_DIR: tempDataDir("cli"), DATABASE_URL: "" };
    const fromEnv = await runAdminCreateInProcess(["--email", "env@example.com"], { ...env, ADMIN_PASSWORD: "env password 1 " }, { database });
    expect(fromEnv.output).toContain("Created user env@example.com");
    expect(fromEnv.code).toBe(0);
    // Only the first line is the password (its CRLF ending removed); what follows is not read.
    const piped = await runAdminCreateInProcess(["--email", "pipe@example.com", "--role", "user"], env, { stdin: "piped password 2\r\nsecond line\n", database });
    expect(piped.output).toContain("Created user pipe@example.com");
    expect(piped.code).toBe(0);
    expect(fromEnv.output).not.toContain("env password");
    expect(piped.output).not.toContain("piped password");

    // The `user` role signs in but opens no part of the admin area (a moderator's opens the lead desk).
    expect(
      await signIn(database, [
        { email: "env@example.com", password: "env password 1 " },
        { email: "pipe@example.com", password: "piped password 2" },
      ]),
    ).toEqual([
      { signIn: 200, me: 200 },
      { signIn: 200, me: 403 },
    ]);
  });

  it("on a terminal: asks twice without echo for a new account, and not at all for an existing one", async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.dispose());
    const env = { DATA_DIR: tempDataDir("cli"), DATABASE_URL: "" };
    const differ = await runAdminCreateOnFakeTerminal(["--email", "tty@example.com"], env, ["typed-secret-1", "typed-secret-2", "typed-secret-3", "typed-secret-4", "x", "y"], database);
    expect(differ.output).toContain("The two passwords differ.");
    expect(differ.output).toContain("nothing was created");
    expect(differ.code).toBe(1);

    const created = await runAdminCreateOnFakeTerminal(["--email", "tty@example.com"], env, ["typed-secret-1", "typed-secret-1"], database);
    expect(created.prompts).toBe(2);
    expect(created.output).toContain("Password for the new account tty@example.com: ");
    expect(created.output).toContain("Created user tty@example.com");
    expect(created.code).toBe(0);
    for (const run of [differ, created]) expect(run.output).not.toContain("typed-secret");

    const again = await runAdminCreateOnFakeTerminal(["--email", "tty@example.com", "--role", "user"], env, [], database);
    expect(again.prompts).toBe(0);
    expect(again.output).not.toContain("Password for");
    expect(again.output).toContain("already existed; its password was left unchanged; gave it the user role");
    expect(again.code).toBe(0);

    expect(await signIn(database, [{ email: "tty@example.com", password: "typed-secret-1" }])).toEqual([{ signIn: 200, me: 200 }]);
  });

  it("creates an admin under its email in lower case, who signs in; a second run changes nothing", async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.dispose());
    const env = { DATA_DIR: tempDataDir("cli"), DATABASE_URL: "" };
    const created = await runAdminCreateInProcess(["--email", "Owner@Example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-1" }, { database });
    expect(created.output).toContain("Created user owner@example.com");
    expect(created.output).toContain("gave it the admin role");
    expect(created.code).toBe(0);
    const again = await runAdminCreateInProcess(["--email", "owner@example.com"], { ...env, ADMIN_PASSWORD: "other-password" }, { database });
    expect(again.code).toBe(0);
    expect(again.output).toContain("already existed; its password was left unchanged; it already had the admin role");
    expect(await signIn(database, [{ email: "owner@example.com", password: "correct-horse-1" }])).toEqual([{ signIn: 200, me: 200 }]);
  });
});

/**
 * A DATABASE_URL that is refused or cannot connect: what the command prints never holds the URL's
 * password (docs/decisions/0606, 0612). Every password here contains "ter2". The server's start
 * with the same URLs: tests/unit/database-url-secrets.test.ts and tests/process/server-lifecycle.test.ts.
 */
describe("admin:create with a refused or unreachable DATABASE_URL", () => {
  const SECRET = "ter2";
  const create = (url: string) => runAdminCreateInProcess(["--email", "owner@example.com"], { DATABASE_URL: url, DATA_DIR: tempDataDir("secrets"), PORT: "0", ADMIN_PASSWORD: "correct-horse-1" });

  it("is refused by the configuration without its password, also when the password holds /, @ or a space", async () => {
    for (const url of [
      "postgres://site:hunter2@db internal:5432/site",
      "postgres://site:hunter2@db.internal:99999/site",
      "postgres://site:hun#ter2@db.internal:5432/site",
      "mysql://site:hunter2@db.internal/site",
    ]) {
      const cli = await create(url);
      expect(cli.code, url).toBe(1);
      expect(cli.output, url).toContain("DATABASE_URL:");
      expect(cli.output, url).not.toContain(SECRET);
    }
    for (const url of ["postgres://site:hun/ter2@db.internal/site", "postgres://site:hun@ter2@db.internal:port/site", "postgres://site:hun ter2@db internal:5432/site"]) {
      const cli = await create(url);
      expect(cli.code, url).toBe(1);
      expect(cli.output, url).toContain("DATABASE_URL: must be a URL");
      expect(cli.output, url).not.toContain(SECRET);
    }
  });

  it("cannot connect (nothing listens, no such host) and says so without its password", async () => {
    for (const url of [`postgres://site:hunter2@127.0.0.1:${await freePort()}/site`, "postgres://site:hunter2@no-such-host.invalid:5432/site"]) {
      const cli = await create(url);
      expect(cli.code, url).toBe(1);
      expect(cli.output, url).toContain("could not open the database");
      expect(cli.output, url).not.toContain(SECRET);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("with a wrong password says so without the password", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.password = "wrong-hunter2";
    const cli = await create(url.toString());
    expect(cli.code).toBe(1);
    expect(cli.output).toContain("password authentication failed");
    expect(cli.output).not.toContain(SECRET);
  });
});
