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
