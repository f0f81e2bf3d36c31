import http from "node:http";
import type { AddressInfo } from "node:net";
import { count } from "drizzle-orm";
import { bookingInquiries, contactRequests, leadOutbox } from "../../server/db/schema";
import { bookingValues, contactValues } from "../support/lead-values";
import type { TestApp } from "../support/test-app";

/** A valid booking-dialog body (docs/product.md#booking-submit). */
export function bookingBody(overrides: Record<string, unknown> = {}) {
  return { ...bookingValues, recaptchaToken: null, ...overrides };
}

/** A valid enterprise-form body: ai_goal, total_calls null. */
export function enterpriseBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Grace Hopper",
    job_title: "VP Operations",
    work_email: "grace@example.com",
    company_name: "Compilers Inc",
    ai_goal: "Answer every support call within seconds",
    total_calls: null,
    tcpa_consent: true,
    recaptchaToken: null,
    ...overrides,
  };
}

export function contactBody(overrides: Record<string, unknown> = {}) {
  return { ...contactValues, ...overrides };
}

export function postJson(app: TestApp["app"], path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function leadCounts(testApp: TestApp) {
  const { db } = testApp.database;
  const [b] = await db.select({ n: count() }).from(bookingInquiries);
  const [c] = await db.select({ n: count() }).from(contactRequests);
  const [o] = await db.select({ n: count() }).from(leadOutbox);
  return { bookings: Number(b!.n), contacts: Number(c!.n), outbox: Number(o!.n) };
}

/** A local HTTP server whose handler the test sets; records every request body. */
export async function startHttpServer(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const requests: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      requests.push({ headers: req.headers, body });
      handler(req, body, res);
    });
  });
  // Idle connections kept past the client's own reuse window (undici: 4 s), as our server does:
  // with Node's 5 s default, a timer late on a busy machine let the client reuse a connection the
  // fake had just closed (ECONNRESET, a failed delivery no test asked for).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
