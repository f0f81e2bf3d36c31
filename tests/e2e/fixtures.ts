import crypto from "node:crypto";
import { expect, test as base, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import type { LeadSummary, LeadsPage } from "@shared/api/lead-desk-api";
import { e2eServers, staffAccounts, type E2EServers } from "./servers";

export { expect };

/**
 * What the browser reported as an error while a test ran: console.error messages and uncaught
 * page errors. A test fails on any it did not expect (as the Epic Stack's tests do): a page that
 * logs an error works worse than its test can see. A test that provokes one on purpose (a failed
 * request it answers with 500, a third-party script it blocks) says so with `allow`.
 */
export class BrowserErrors {
  private readonly seen: string[] = [];
  private readonly allowed: RegExp[] = [];

  record(message: string) {
    this.seen.push(message);
  }

  /** Errors matching `pattern` are expected in this test; `why` documents it at the call site. */
  allow(pattern: RegExp, _why: string) {
    this.allowed.push(pattern);
  }

  unexpected(): string[] {
    return this.seen.filter((message) => !this.allowed.some((pattern) => pattern.test(message)));
  }
}

/** A staff session on the leads server, to read what it stored through the real admin API. */
export type LeadDesk = {
  /** The booking inquiries stored for this work email (newest first). */
  bookings: (workEmail: string) => Promise<Record<string, unknown>[]>;
  /** Every lead the notification outbox delivered to the webhook receiver whose lead matches. */
  deliveries: (match: (lead: Record<string, unknown>) => boolean) => Promise<{ kind: string; lead: Record<string, unknown> }[]>;
  /** What the server sent to the bot check's siteverify, oldest first. */
  siteverifyRequests: () => Promise<Record<string, string>[]>;
  /** The lead desk's leads with this e-mail, as the inbox lists them (newest first). */
  leads: (email: string) => Promise<LeadSummary[]>;
};

/** An address no other test (or the other browser project) uses, so what is stored under it is this test's. */
export const uniqueEmail = (info: TestInfo, local: string) =>
  `${local}+${info.project.name}-${info.testId.slice(0, 8)}-${Date.now().toString(36)}@example.com`;

/** The browser project's device (viewport, user agent, touch), for a context a test makes itself. */
export const projectDevice = ({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch }: TestInfo["project"]["use"]) => ({
  viewport,
  userAgent,
  deviceScaleFactor,
  isMobile,
  hasTouch,
});

export const randomIp = () => {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};

/**
 * Signs `request` in on `origin` through the auth API, as `who` (the e2e admin unless told); a
 * page's `page.request` shares its cookies with the page.
 */
export async function signedInRequest(request: APIRequestContext, origin: string, who: { email: string; password: string } = staffAccounts.admin) {
  const res = await request.post(`${origin}/api/auth/sign-in/email`, {
    headers: { Origin: origin },
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const test = base.extend<{ browserErrors: BrowserErrors; servers: E2EServers }, { leadDesk: LeadDesk; noScriptPage: Page; visitorPage: { page: Page; errors: { current: BrowserErrors | null } } }>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  servers: async ({}, use) => use(e2eServers()),
  // Pages open on the plain deployment unless a test names another server.
  baseURL: async ({ servers }, use) => use(servers.site.url),
  // eslint-disable-next-line no-empty-pattern
  browserErrors: async ({}, use) => use(new BrowserErrors()),
  context: async ({ context, browserErrors }, use) => {
    context.on("console", (message) => {
      if (message.type() === "error") browserErrors.record(`console.error: ${message.text()} (at ${message.location().url})`);
    });
    context.on("weberror", (error) => browserErrors.record(`page error: ${error.error().message}`));
    // Every request carries its own client address, so per-address limits never link two tests.
    await context.setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
    await use(context);
    expect(browserErrors.unexpected(), "console errors or page errors the test did not expect").toEqual([]);
  },
  /**
   * A page with JavaScript off, on this project's device, opening the plain deployment: what a
   * visitor without scripts (or before they arrive) gets. One per worker: it keeps no state
   * between visits a script could have written, and making a context per test costs half a second.
   */
  noScriptPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: e2eServers().site.url,
        ...projectDevice(workerInfo.project.use),
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  leadDesk: [
    async ({ playwright }, use) => {
      const { leads } = e2eServers();
      const request = await playwright.request.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
      await signedInRequest(request, leads.url);
      await use({
        async bookings(workEmail) {
          const res = await request.post(`${leads.url}/api/admin/bookings/search`, { headers: { Origin: leads.url }, data: { q: workEmail } });
          expect(res.status(), await res.text()).toBe(200);
          const { items } = (await res.json()) as { items: Record<string, unknown>[] };
          return items.filter((item) => String(item.workEmail).toLowerCase() === workEmail.toLowerCase());
        },
        async deliveries(match) {
          const res = await request.get(`${leads.receiverUrl}/received`);
          const all = (await res.json()) as { kind: string; lead: Record<string, unknown> }[];
          return all.filter((delivery) => match(delivery.lead));
        },
        async siteverifyRequests() {
          return (await (await request.get(`${leads.siteverifyUrl}/requests`)).json()) as Record<string, string>[];
        },
        async leads(email) {
          // The inbox's search takes its filters as a body: the address stays out of the URL.
          const res = await request.post(`${leads.url}/api/admin/leads/search`, { headers: { Origin: leads.url }, data: { q: email } });
          expect(res.status(), await res.text()).toBe(200);
          const { items } = (await res.json()) as LeadsPage;
          return items.filter((item) => item.email.toLowerCase() === email.toLowerCase());
        },
      });
      await request.dispose();
    },
    { scope: "worker" },
  ],
  // readingTest's page (below). Declared here, not in readingTest, so that both kinds of spec
  // share one set of worker fixtures and so one worker: a spec of the other kind would otherwise
  // make Playwright stop the worker and its browser and start new ones.
  visitorPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: e2eServers().site.url,
        ...projectDevice(workerInfo.project.use),
        extraHTTPHeaders: { "x-forwarded-for": randomIp() },
      });
      const errors: { current: BrowserErrors | null } = { current: null };
      context.on("console", (message) => {
        if (message.type() === "error") errors.current?.record(`console.error: ${message.text()} (at ${message.location().url})`);
      });
      context.on("weberror", (error) => errors.current?.record(`page error: ${error.error().message}`));
      // Content-Security-Policy violations of the current document, for tests that check them.
      await context.addInitScript(() => {
        const w = window as unknown as { __cspViolations: string[] };
        w.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await use({ page: await context.newPage(), errors });
      await context.close();
    },
    { scope: "worker" },
  ],
});

