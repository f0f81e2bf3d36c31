import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../server/app";
import { bookingInquiries } from "../../server/db/schema";
import { normalizeIp, rateLimitKeyOf } from "../../server/http/client-ip";
import { capturedLogger as capturedLoggerAt } from "../support/captured-logger";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingBody } from "./leads-support";

/**
 * Which address a lead counts against (docs/decisions/0102): the per-address limit must not be
 * dodged by rotating through one IPv6 /64, nor shared by every visitor whose proxy writes a port.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "3" });
});
afterAll(() => t.close());

let n = 0;
/** A booking from `forwarded` (x-forwarded-for) or, without it, from a socket at `socket`. */
async function book(options: { forwarded?: string; socket?: string }) {
  const email = `visitor-${n++}@example.com`;
  const res = await t.app.request(
    "/api/submit-booking",
    {
      method: "POST",
      headers: { "content-type": "application/json", ...(options.forwarded ? { "x-forwarded-for": options.forwarded } : {}) },
      body: JSON.stringify(bookingBody({ work_email: email })),
    },
    options.socket ? { incoming: { socket: { remoteAddress: options.socket, remotePort: 50_000 } } } : undefined,
  );
  return { status: res.status, email };
}

async function storedIp(email: string) {
  const [row] = await t.database.db.select({ ip: bookingInquiries.clientIp }).from(bookingInquiries).where(eq(bookingInquiries.workEmail, email));
  return row?.ip;
}

