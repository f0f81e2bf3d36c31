import { createApp, type AppDeps } from "../../server/app";
import { loadConfig, type AppConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { openTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  config: AppConfig;
  deps: AppDeps;
  close: () => Promise<void>;
};

/**
 * The real Hono app on a fresh database, for in-process API tests with app.request().
 * `env` is parsed like the process environment (DATABASE_URL is ignored: the test database is used).
 */
export async function createTestApp(env: Record<string, string | undefined> = {}, extra: Partial<AppDeps> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", ...env, DATABASE_URL: undefined });
  const database = await openTestDatabase();
  const deps: AppDeps = { config, database, logger: createLogger("silent"), ...extra };
  const app = createApp(deps);
  return { app, database, config, deps, close: () => database.dispose() };
}