/**
 * For specs that only read the plain deployment's pages (their content, navigation, dialogs,
 * accessibility): `page` is one page per worker, reused from test to test instead of a new
 * context and page each time. A new page costs Chromium about 1.3 CPU-seconds to set up and
 * load (a new renderer compiling every script afresh); the same page navigating costs about
 * 0.35 (docs/decisions/0401). Between tests it is reset: routes and listeners removed, the
 * project's viewport restored, cookies and storage cleared; every test starts by navigating.
 * Console errors and page errors fail the test as with a fresh page.
 * Specs that depend on a first visit (consent), on what loads (performance mechanisms), or that
 * write (leads, admin) use `test` and a fresh page.
 */
export const readingTest = test.extend({
  page: async ({ visitorPage, browserErrors }, use, testInfo) => {
    const { page, errors } = visitorPage;
    await page.setViewportSize(testInfo.project.use.viewport!);
    await page.context().clearCookies();
    if (page.url().startsWith("http")) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    errors.current = browserErrors;
    await use(page);
    errors.current = null;
    // What the test added to the page: its routes and its listeners.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    for (const event of ["request", "response", "requestfinished", "requestfailed", "console", "dialog", "popup", "framenavigated"] as const) {
      page.removeAllListeners(event);
    }
    expect(browserErrors.unexpected(), "console errors or page errors the test did not expect").toEqual([]);
  },
});