describe("the per-address lead limit's key", () => {
  it("counts 12 addresses of one IPv6 /64 as one visitor, and keeps each full address as evidence", async () => {
    const answers = [];
    for (let i = 1; i <= 12; i++) answers.push(await book({ forwarded: `2001:db8:aa:bb::${i.toString(16)}` }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, ...Array(9).fill(429)]);
    expect(await storedIp(answers[1]!.email)).toBe("2001:db8:aa:bb::2");
    // The next /64 is someone else.
    expect((await book({ forwarded: "2001:db8:aa:bc::1" })).status).toBe(200);
  });

  it("strips the port a proxy writes (IPv4 and bracketed IPv6): each visitor keeps its own bucket", async () => {
    const first = [];
    for (const port of [5678, 5679, 5680]) first.push(await book({ forwarded: `198.51.100.31:${port}` }));
    expect(first.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await storedIp(first[0]!.email)).toBe("198.51.100.31");
    // The same visitor without a port, or on another port, is the same bucket...
    expect((await book({ forwarded: "198.51.100.31" })).status).toBe(429);
    // ...and another visitor behind the same proxy is not in it (before: every ported address fell
    // back to the proxy's own address, one bucket for all of them).
    expect((await book({ forwarded: "198.51.100.32:5678" })).status).toBe(200);

    const v6 = [];
    for (let i = 0; i < 4; i++) v6.push(await book({ forwarded: `[2001:db8:cc::${i + 1}]:443` }));
    expect(v6.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(await storedIp(v6[0]!.email)).toBe("2001:db8:cc::1");
    expect((await book({ forwarded: "[2001:db8:dd::1]:443" })).status).toBe(200);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address, forwarded or from the socket", async () => {
    const mapped = [];
    for (let i = 0; i < 3; i++) mapped.push(await book({ forwarded: "::ffff:192.0.2.44" }));
    expect(mapped.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await storedIp(mapped[0]!.email)).toBe("192.0.2.44");
    expect((await book({ forwarded: "192.0.2.44" })).status).toBe(429);

    // Without the proxy's header the socket's address counts, normalised the same way (a
    // dual-stack socket reports IPv4 visitors as ::ffff:a.b.c.d).
    const statuses = [];
    for (const socket of ["::ffff:192.0.2.45", "192.0.2.45", "::ffff:c000:22d", "192.0.2.45"]) statuses.push((await book({ socket })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await book({ socket: "::ffff:192.0.2.46" })).status).toBe(200);
  });
});

/** A logger as the server makes it, keeping its JSON lines. */
function capturedLogger() {
  const { logger, text, records } = capturedLoggerAt("info");
  // Warnings about the proxy header (better-auth warns of its own about an unknown account).
  const warnings = () =>
    (records() as { level: number; msg: string; header?: string }[]).filter((record) => record.level === 40 && record.msg.includes("TRUST_PROXY_HEADER"));
  return { logger, text, warnings };
}

describe("a wrong TRUST_PROXY_HEADER is logged (docs/decisions/0102)", () => {
  /** This test file's app and database, with TRUST_PROXY_HEADER as given and its own captured logger. */
  function appWith(trustProxyHeader: string | undefined) {
    const log = capturedLogger();
    // A secret of its own, or better-auth's development-secret warning would be in the log too.
    const config = { ...t.config, trustProxyHeader, authSecret: "a-test-secret-of-at-least-32-characters" };
    const app = createApp({ ...t.deps, config, logger: log.logger, auth: undefined });
    return { app, ...log };
  }
  const post = (app: ReturnType<typeof createApp>, path: string, headers: Record<string, string>, body: unknown, socket?: string) =>
    app.request(
      path,
      { method: "POST", headers: { "content-type": "application/json", origin: "http://localhost:3000", ...headers }, body: JSON.stringify(body) },
      socket ? { incoming: { socket: { remoteAddress: socket, remotePort: 50_000 } } } : undefined,
    );
  const lead = (i: number) => bookingBody({ work_email: `proxied-${n++}-${i}@example.com` });

  it("warns once, naming no address, when requests carry a forwarded-for header while TRUST_PROXY_HEADER is unset", async () => {
    const sent = [
      ["x-forwarded-for", "198.51.100.61", "/api/submit-booking"],
      ["forwarded", "for=198.51.100.62;proto=https", "/api/contact"],
      ["x-real-ip", "198.51.100.63", "/api/submit-booking"],
      ["x-forwarded-for", "198.51.100.64", "/api/auth/sign-in/email"],
    ] as const;
    for (const [header, value, path] of sent) {
      const { app, warnings, text } = appWith(undefined);
      // Without such a header: a client that reaches us directly, nothing to say.
      await post(app, "/api/submit-booking", {}, lead(0), "192.0.2.80");
      expect(warnings().map((w) => w.msg)).toEqual([]);

      const body = path === "/api/auth/sign-in/email" ? { email: "nobody@example.com", password: "not-it-1" } : lead(1);
      for (let i = 0; i < 3; i++) await post(app, path, { [header]: value }, body, "192.0.2.81");
      await post(app, "/api/submit-booking", { "x-forwarded-for": "198.51.100.65", "x-real-ip": "198.51.100.66" }, lead(2), "192.0.2.82");
      const logged = warnings();
      expect(logged.map((w) => w.msg), `${header} on ${path}`).toHaveLength(1);
      expect(logged[0]).toMatchObject({ header });
      expect(logged[0]!.msg).toMatch(/TRUST_PROXY_HEADER is unset/);
      expect(logged[0]!.msg).toMatch(/every visitor may share one rate-limit bucket/);
      expect(logged[0]!.msg).toMatch(/Set TRUST_PROXY_HEADER to the header the proxy writes/);
      expect(text()).not.toMatch(/198\.51\.100\.|192\.0\.2\./);
    }
  });

  it("warns once when TRUST_PROXY_HEADER is set but a request comes without an address in that header", async () => {
    const { app, warnings, text } = appWith("x-forwarded-for");
    await post(app, "/api/submit-booking", { "x-forwarded-for": "198.51.100.70" }, lead(0));
    expect(warnings().map((w) => w.msg)).toEqual([]);
    await post(app, "/api/submit-booking", {}, lead(1), "192.0.2.90");
    await post(app, "/api/submit-booking", { "x-forwarded-for": "not-an-address" }, lead(2), "192.0.2.91");
    await post(app, "/api/auth/sign-in/email", {}, { email: "nobody@example.com", password: "not-it-1" }, "192.0.2.92");
    const logged = warnings();
    expect(logged.map((w) => w.msg)).toHaveLength(1);
    expect(logged[0]).toMatchObject({ header: "x-forwarded-for" });
    expect(logged[0]!.msg).toMatch(/reached this server without passing the proxy/);
    expect(text()).not.toMatch(/198\.51\.100\.|192\.0\.2\./);
  });
});

describe("normalizeIp and rateLimitKeyOf", () => {
  it("reads addresses as proxies and sockets write them, and refuses what is no address", () => {
    expect(normalizeIp("203.0.113.9:8080")).toBe("203.0.113.9");
    expect(normalizeIp("[2001:DB8:0:0::1]:443")).toBe("2001:db8::1");
    expect(normalizeIp("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeIp("::ffff:203.0.113.9")).toBe("203.0.113.9");
    for (const bad of ["", "unknown", "203.0.113.9.1", "[203.0.113.9]x", "2001:db8::1::2", "1.2.3.4%eth0"]) expect(normalizeIp(bad)).toBeNull();
    expect(rateLimitKeyOf("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKeyOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyOf("2001:db8::1")).toBe("2001:db8::/64");
  });
});
