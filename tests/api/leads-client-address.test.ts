import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bookingInquiries } from "../../server/db/schema";
import { normalizeIp, rateLimitKeyOf } from "../../server/http/client-ip";
import { createTestApp, type TestApp } from "../support/test-app";
import { bookingBody } from "./leads-support";

/**
 * Which address a lead counts against (docs/decisions/0603): the per-address limit must not be
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
