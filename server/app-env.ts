import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import type { StaticSite } from "./static-site";
import type { PostCard, SiteContent } from "@shared/content/site-content";

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

/**
 * The published content, as the app reads it. Declared here beside the app's other parts and
 * made by server/content/site-content.ts, so that app-env.ts, which every layer reads, imports
 * no feature.
 */
export type SiteContentStore = {
  /** The content the pages read now. */
  current: () => SiteContent;
  /** The published posts of `current` (for the feed, the sitemap and the cards). */
  posts: () => readonly PostCard[];
  /** Loads the content now (an instance's own publish): the next request sees it. */
  changed: () => Promise<void>;
  /** Called with the new content each time it changes. */
  onChange: (listener: (content: SiteContent) => void) => void;
  start: () => Promise<void>;
  stop: () => void;
};

export type AppEnv = { Variables: { deps: AppDeps } };
