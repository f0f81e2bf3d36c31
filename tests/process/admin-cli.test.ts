import { describe, expect, it } from "vitest";
import { seededDataDir, spawnServer, tempDataDir } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { runAdminCreate, runAdminCreateOnTerminal } from "../support/admin-cli";

/** `npm run admin:create` against the embedded database and (when DATABASE_URL is set) PostgreSQL. */
const runCli = runAdminCreate;
const runCliOnTerminal = runAdminCreateOnTerminal;

async function signInOverHttp(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((l) => l.split(";")[0])
    .join("; ");
  const me = await fetch(`${baseUrl}/api/admin/me`, { headers: { Cookie: cookie } });
  return { signIn: res.status, me: me.status };
}

// Side by side: each test has its own data dir or database, and mostly waits on the commands it runs.
describe.concurrent("admin:create", () => {
  it("explains its usage and creates nothing without --email or with a password too short", async () => {
    const dataDir = tempDataDir("cli");
    const none = await runCli([], { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "correct-horse-1" });
    expect(none.code).toBe(1);
    expect(none.output).toContain("--email is required");
    expect(none.output).toContain("Usage: npm run admin:create");
    const short = await runCli(["--email", "a@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "short" });
    expect(short.code).toBe(1);
    expect(short.output).toContain("ADMIN_PASSWORD: must be at least 8 characters");
    const shortPiped = await runCli(["--email", "a@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" }, { stdin: "short\n" });
    expect(shortPiped.code).toBe(1);
    expect(shortPiped.output).toContain("the password read from standard input: must be at least 8 characters");
  });

  it("refuses a password on the command line, without echoing it, and creates nothing", async () => {
    const dataDir = await seededDataDir("cli");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    for (const args of [
      ["--email", "flag@example.com", "--password", "hunter2-on-the-command-line"],
      ["--email", "flag@example.com", "--password=hunter2-on-the-command-line"],
      // A password typed after a misspelt option lands as a stray argument.
      ["--email", "flag@example.com", "hunter2-on-the-command-line"],
    ]) {
      const run = await runCli(args, { ...env, ADMIN_PASSWORD: "correct-horse-1" });
      expect(run.code, run.output).toBe(1);
      expect(run.output).not.toContain("hunter2");
    }
    const flag = await runCli(["--email", "flag@example.com", "--password", "hunter2-on-the-command-line"], env);
    expect(flag.output).toContain("--password is no longer accepted");
    expect(flag.output).toContain("ADMIN_PASSWORD");
    // Nothing was created: the account is new to a later run, which sets its own password.
    const later = await runCli(["--email", "flag@example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-1" });
    expect(later.output).toContain("Created user flag@example.com");
  });

  it("says clearly that no password was given when ADMIN_PASSWORD is unset and standard input is empty and no terminal", async () => {
    const dataDir = tempDataDir("cli");
    const run = await runCli(["--email", "nobody@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("no password given: ADMIN_PASSWORD is not set, standard input is not a terminal");
    const emptyLine = await runCli(["--email", "nobody@example.com"], { DATA_DIR: dataDir, DATABASE_URL: "" }, { stdin: "\n" });
    expect(emptyLine.code).toBe(1);
    expect(emptyLine.output).toContain("no password given");
  });

  it("takes the password from ADMIN_PASSWORD or from one line on a pipe, and the account signs in with it", async () => {
    const dataDir = await seededDataDir("cli");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const fromEnv = await runCli(["--email", "env@example.com"], { ...env, ADMIN_PASSWORD: "env password 1 " });
    expect(fromEnv.output).toContain("Created user env@example.com");
    expect(fromEnv.code).toBe(0);
    // Only the first line is the password (its CRLF ending removed); what follows is not read.
    const piped = await runCli(["--email", "pipe@example.com", "--role", "user"], env, { stdin: "piped password 2\r\nsecond line\n" });
    expect(piped.output).toContain("Created user pipe@example.com");
    expect(piped.code).toBe(0);
    expect(fromEnv.output).not.toContain("env password");
    expect(piped.output).not.toContain("piped password");

    const server = await spawnServer({ dataDir, env: { DATABASE_URL: "", PUBLIC_URL: undefined } });
    try {
      const url = `http://localhost:${server.port}`;
      expect(await signInOverHttp(url, "env@example.com", "env password 1 ")).toEqual({ signIn: 200, me: 200 });
      // The `user` role signs in but opens no part of the admin area (a moderator's opens the lead desk).
      expect(await signInOverHttp(url, "pipe@example.com", "piped password 2")).toEqual({ signIn: 200, me: 403 });
    } finally {
      await server.stop();
    }
  });

  it("on a terminal: asks twice without echo for a new account, and not at all for an existing one", async () => {
    const dataDir = await seededDataDir("cli");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const differ = await runCliOnTerminal(["--email", "tty@example.com"], env, ["typed-secret-1", "typed-secret-2", "typed-secret-3", "typed-secret-4", "x", "y"]);
    expect(differ.output).toContain("The two passwords differ.");
    expect(differ.output).toContain("nothing was created");
    expect(differ.code).toBe(1);

    const created = await runCliOnTerminal(["--email", "tty@example.com"], env, ["typed-secret-1", "typed-secret-1"]);
    expect(created.prompts).toBe(2);
    expect(created.output).toContain("Password for the new account tty@example.com: ");
    expect(created.output).toContain("Created user tty@example.com");
    expect(created.code).toBe(0);
    for (const run of [differ, created]) expect(run.output).not.toContain("typed-secret");

    const again = await runCliOnTerminal(["--email", "tty@example.com", "--role", "user"], env, []);
    expect(again.prompts).toBe(0);
    expect(again.output).not.toContain("Password for");
    expect(again.output).toContain("already existed; its password was left unchanged; gave it the user role");
    expect(again.code).toBe(0);

    const server = await spawnServer({ dataDir, env: { DATABASE_URL: "", PUBLIC_URL: undefined } });
    try {
      expect(await signInOverHttp(`http://localhost:${server.port}`, "tty@example.com", "typed-secret-1")).toEqual({ signIn: 200, me: 200 });
    } finally {
      await server.stop();
    }
  });

  it("on the embedded database: creates an admin who can sign in, and refuses while a server holds the data dir", async () => {
    // A copy of the migrated template: the first start on an empty folder is server-lifecycle's.
    const dataDir = await seededDataDir("cli");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const created = await runCli(["--email", "Owner@Example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-1" });
    expect(created.output).toContain("Created user owner@example.com");
    expect(created.output).toContain("gave it the admin role");
    expect(created.code).toBe(0);

    const server = await spawnServer({ dataDir, env: { DATABASE_URL: "", PUBLIC_URL: undefined } });
    try {
      const url = `http://localhost:${server.port}`;
      expect(await signInOverHttp(url, "owner@example.com", "correct-horse-1")).toEqual({ signIn: 200, me: 200 });
      const refused = await runCli(["--email", "second@example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-2" });
      expect(refused.code, `${refused.output}\n--- server output ---\n${server.output()}`).toBe(1);
      expect(refused.output).toMatch(/in use by a running server \(pid \d+/);
      expect(refused.output).toContain("Stop the server");
    } finally {
      await server.stop();
    }
    // Once the server has stopped, the same command works, and a second run changes nothing.
    expect((await runCli(["--email", "second@example.com"], env, { stdin: "correct-horse-2\n" })).code).toBe(0);
    const again = await runCli(["--email", "second@example.com"], { ...env, ADMIN_PASSWORD: "other-password" });
    expect(again.code).toBe(0);
    expect(again.output).toContain("already existed; its password was left unchanged; it already had the admin role");
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL: works beside a running server", async () => {
    const pg = (await createPostgresDatabase())!;
    try {
      const env = { DATABASE_URL: pg.url };
      expect((await runCli(["--email", "pg-owner@example.com"], { ...env, ADMIN_PASSWORD: "correct-horse-1" })).code).toBe(0);
      const server = await spawnServer({ env: { ...env, PUBLIC_URL: undefined } });
      try {
        const url = `http://localhost:${server.port}`;
        expect(await signInOverHttp(url, "pg-owner@example.com", "correct-horse-1")).toEqual({ signIn: 200, me: 200 });
        const beside = await runCli(["--email", "pg-mod@example.com", "--role", "moderator"], env, { stdin: "correct-horse-2\n" });
        expect(beside.code).toBe(0);
        expect(beside.output).toContain("gave it the moderator role");
        // A moderator opens the lead desk (docs/decisions/0204), so its session check answers 200.
        expect(await signInOverHttp(url, "pg-mod@example.com", "correct-horse-2")).toEqual({ signIn: 200, me: 200 });
      } finally {
        await server.stop();
      }
    } finally {
      await pg.drop();
    }
  });
});
