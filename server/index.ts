import http from "node:http";
import { redactUrlCredentials } from "./log-redaction";
import type { Server as HttpServer } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { ConfigError, loadConfig, type AppConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { BuildMissingError, loadStaticSite } from "./static-site";
import { createApp } from "./app";
import { createLogger, type Logger } from "./logger";
import { createNotifier } from "./leads/notifier";
import { createLeadOutboxWorker } from "./leads/lead-outbox-worker";
import type { OutboxWorker } from "./platform/outbox/outbox-worker";
import { stopAnalytics } from "./analytics/ingest";
import { createAnalyticsHousekeeping, type AnalyticsHousekeeping } from "./analytics/housekeeping";
import type { AppDeps, SiteContentStore } from "./app-env";
import { listenControlSocket, type ControlSocket } from "./cli/control-socket";
import { createSiteContentStore } from "./content/site-content";
import { exampleContentRefusal } from "./content/example-content";
import { serveAdminCreate } from "./cli/admin-create-command";

/** How long in-flight requests may take to finish after SIGTERM before we close anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Delivers lead notifications in the background; stopped before the database closes. */
let outboxWorker: OutboxWorker | null = null;
/** Rolls up finished analytics days and deletes salts and expired rows; stopped before the database closes. */
let analyticsHousekeeping: AnalyticsHousekeeping | null = null;
/** What the app was built from: its analytics buffer is written out at shutdown. */
let appDeps: AppDeps | null = null;
/** The published content the pages render from; polls for changes until shutdown. */
let siteContent: SiteContentStore | null = null;
/** Where `admin:create` reaches this server while it holds the embedded database; closed first. */
let controlSocket: ControlSocket | null = null;

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel, config.env);

  let site;
  try {
    site = loadStaticSite(config.buildDir, config.runtime, config.env === "production" ? "eager" : "lazy");
  } catch (error) {
    if (error instanceof BuildMissingError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database =
      config.database.kind === "postgres"
        ? await openDatabase({ kind: "postgres", url: config.database.url })
        : await openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const message = error instanceof Error ? error.message : String(error);
    fail(`Could not open the ${config.database.kind === "postgres" ? "PostgreSQL database (DATABASE_URL)" : "embedded database"}: ${message}`);
  }

  // React Router's server build takes a second or more to load on a busy machine: in the
  // background now, so that the first form posted without JavaScript does not wait for it.
  site.loadFormAnswers().catch((error: unknown) => logger.error({ err: error }, "could not load the pages' server build"));

  if (config.database.kind === "pglite") {
    // The first staff account, and any other, without stopping the server (server/cli/control-socket.ts).
    const deps = { config, database, logger };
    try {
      controlSocket = await listenControlSocket(config.database.dataDir, serveAdminCreate(deps), (error) =>
        logger.error({ err: error }, "admin:create through the control socket failed"),
      );
      if (!controlSocket) logger.warn("admin:create cannot reach this server: the DATA_DIR path is too long for its control socket");
    } catch (error) {
      logger.warn({ err: error }, "admin:create cannot reach this server: its control socket could not be opened");
    }
  }

  // The published content, before the first request: pages render from it (docs/decisions/0903).
  siteContent = createSiteContentStore({ db: database.db, logger });
  await siteContent.start();
  // After the seed: a fresh database's examples are refused too (decision 0906).
  const examples = await exampleContentRefusal(config, database.db);
  if (examples) {
    siteContent.stop();
    await controlSocket?.close();
    await database.close();
    fail(examples);
  }

  appDeps = { config, database, logger, site, siteContent };
  const app = createApp(appDeps);
  // The whole config: messages link to the lead's page and the prospect reminder to the scheduler.
  const notifier = createNotifier(config, { db: database.db });
  // desk: the first-contact check runs here too (docs/decisions/0711), whatever channels are set.
  const desk = { firstContactMinutes: config.leads.firstContactMinutes, reassign: config.leads.reassign, notify: config.notify };
  outboxWorker = createLeadOutboxWorker({ db: database.db, notifier, logger, config: config.leads.outbox, desk, auditRetentionDays: config.audit.retentionDays });
  outboxWorker.start();
  if (config.analytics.enabled) {
    analyticsHousekeeping = createAnalyticsHousekeeping({ db: database.db, logger, config: config.analytics });
    analyticsHousekeeping.start();
  }
  if (notifier.channels.length === 0) {
    logger.warn("lead notifications are OFF: set SMTP_URL + LEADS_NOTIFY_TO, LEADS_WEBHOOK_URL + LEADS_WEBHOOK_SECRET and/or SLACK_WEBHOOK_URL");
  }
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      {
        port: info.port,
        database: config.database.kind === "postgres" ? "postgres" : `pglite:${config.database.dataDir}`,
        publicUrl: config.publicUrl,
        botCheck: config.recaptcha.secretKey ? "on" : "off",
      },
      `listening on http://localhost:${info.port}`,
    );
    if (!config.recaptcha.secretKey) {
      logger.warn("bot check is OFF: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are not set, lead forms accept submissions without a token");
    }
  });
  // Keep idle connections longer than the clients and proxies that reuse them (Node's default is
  // 5 s; load balancers commonly hold 60 s): a server that closes a socket just as a client sends
  // on it answers that request with a connection reset (seen once in the end-to-end suite).
  if (server instanceof http.Server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  server.on("error", (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, error.code === "EADDRINUSE" ? `port ${config.port} is already in use (PORT)` : "server error");
    void shutdown(server, database, logger, 1);
  });

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    void shutdown(server, database, logger, 0);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/** Stop accepting connections, let in-flight requests finish, close the database, exit. */
async function shutdown(server: ServerType, database: Database, logger: Logger, code: number) {
  const httpServer = server as HttpServer;
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections?.();
  const timer = setTimeout(() => httpServer.closeAllConnections?.(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(timer);
  await controlSocket?.close();
  siteContent?.stop();
  try {
    await outboxWorker?.stop();
  } catch (error) {
    logger.error({ err: error }, "stopping the lead outbox worker failed");
  }
  try {
    // The events still buffered are written before the database closes.
    if (appDeps) await stopAnalytics(appDeps);
    await analyticsHousekeeping?.stop();
  } catch (error) {
    logger.error({ err: error }, "stopping analytics failed");
  }
  try {
    await database.close();
  } catch (error) {
    logger.error({ err: error }, "closing the database failed");
    code = code || 1;
  }
  logger.info("stopped");
  process.exit(code);
}

function fail(message: string): never {
  // A connection error can quote the URL it tried: never its password.
  process.stderr.write(`\nCannot start: ${redactUrlCredentials(message)}\n\n`);
  process.exit(1);
}

await main();
