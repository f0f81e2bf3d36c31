import { Writable } from "node:stream";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { requestLog } from "../../server/http/request-log";

/** One line per request: pages and the API at info, hashed assets and accepted beacons at debug. */
function appWithLog() {
  const lines: { level: number; path: string; status: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Hono();
  app.use("*", requestLog(createLogger("debug", "production", stream)));
  app.get("/assets/app-1234abcd.js", (c) => c.text("js"));
  app.get("/pricing", (c) => c.text("page"));
  app.post("/api/events", (c) => (c.req.query("bad") ? c.json({ error: "no" }, 400) : c.body(null, 202)));
  return { app, lines };
}

const DEBUG = 20;
const INFO = 30;

describe("request log", () => {
  it("logs pages at info without their query, assets and accepted analytics beacons at debug, refused beacons at info", async () => {
    const { app, lines } = appWithLog();
    await app.request("/pricing?email=ada.lovelace%40example.com");
    await app.request("/assets/app-1234abcd.js");
    await app.request("/api/events", { method: "POST" });
    await app.request("/api/events?bad=1", { method: "POST" });
    expect(lines.map((l) => [l.path, l.status, l.level])).toEqual([
      ["/pricing", 200, INFO],
      ["/assets/app-1234abcd.js", 200, DEBUG],
      ["/api/events", 202, DEBUG],
      ["/api/events", 400, INFO],
    ]);
    // "ada" alone could be part of a random request id; the address cannot.
    expect(JSON.stringify(lines)).not.toContain("lovelace");
  });
});
