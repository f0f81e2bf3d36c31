import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "@playwright/test";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { openDatabase } from "../../server/db/client";

/**
 * The lead e2e specs run their own server (the real build and API) so they control its
 * configuration and can read what it stored: every lead it stores is announced to a local
 * webhook receiver by the real outbox worker (the payload is the stored row), and after the
 * server stops the spec opens its database to check the rows themselves.
 */
export const DEMO_SCHEDULER = "https://calendly.com/e2e-demo/30min";
export const ENTERPRISE_SCHEDULER = "https://calendly.com/e2e-enterprise/consult";

export type StoredLead = { kind: string; lead: Record<string, unknown> };

export type LeadServer = {
  url: string;
  server: SpawnedServer;
  leads: StoredLead[];
  siteverifyRequests: URLSearchParams[];
  /** Stops the server and returns the stored rows of both lead tables. */
  stopAndReadRows: () => Promise<{ bookings: Record<string, unknown>[]; contacts: Record<string, unknown>[] }>;
};

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => resolve(body));
  });
}

export async function startLeadServer(options: { botCheck?: boolean; env?: Record<string, string> } = {}): Promise<LeadServer> {
  const leads: StoredLead[] = [];
  const siteverifyRequests: URLSearchParams[] = [];
  let publicHost = "";
  const receiver = await listen(async (req, res) => {
    leads.push(JSON.parse(await readBody(req)) as StoredLead);
    res.writeHead(204).end();
  });
  // reCAPTCHA's siteverify, played locally: the fake browser script issues tokens that name their action.
  const siteverify = await listen(async (req, res) => {
    const params = new URLSearchParams(await readBody(req));
    siteverifyRequests.push(params);
    const action = /^e2e-token-([a-z_]+)-/.exec(params.get("response") ?? "")?.[1];
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify(action ? { success: true, score: 0.9, action, hostname: publicHost } : { success: false }),
    );
  });
  const postgres = await createPostgresDatabase();
  const server = await spawnServer({
    env: {
      DEMO_SCHEDULER_URL: DEMO_SCHEDULER,
      ENTERPRISE_SCHEDULER_URL: ENTERPRISE_SCHEDULER,
      LEADS_WEBHOOK_URL: `${receiver.url}/leads`,
      LEADS_WEBHOOK_SECRET: "e2e-webhook-secret",
      LEADS_OUTBOX_POLL_MS: "100",
      LEADS_RATE_LIMIT_MAX: "1000",
      DATABASE_URL: postgres?.url,
      ...(options.botCheck
        ? {
            RECAPTCHA_SITE_KEY: "e2e-site-key",
            RECAPTCHA_SECRET_KEY: "e2e-secret-key",
            RECAPTCHA_VERIFY_URL: `${siteverify.url}/recaptcha/api/siteverify`,
            // The fake answers at once; a loaded CI machine must not turn that into a timeout.
            RECAPTCHA_TIMEOUT_MS: "10000",
          }
        : {}),
      ...options.env,
    },
  });
  // The site's public origin (PUBLIC_URL): the API refuses calls from any other origin.
  const url = server.url;
  publicHost = new URL(url).hostname;
  return {
    url,
    server,
    leads,
    siteverifyRequests,
    async stopAndReadRows() {
      await server.stop();
      receiver.server.close();
      siteverify.server.close();
      const database = postgres
        ? await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 1 })
        : await openDatabase({ kind: "pglite", dataDir: server.dataDir });
      try {
        const { bookingInquiries, contactRequests } = await import("../../server/db/schema");
        const bookings = await database.db.select().from(bookingInquiries);
        const contacts = await database.db.select().from(contactRequests);
        return { bookings, contacts };
      } finally {
        await database.close();
        await postgres?.drop();
      }
    },
  };
}

/** Waits until the receiver got a lead matching the predicate (the worker delivers within ~100 ms). */
export async function waitForLead(server: LeadServer, match: (lead: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = server.leads.find((l) => match(l.lead));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no stored lead matched; got ${JSON.stringify(server.leads.map((l) => l.lead.name))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Calendly's widget script, played locally: records each popup and opens the scheduler page in an iframe. */
const FAKE_CALENDLY_WIDGET = `
window.__calendlyPopups = [];
window.Calendly = {
  initPopupWidget: function (options) {
    window.__calendlyPopups.push({ url: options.url, at: Date.now() });
    var frame = document.createElement("iframe");
    frame.src = options.url;
    frame.setAttribute("data-testid", "calendly-popup");
    frame.title = "Scheduler";
    frame.style.cssText = "position:fixed;inset:10%;width:80%;height:80%;z-index:100;background:#fff";
    document.body.appendChild(frame);
  }
};`;

/** The scheduler page, played locally: a button that posts Calendly's event_scheduled message. */
const FAKE_CALENDLY_PAGE = `<!doctype html><title>Scheduler</title>
<button onclick="parent.postMessage({ event: 'calendly.event_scheduled', payload: {} }, '*')">Confirm booking</button>`;

/** reCAPTCHA v3's api.js, played locally: tokens carry the action so the fake siteverify can echo it. */
const FAKE_RECAPTCHA = `
window.__recaptchaActions = [];
window.grecaptcha = {
  ready: function (cb) { setTimeout(cb, 0); },
  execute: function (key, options) {
    window.__recaptchaActions.push(options.action);
    return Promise.resolve("e2e-token-" + options.action + "-" + Math.random().toString(36).slice(2));
  }
};`;

export type ThirdParties = { calendly?: "ok" | "blocked"; recaptcha?: "ok" | "blocked" };

/**
 * Intercepts the third-party hosts the lead forms use. Any other off-site request fails, so a
 * test cannot depend on the internet by accident.
 */
export async function interceptThirdParties(context: BrowserContext, options: ThirdParties = {}) {
  const requests: string[] = [];
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, async (route) => {
    const url = route.request().url();
    requests.push(url);
    if (url.startsWith("https://assets.calendly.com/")) {
      if (options.calendly === "blocked") return route.abort("blockedbyclient");
      if (url.endsWith(".css")) return route.fulfill({ contentType: "text/css", body: "" });
      return route.fulfill({ contentType: "text/javascript", body: FAKE_CALENDLY_WIDGET });
    }
    if (url.startsWith("https://calendly.com/")) return route.fulfill({ contentType: "text/html", body: FAKE_CALENDLY_PAGE });
    if (url.startsWith("https://www.google.com/recaptcha/api.js")) {
      if (options.recaptcha === "blocked") return route.abort("blockedbyclient");
      return route.fulfill({ contentType: "text/javascript", body: FAKE_RECAPTCHA });
    }
    // Tag and pixel scripts: answered with nothing, so the page's own queues stay inspectable.
    if (/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//.test(url)) {
      return route.fulfill({ contentType: "text/javascript", body: "" });
    }
    return route.abort("blockedbyclient");
  });
  return requests;
}

/** The dataLayer events the page pushed. */
export async function dataLayerEvents(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (e): e is Record<string, unknown> => typeof e === "object" && e !== null && "event" in e,
    ),
  );
}

export const x = (n: number) => "x".repeat(n);
