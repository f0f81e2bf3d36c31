import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FullConfig } from "@playwright/test";
import { openDatabase } from "../../server/db/client";
import { seededDataDir, spawnServer, tempDataDir, type SpawnedServer } from "../support/spawn-server";
import { mailText, startSmtp } from "../support/smtp-sink";
import { createPostgresDatabase } from "../support/test-database";
import { createStaff, e2eStaff, staffVariant } from "./staff-templates";
import {
  DEMO_SCHEDULER,
  E2E_SERVERS_ENV,
  ENTERPRISE_SCHEDULER,
  LEAD_DESK_CALENDLY_KEY,
  LEAD_DESK_FIRST_CONTACT_MINUTES,
  type E2EServers,
  type StaffAccount,
} from "./servers";

/**
 * Starts every server the end-to-end suite needs, once per run, each from the migrated template
 * database (or a fresh PostgreSQL database when DATABASE_URL is set), all at the same time:
 *
 * - site: the plain deployment every page test reads;
 * - tags and pixels: a tag manager + Meta pixel, and GA4 + Meta pixel (consent and conversions);
 * - leads: the bot check on (a local siteverify), notifications to a local webhook receiver, and
 *   a staff account, so lead tests read what was stored through the real admin API;
 * - admin: staff accounts of each role, staff mail by SMTP to a local sink; the admin tests start
 *   from an empty lead table (the phone project's admin tests store no lead);
 * - leadDesk (one per browser project): two admins, an empty lead table, a first-contact target of
 *   seconds and Calendly's webhook on, for the lead desk's screens (admin-leads.spec.ts);
 * - analytics (one per browser project): no visit counted yet, the scheduler and the bot check as
 *   on the leads server, an admin, for the funnel report (analytics-report.spec.ts).
 *
 * The fakes of third parties (siteverify, the webhook receiver, the SMTP sinks) run here and
 * answer the tests over HTTP. Workers read the addresses from the environment (see servers.ts).
 */
export default async function globalSetup(_config: FullConfig) {
  const started: SpawnedServer[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    await Promise.allSettled(started.map((s) => s.stop()));
    await Promise.allSettled(cleanups.map((c) => c()));
  };

  try {
    const receiver = await webhookReceiver();
    cleanups.push(receiver.close);
    const siteverify = await fakeSiteverify();
    cleanups.push(siteverify.close);
    const mail = await mailSinks();
    cleanups.push(mail.close);

    /** `smtp`: staff mail (and lead mail) by SMTP to a sink of this server's own, as a deployment sends it. */
    const start = async (env: Record<string, string | undefined>, staff: StaffAccount[] = [], { smtp = false } = {}) => {
      const sink = smtp ? await mail.add() : null;
      const database = await freshDatabase(staff);
      cleanups.push(database.drop);
      const server = await spawnServer({
        dataDir: database.dataDir,
        env: {
          // The browser's origin: http://localhost:<port>, which the server takes as its public URL.
          PUBLIC_URL: undefined,
          DATABASE_URL: database.url ?? "",
          // Each test signs in and submits from its own simulated address (see fixtures.ts), so
          // the per-address limits (tested in tests/api) do not throttle the suite.
          TRUST_PROXY_HEADER: "x-forwarded-for",
          LEADS_RATE_LIMIT_MAX: "1000",
          // SMTP_URL and LEADS_NOTIFY_FROM are all staff mail needs; SMTP_URL requires
          // LEADS_NOTIFY_TO, whose new-lead mail lands in the same sink.
          ...(sink ? { SMTP_URL: sink.smtpUrl, LEADS_NOTIFY_FROM: "desk@agentdesk.example", LEADS_NOTIFY_TO: "leads@agentdesk.example" } : {}),
          ...env,
        },
      });
      started.push(server);
      return { url: `http://localhost:${server.port}`, ...(sink ? { mail: sink.messagesUrl } : {}) };
    };

    const [site, tags, pixels, leads, admin, deskDesktop, deskPhone, analyticsDesktop, analyticsPhone] = await Promise.all([
      start({ SUPPORT_EMAIL: "help@agentdesk.example" }),
      start({ GTM_ID: "GTM-TEST123", META_PIXEL_ID: "1234567890" }),
      start({ GA4_ID: "G-E2ETEST1", META_PIXEL_ID: "123456789012345" }),
      start(
        {
          DEMO_SCHEDULER_URL: DEMO_SCHEDULER,
          ENTERPRISE_SCHEDULER_URL: ENTERPRISE_SCHEDULER,
          LEADS_WEBHOOK_URL: `${receiver.url}/leads`,
          LEADS_WEBHOOK_SECRET: "e2e-webhook-secret",
          // New leads wake the outbox at once (notification-queue.ts); the poll only finds retries
          // due, and a short one kept this otherwise idle server busy through the whole run.
          LEADS_OUTBOX_POLL_MS: "1000",
          RECAPTCHA_SITE_KEY: "e2e-site-key",
          RECAPTCHA_SECRET_KEY: "e2e-secret-key",
          RECAPTCHA_VERIFY_URL: `${siteverify.url}/recaptcha/api/siteverify`,
          // The fake answers at once; a loaded machine must not turn that into a timeout.
          RECAPTCHA_TIMEOUT_MS: "10000",
        },
        e2eStaff.leads,
      ),
      start(
        // Error states show after the three retries of docs/product.md#timings-and-sizes, without
        // waiting out the back-off.
        { ADMIN_QUERY_RETRY_BASE_MS: "20" },
        e2eStaff.admin,
        { smtp: true },
      ),
      ...(["desktop", "phone"] as const).map(() =>
        start(
          {
            ADMIN_QUERY_RETRY_BASE_MS: "20",
            LEADS_FIRST_CONTACT_MINUTES: String(LEAD_DESK_FIRST_CONTACT_MINUTES),
            CALENDLY_WEBHOOK_SIGNING_KEY: LEAD_DESK_CALENDLY_KEY,
          },
          e2eStaff.leadDesk,
        ),
      ),
      ...(["desktop", "phone"] as const).map(() =>
        start(
          {
            ADMIN_QUERY_RETRY_BASE_MS: "20",
            DEMO_SCHEDULER_URL: DEMO_SCHEDULER,
            RECAPTCHA_SITE_KEY: "e2e-site-key",
            RECAPTCHA_SECRET_KEY: "e2e-secret-key",
            RECAPTCHA_VERIFY_URL: `${siteverify.url}/recaptcha/api/siteverify`,
            RECAPTCHA_TIMEOUT_MS: "10000",
          },
          e2eStaff.analytics,
        ),
      ),
    ]);

    const servers: E2EServers = {
      site: site!,
      tags: tags!,
      pixels: pixels!,
      leads: { ...leads!, receiverUrl: receiver.url, siteverifyUrl: siteverify.url },
      admin: admin!,
      leadDesk: { desktop: deskDesktop!, phone: deskPhone! },
      analytics: { desktop: analyticsDesktop!, phone: analyticsPhone! },
    };
    process.env[E2E_SERVERS_ENV] = JSON.stringify(servers);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * A migrated database with these staff accounts: for the embedded database, a copy of a template
 * holding them, made once per set of accounts and cached (pglite-templates.ts); on the PostgreSQL
 * server of DATABASE_URL, a new database they are created in.
 */
async function freshDatabase(staff: StaffAccount[]): Promise<{ dataDir: string; url?: string; drop: () => Promise<void> }> {
  const postgres = await createPostgresDatabase();
  if (!postgres) {
    const variant = staff.length === 0 ? undefined : staffVariant(staff);
    return { dataDir: await seededDataDir("e2e", variant), drop: async () => undefined };
  }
  const database = await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 2 });
  try {
    await createStaff(database, staff);
  } finally {
    await database.close();
  }
  return { dataDir: tempDataDir("e2e"), url: postgres.url, drop: postgres.drop };
}

