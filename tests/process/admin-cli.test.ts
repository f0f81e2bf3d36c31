import { describe, expect, it } from "vitest";
import { seededDataDir, spawnServer, tempDataDir } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { runAdminCreate } from "../support/admin-cli";

/** `npm run admin:create` against the embedded database and (when DATABASE_URL is set) PostgreSQL. */
const runCli = runAdminCreate;

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

describe("admin:create", () => {
  it("explains its usage and creates nothing without both --email and --password", async () => {
    const dataDir = tempDataDir("cli");
    const none = await runCli([], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(none.code).toBe(1);
    expect(none.output).toContain("--email is required");
    expect(none.output).toContain("Usage: npm run admin:create");
    const short = await runCli(["--email", "a@example.com", "--password", "short"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(short.code).toBe(1);
    expect(short.output).toContain("--password: must be at least 8 characters");
  });

  it("on the embedded database: creates an admin who can sign in, and refuses while a server holds the data dir", async () => {
    // A copy of the migrated template: the first start on an empty folder is server-lifecycle's.
    const dataDir = await seededDataDir("cli");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const created = await runCli(["--email", "Owner@Example.com", "--password", "correct-horse-1"], env);
    expect(created.output).toContain("Created user owner@example.com");
    expect(created.output).toContain("gave it the admin role");
    expect(created.code).toBe(0);

    const server = await spawnServer({ dataDir, env: { DATABASE_URL: "", PUBLIC_URL: undefined } });
    try {
      const url = `http://localhost:${server.port}`;
      expect(await signInOverHttp(url, "owner@example.com", "correct-horse-1")).toEqual({ signIn: 200, me: 200 });
      const refused = await runCli(["--email", "second@example.com", "--password", "correct-horse-2"], env);
      expect(refused.code, `${refused.output}\n--- server output ---\n${server.output()}`).toBe(1);
      expect(refused.output).toMatch(/in use by a running server \(pid \d+/);
      expect(refused.output).toContain("Stop the server");
    } finally {
      await server.stop();
    }
    // Once the server has stopped, the same command works, and a second run changes nothing.
    expect((await runCli(["--email", "second@example.com", "--password", "correct-horse-2"], env)).code).toBe(0);
    const again = await runCli(["--email", "second@example.com", "--password", "other-password"], env);
    expect(again.code).toBe(0);
    expect(again.output).toContain("already existed; its password was left unchanged; it already had the admin role");
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL: works beside a running server", async () => {
    const pg = (await createPostgresDatabase())!;
    try {
      const env = { DATABASE_URL: pg.url };
      expect((await runCli(["--email", "pg-owner@example.com", "--password", "correct-horse-1"], env)).code).toBe(0);
      const server = await spawnServer({ env: { ...env, PUBLIC_URL: undefined } });
      try {
        const url = `http://localhost:${server.port}`;
        expect(await signInOverHttp(url, "pg-owner@example.com", "correct-horse-1")).toEqual({ signIn: 200, me: 200 });
        const beside = await runCli(["--email", "pg-mod@example.com", "--password", "correct-horse-2", "--role", "moderator"], env);
        expect(beside.code).toBe(0);
        expect(beside.output).toContain("gave it the moderator role");
        expect(await signInOverHttp(url, "pg-mod@example.com", "correct-horse-2")).toEqual({ signIn: 200, me: 403 });
      } finally {
        await server.stop();
      }
    } finally {
      await pg.drop();
    }
  });
});
