import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";

const appWith = (env: Record<string, string>) => createTestApp(env, {}, { site: "lazy" });

const directives = (csp: string) =>
  Object.fromEntries(csp.split(/;\s*/).map((d) => {
    const [name, ...values] = d.split(" ");
    return [name, values];
  }));

describe("security headers, local http deployment, no third parties configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ PUBLIC_URL: "http://localhost:3000" });
  });
  afterAll(() => t.close());

  it("allows only our own scripts plus the page's inline scripts by hash", async () => {
    const res = await t.app.request("/pricing");
    const csp = res.headers.get("content-security-policy")!;
    const d = directives(csp);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]+?)<\/script>/g)].map(
      (m) => `'sha256-${crypto.createHash("sha256").update(m[1]!).digest("base64")}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    // The scheduler (Calendly by default) is the one third party always in use.
    expect(d["script-src"]).toEqual(["'self'", ...new Set(inline), "https://assets.calendly.com"]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    // Only the scheduler may be framed (the /book page embeds it).
    expect(d["frame-src"]).toEqual(["https://calendly.com"]);
    expect(csp).not.toContain("google");
    expect(csp).not.toContain("facebook");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it.each(["/", "/api/health", "/assets/does-not-exist.js", "/nope", "/admin/login", "/robots.txt"])(
    "%s carries the common headers",
    async (p) => {
      const res = await t.app.request(p);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    },
  );

  it("forbids framing and separates cross-origin windows on every answer: X-Frame-Options, frame-ancestors, COOP", async () => {
    const requests: [string, RequestInit?][] = [
      ["/"],
      ["/pricing"],
      ["/admin/login"],
      ["/admin/leads"],
      ["/nope"],
      ["/pricing/"],
      ["/assets/does-not-exist.js"],
      ["/robots.txt"],
      ["/", { method: "HEAD" }],
      ["/api/health"],
      ["/api/nope"],
      ["/api/admin/me"],
      ["/api/contact", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }],
      ["/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json", origin: "http://localhost:3000" }, body: "{}" }],
      ["/contact", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" }, body: "name=" }],
    ];
    // A revalidated page (304) too.
    const etag = (await t.app.request("/pricing")).headers.get("etag");
    expect(etag).toBeTruthy();
    requests.push(["/pricing", { headers: { "if-none-match": etag! } }]);
    const statuses = [];
    for (const [path, init] of requests) {
      const res = await t.app.request(path, init);
      statuses.push(res.status);
      const label = `${init?.method ?? "GET"} ${path} (${res.status})`;
      // Clickjacking: neither old browsers (X-Frame-Options) nor new ones (CSP) may frame any answer.
      expect(res.headers.get("x-frame-options"), label).toBe("DENY");
      expect(directives(res.headers.get("content-security-policy") ?? "")["frame-ancestors"], label).toEqual(["'none'"]);
      // A page that opens ours in a window gets no handle on it; our scheduler popup keeps its own.
      expect(res.headers.get("cross-origin-opener-policy"), label).toBe("same-origin-allow-popups");
    }
    // Pages, a redirect, a revalidation and refusals were all among them.
    expect(statuses).toEqual(expect.arrayContaining([200, 304, 401, 404, 415]));
    expect(statuses.some((status) => status >= 301 && status <= 308 && status !== 304)).toBe(true);
  });

  it("locks API answers down completely", async () => {
    const res = await t.app.request("/api/health");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("security headers, https deployment with bot check and tags configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({
      PUBLIC_URL: "https://agents.example.com",
      RECAPTCHA_SITE_KEY: "site",
      RECAPTCHA_SECRET_KEY: "secret",
      GTM_ID: "GTM-TEST",
      META_PIXEL_ID: "123",
      ENTERPRISE_SCHEDULER_URL: "https://scheduler.example.net/enterprise",
    });
  });
  afterAll(() => t.close());

  it("adds exactly the configured third-party hosts and HSTS", async () => {
    const res = await t.app.request("/");
    const d = directives(res.headers.get("content-security-policy")!);
    expect(d["script-src"]).toEqual(
      expect.arrayContaining([
        "https://www.google.com/recaptcha/",
        "https://www.gstatic.com/recaptcha/",
        "https://www.googletagmanager.com",
        "https://connect.facebook.net",
        "https://assets.calendly.com",
      ]),
    );
    expect(d["frame-src"]).toEqual(
      expect.arrayContaining(["https://calendly.com", "https://scheduler.example.net", "https://www.google.com/recaptcha/"]),
    );
    expect(d["upgrade-insecure-requests"]).toEqual([]);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});
