import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingInquiries } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://agents.example.com" });
});
afterAll(() => t.close());

const booking = {
  name: "Eve",
  job_title: "Owner",
  work_email: "eve@example.com",
  company_name: "Evil Corp",
  total_calls: 10,
  tcpa_consent: true,
  recaptchaToken: null,
};

async function rows() {
  const [r] = await t.database.db.select({ n: count() }).from(bookingInquiries);
  return r!.n;
}

describe("the API trusts only PUBLIC_URL's origin", () => {
  it.each(["https://evil.example", "null", "http://agents.example.com", "https://agents.example.com.evil.example"])(
    "refuses a lead POST from %s, stores nothing and sends no CORS header",
    async (origin) => {
      const before = await rows();
      const res = await t.app.request("/api/submit-booking", {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: "session=x" },
        body: JSON.stringify(booking),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, error: "Cross-origin requests are not allowed" });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(await rows()).toBe(before);
    },
  );

  it("refuses cross-origin preflights and credentialed reads", async () => {
    const preflight = await t.app.request("/api/submit-booking", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const read = await t.app.request("/api/admin/bookings", { headers: { origin: "https://evil.example", cookie: "x=y" } });
    expect(read.status).toBe(403);
    // The admin API refuses in its own envelope, without the public endpoints' success flag.
    expect(await read.json()).toEqual({ error: "Cross-origin requests are not allowed" });
    const sameSite = await t.app.request("/api/admin/roles", {
      method: "POST",
      headers: { "sec-fetch-site": "same-site", "content-type": "application/json", cookie: "x=y" },
      body: "{}",
    });
    expect(sameSite.status).toBe(403);
    expect(await sameSite.json()).toEqual({ error: "Cross-origin request refused" });
  });

  it("accepts the site's own origin and requests without one", async () => {
    const before = await rows();
    const own = await t.app.request("/api/submit-booking", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://agents.example.com" },
      body: JSON.stringify(booking),
    });
    expect(own.status).toBe(200);
    expect(await rows()).toBe(before + 1);
    expect((await t.app.request("/api/health")).status).toBe(200);
  });
});
