import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import type { StaticSite } from "./static-site";
import type { SiteContentStore } from "./content/site-content";

/** What the app is built from; route modules read it from the context, never from app.ts. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  logger: Logger;
  /** The client build; absent in API-only tests. */
  site?: StaticSite;
  /**
   * The published content the public pages read (server/content/site-content.ts); absent in
   * API-only tests, where nothing renders pages.
   */
  siteContent?: SiteContentStore;
};

export type AppEnv = { Variables: { deps: AppDeps } };
