import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { freePort, runServerToExit, spawnServer, tempDataDir, type SpawnedServer } from "../support/spawn-server";

const started: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.kill()));
});

// These tests are about the embedded database's data dir, so they never use DATABASE_URL.
const embedded = { DATABASE_URL: undefined };

const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

// Each test starts one to three real servers: allow for a loaded 2-core machine (the servers'
// own health wait is 90 s) instead of the default 30 s.
describe("server process", { timeout: 120_000 }, () => {
  // One data dir through a server's life, each step on what the one before left: a first start,
  // a second server refused beside it, a clean stop, a start after it, a kill, a start after that.
  it("holds its data dir: refuses a second server with a clear message, releases it on SIGTERM (exit 0), takes over the lock of one killed with SIGKILL", async () => {
    // A first start on an empty folder (initdb and migrations); other process tests start from a
    // copy of the migrated template (see tests/support/pglite-templates.ts).
    const first = await spawnServer({ env: { ...embedded, PUBLIC_URL: ORIGIN }, fresh: true });
    started.push(first);
    const second = await runServerToExit({ ...embedded, DATA_DIR: first.dataDir, PORT: "0" });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`The embedded database in ${first.dataDir} is in use by another process`);
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", database: { reachable: true } });

    // Funnel events wait in memory and are written about once a second: those accepted just
    // before SIGTERM are written by the stop, not lost with the process.
    const events = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${first.url}/api/events`, {
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, origin: ORIGIN },
          body: JSON.stringify({ name: "page_view", path: "/pricing" }),
        }),
      ),
    );
    expect(events.map((res) => res.status)).toEqual(Array(20).fill(202));

    // SIGTERM: exit 0, what was buffered written, and the data dir free for the next start.
    expect(await first.stop()).toBe(0);
    const database = await openDatabase({ kind: "pglite", dataDir: first.dataDir });
    try {
      const { rows } = await database.db.execute<{ events: number }>(sql`select count(*)::int as events from analytics_events`);
      expect(rows[0]!.events).toBe(20);
    } finally {
      await database.close();
    }
    const afterStop = await spawnServer({ env: embedded, dataDir: first.dataDir });
    started.push(afterStop);
    expect((await fetch(`${afterStop.url}/api/health`)).status).toBe(200);

    // SIGKILL leaves the lock behind; the next start takes it over.
    await afterStop.kill();
    const afterKill = await spawnServer({ env: embedded, dataDir: first.dataDir });
    started.push(afterKill);
    expect((await fetch(`${afterKill.url}/api/health`)).status).toBe(200);
  });

  it("stops at start-up with a message naming a wrong variable", async () => {
    const { code, output } = await runServerToExit({ ...embedded, DATA_DIR: tempDataDir(), PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: Invalid configuration:\n\s+PORT: /);
  });

  // What is printed for other refused or unreachable URLs: tests/unit/database-url-secrets.test.ts.
  it("says so when DATABASE_URL points at no database, without the URL's password", async () => {
    const { code, output } = await runServerToExit({ DATABASE_URL: `postgres://site:hunter2@127.0.0.1:${await freePort()}/site`, PORT: "0", DATA_DIR: tempDataDir("secrets") });
    expect(code).toBe(1);
    expect(output).toContain("Could not open the PostgreSQL database (DATABASE_URL)");
    expect(output).not.toContain("ter2");
  });
});
