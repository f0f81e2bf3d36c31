import path from "node:path";
import { createApp, type AppDeps } from "../../server/app";
import { loadConfig, type AppConfig } from "../../server/config";
import { loadStaticSite, type Compression } from "../../server/static-site";
import { createLogger } from "../../server/logger";
import { createSiteContentStore } from "../../server/content/site-content";
import { openTestDatabase, type TestDatabase } from "./test-database";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  config: AppConfig;
  deps: AppDeps;
  close: () => Promise<void>;
};

/** The client build the tests serve (npm test builds before running Vitest). */
export const clientBuildDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/**
 * The real Hono app on a fresh database, for in-process API tests with app.request().
 * `env` is parsed like the process environment (DATABASE_URL is ignored: the test database is used).
 * Refusals of the lead limit are answered at once unless `env` sets LEADS_REFUSAL_DELAY_MS or
 * `options.refusalPacing` is "shipped" (the flood tests, tests/api/leads-load.test.ts, which run
 * with the default as it ships): held for its second each, the refusals other tests make to see a
 * 429 only kept a worker waiting (13 s a run).
 * With `site`, the app also serves the client build with the deployment values of `env`, its
 * pages compressed as production does ("eager") or as development does ("lazy"); with `content`
 * too, it renders the public pages and the blog from the published content, as the server does.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  extra: Partial<AppDeps> = {},
  options: { site?: Compression; refusalPacing?: "shipped"; content?: boolean } = {},
): Promise<TestApp> {
  const pacing = options.refusalPacing === "shipped" ? {} : { LEADS_REFUSAL_DELAY_MS: "0" };
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", ...pacing, ...env, DATABASE_URL: undefined });
  const site = options.site ? loadStaticSite(clientBuildDir, config.runtime, options.site) : undefined;
  const database = await openTestDatabase();
  const logger = createLogger("silent");
  // The published content the pages render from, as the server has it; read again when a test's
  // write calls changed() (the studio's routes do), never on a timer here.
  const siteContent = options.content ? createSiteContentStore({ db: database.db, logger }) : undefined;
  await siteContent?.changed();
  const deps: AppDeps = { config, database, logger, site, siteContent, ...extra };
  const app = createApp(deps);
  return { app, database, config, deps, close: () => database.dispose() };
}
