import { afterAll, describe, expect, it } from "vitest";
import { runServerToExit, spawnServer, tempDataDir, type SpawnedServer } from "../support/spawn-server";

const started: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.kill()));
});

// These tests are about the embedded database's data dir, so they never use DATABASE_URL.
const embedded = { DATABASE_URL: undefined };

// Each test starts one to three real servers: allow for a loaded 2-core machine (the servers'
// own health wait is 90 s) instead of the default 30 s.
describe("server process", { timeout: 120_000 }, () => {
  it("refuses to start a second server on the same data dir, with a clear message, and leaves the first one working", async () => {
    // A first start on an empty folder (initdb and migrations); the other tests start from a copy
    // of the migrated template (see tests/support/pglite-templates.ts).
    const first = await spawnServer({ env: embedded, fresh: true });
    started.push(first);
    const second = await runServerToExit({ ...embedded, DATA_DIR: first.dataDir, PORT: "0" });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`The embedded database in ${first.dataDir} is in use by another process`);
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", database: { reachable: true } });
  });

  it("shuts down cleanly on SIGTERM (exit 0) and releases the data dir for the next start", async () => {
    const server = await spawnServer({ env: embedded });
    expect(await server.stop()).toBe(0);
    const again = await spawnServer({ env: embedded, dataDir: server.dataDir });
    started.push(again);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  });

  it("takes over the lock left by a server killed with SIGKILL", async () => {
    const server = await spawnServer({ env: embedded });
    await server.kill();
    const again = await spawnServer({ env: embedded, dataDir: server.dataDir });
    started.push(again);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
  });

  it("stops at start-up with a message naming a wrong variable", async () => {
    const { code, output } = await runServerToExit({ ...embedded, DATA_DIR: tempDataDir(), PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot start: Invalid configuration:\n\s+PORT: /);
  });

  it("says so when DATABASE_URL points at no database", async () => {
    const { code, output } = await runServerToExit({ DATABASE_URL: "postgres://nobody:x@127.0.0.1:1/none", PORT: "0" });
    expect(code).toBe(1);
    expect(output).toContain("Could not open the PostgreSQL database (DATABASE_URL)");
  });
});
