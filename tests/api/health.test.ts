import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("reports the database as reachable", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: "ok", database: { kind: t.database.kind, reachable: true } });
  });

  it("reports 503 when the database does not answer", async () => {
    const down = await createTestApp();
    await down.close();
    const res = await down.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "degraded", database: { reachable: false } });
  });
});

describe("GET /api/ready", () => {
  it("is ready when the database answers and every migration is applied", async () => {
    const res = await t.app.request("/api/ready");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ready).toBe(true);
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
  });

  it("is not ready when a migration is missing", async () => {
    const t2 = await createTestApp();
    try {
      await t2.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
      const res = await t2.app.request("/api/ready");
      expect(res.status).toBe(503);
      expect((await res.json()).ready).toBe(false);
    } finally {
      await t2.close();
    }
  });

  it("is not ready when the database is down", async () => {
    const down = await createTestApp();
    await down.close();
    const res = await down.app.request("/api/ready");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ready: false, database: { reachable: false } });
  });
});

describe("request logging", () => {
  it("echoes a request id and logs method, path without query, status and duration", async () => {
    const lines: Record<string, unknown>[] = [];
    const { default: pino } = await import("pino");
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const t3 = await createTestApp({}, { logger });
    try {
      const res = await t3.app.request("/api/health?email=someone@example.com", { headers: { "x-request-id": "req-12345678" } });
      expect(res.headers.get("x-request-id")).toBe("req-12345678");
      const entry = lines.find((l) => l.msg === "request");
      expect(entry).toMatchObject({ requestId: "req-12345678", method: "GET", path: "/api/health", status: 200 });
      expect(typeof entry!.durationMs).toBe("number");
      expect(JSON.stringify(lines)).not.toContain("someone@example.com");
      const generated = await t3.app.request("/api/health", { headers: { "x-request-id": "<script>" } });
      expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t3.close();
    }
  });
});
