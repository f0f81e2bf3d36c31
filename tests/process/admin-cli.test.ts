import { describe, expect, it } from "vitest";
import { seededDataDir, spawnServer } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { runAdminCreate, runAdminCreateOnTerminal } from "../support/admin-cli";
import { cookiesFrom } from "../support/cookies";

/** `npm run admin:create` against the embedded database and (when DATABASE_URL is set) PostgreSQL. */
const runCli = runAdminCreate;
const runCliOnTerminal = runAdminCreateOnTerminal;

async function signInOverHttp(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const me = await fetch(`${baseUrl}/api/admin/me`, { headers: { Cookie: cookiesFrom(res) } });
  return { signIn: res.status, me: me.status };
}

/*
 * The real command as a deployment runs it: its exit codes, a real terminal, its opening of the
 * embedded database and that database's lock against a running server. What it answers to its
 * arguments and inputs (usage, password sources and rules, messages) is tested in process, on the
 * same code: tests/api/admin-create.test.ts.
 */
describe.concurrent("admin:create", () => {
  it("on the embedded database: asks on a terminal without echo, creates an admin who can sign in, and works through a running server", async () => {
    // A copy of the migrated template: the first start on an empty folder is server-lifecycle's.
    const dataDir = await seededDataDir("cli");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const created = await runCliOnTerminal(["--email", "tty@example.com"], env, ["typed-secret-1", "typed-secret-1"]);
    expect(created.prompts).toBe(2);
    expect(created.output).toContain("Password for the new account tty@example.com: ");
    expect(created.output).toContain("Created user tty@example.com");
    expect(created.output).toContain("gave it the admin role");
    expect(created.output).not.toContain("typed-secret");
    expect(created.code).toBe(0);

    const server = await spawnServer({ dataDir, env: { DATABASE_URL: "", PUBLIC_URL: undefined } });
    try {
      const url = `http://localhost:${server.port}`;
      expect(await signInOverHttp(url, "tty@example.com", "typed-secret-1")).toEqual({ signIn: 200, me: 200 });
      // While the server holds the database, the command asks it to do the work (issue: the first
      // account without stopping the site), with the same password rules and result.
      const beside = await runCli(["--email", "second@example.com", "--role", "moderator"], { ...env, ADMIN_PASSWORD: "correct-horse-2" });
      expect(beside.code, `${beside.output}\n--- server output ---\n${server.output()}`).toBe(0);
      expect(beside.output).toMatch(/Created user second@example\.com .*gave it the moderator role\. \[embedded database in .*, through the running server \(pid \d+\)\]/);
      expect(await signInOverHttp(url, "second@example.com", "correct-horse-2")).toEqual({ signIn: 200, me: 200 });
      const asked = await runCliOnTerminal(["--email", "third@example.com"], env, ["typed-secret-3", "typed-secret-3"]);
      expect(asked.prompts, asked.output).toBe(2);
      expect(asked.code, asked.output).toBe(0);
      expect(await signInOverHttp(url, "third@example.com", "typed-secret-3")).toEqual({ signIn: 200, me: 200 });
      const weak = await runCli(["--email", "fourth@example.com"], env, { stdin: "short\n" });
      expect(weak.code).toBe(1);
      expect(weak.output).toContain("must be at least");
      expect(server.output()).not.toMatch(/correct-horse|typed-secret|short/);
    } finally {
      await server.stop();
    }
    // With no server running, the command opens the database itself, as before.
    const alone = await runCli(["--email", "fifth@example.com"], env, { stdin: "correct-horse-5\n" });
    expect(alone.code, alone.output).toBe(0);
    expect(alone.output).not.toContain("through the running server");
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