async function listen(handler: http.RequestListener) {
  const server = http.createServer((req, res) => {
    // One request per connection: a kept-alive socket that this server closes when idle while a
    // client starts reusing it would fail that client's request with ECONNRESET.
    res.setHeader("connection", "close");
    return handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => resolve(body));
  });
}

const json = (res: http.ServerResponse, value: unknown) =>
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));

/** The lead webhook's receiver: keeps every delivery; GET /received lists them. */
async function webhookReceiver() {
  const received: unknown[] = [];
  return listen(async (req, res) => {
    if (req.method === "GET" && req.url === "/received") return json(res, received);
    received.push(JSON.parse(await readBody(req)));
    res.writeHead(204).end();
  });
}

/**
 * reCAPTCHA's siteverify, played locally: the fake browser script (leads-fixtures.ts) issues
 * tokens that name their action, which this echoes back with a good score. GET /requests lists
 * what the server sent.
 */
async function fakeSiteverify() {
  const requests: Record<string, string>[] = [];
  return listen(async (req, res) => {
    if (req.method === "GET" && req.url === "/requests") return json(res, requests);
    const params = new URLSearchParams(await readBody(req));
    requests.push(Object.fromEntries(params));
    const action = /^e2e-token-([a-z_]+)-/.exec(params.get("response") ?? "")?.[1];
    json(res, action ? { success: true, score: 0.9, action, hostname: "localhost" } : { success: false });
  });
}

/**
 * SMTP sinks (tests/support/smtp-sink.ts), one per server that sends mail, and one HTTP endpoint
 * over them for the test workers: GET /<sink>?to=<address> lists the messages that sink received
 * for the address, oldest first, each as { to, subject, text } with the body decoded as a mail
 * client shows it.
 */
async function mailSinks() {
  const sinks: Awaited<ReturnType<typeof startSmtp>>[] = [];
  const viewer = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    const sink = sinks[Number(url.pathname.slice(1))];
    if (req.method !== "GET" || !sink) return res.writeHead(404).end();
    const to = url.searchParams.get("to")?.toLowerCase();
    json(
      res,
      sink.messages
        .filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
        .map((m) => {
          const decoded = mailText(m.raw);
          const split = decoded.indexOf("\r\n\r\n");
          return { to: m.to, subject: /^Subject: *(.*)$/im.exec(decoded.slice(0, split))?.[1] ?? "", text: decoded.slice(split + 4) };
        }),
    );
  });
  return {
    add: async () => {
      const sink = await startSmtp();
      sinks.push(sink);
      return { smtpUrl: `smtp://127.0.0.1:${sink.port}`, messagesUrl: `${viewer.url}/${sinks.length - 1}` };
    },
    close: async () => {
      await Promise.allSettled(sinks.map((sink) => sink.close()));
      await viewer.close();
    },
  };
}
