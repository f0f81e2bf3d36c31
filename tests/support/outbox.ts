import { createNotifier } from "../../server/leads/notifier";
import { createLeadOutboxWorker } from "../../server/leads/lead-outbox-worker";
import { createLogger } from "../../server/logger";
import type { TestApp } from "./test-app";

/**
 * For tests that count a lead's outbox rows (staff notifications, the webhook): no first-contact
 * check is queued with each lead (a `lead_desk` row, which sends nothing;
 * tests/api/lead-reassignment.test.ts covers it), so the outbox holds only what they count.
 */
export const notificationsOnly = { LEADS_REASSIGN_MAX: "0" } as const;

type WorkerOptions = Partial<Omit<Parameters<typeof createLeadOutboxWorker>[0], "db" | "config">> & {
  config?: Partial<TestApp["config"]["leads"]["outbox"]>;
};

/**
 * The app's outbox worker as the server makes it: the app's notifier and outbox settings, and a
 * silent logger, unless `options` gives others (a logger to read, a notifier that hangs, a
 * shorter poll, the desk's first-contact check).
 */
export function outboxWorkerFor(app: TestApp, options: WorkerOptions = {}) {
  const { config, ...rest } = options;
  return createLeadOutboxWorker({
    db: app.database.db,
    notifier: createNotifier(app.config),
    logger: createLogger("silent"),
    ...rest,
    config: { ...app.config.leads.outbox, ...config },
  });
}
