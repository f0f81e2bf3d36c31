import { ENTERPRISE_CALLS_PER_MONTH_DEFAULT } from "./schemas/enterprise-threshold";

/**
 * Deployment-specific values the browser needs. One build serves every deployment, so none of
 * these is baked into the bundle: pages are prerendered with the placeholder of each value, and
 * the server swaps placeholders for the configured values when it loads the HTML, and embeds the
 * whole object as JSON for the client to read at start-up (see app/lib/runtime-config.ts).
 */
export type RuntimeConfig = {
  /** The site's public origin, for canonical URLs and Open Graph tags. */
  publicUrl: string;
  /** External scheduler page for the 30-minute demo (booking dialog, /about, /book). */
  demoSchedulerUrl: string;
  /** External scheduler page for the enterprise consultation. */
  enterpriseSchedulerUrl: string;
  /** Merch shop (opens in a new tab). */
  merchUrl: string;
  careersEmail: string;
  supportEmail: string;
  supportPhone: string;
  /** reCAPTCHA v3 site key; null turns the bot check off (local runs). */
  recaptchaSiteKey: string | null;
  /** Google Tag Manager container id; null loads no tag manager. */
  gtmId: string | null;
  /** GA4 measurement id; null sends no GA4 conversion. */
  ga4Id: string | null;
  /** Meta pixel id; null loads no pixel. */
  metaPixelId: string | null;
  /** First retry delay of a failed admin data request, doubling per retry (capped at 30 s). */
  adminQueryRetryBaseMs: number;
  /**
   * LEADS_ENTERPRISE_CALLS_PER_MONTH: a booking above it is an enterprise prospect, whose thank-you
   * step offers the enterprise consultation first (docs/decisions/0710).
   */
  enterpriseCallsPerMonth: number;
  /** Whether the server counts the pages' events (ANALYTICS_ENABLED): the collector sends only then. */
  collectEvents: boolean;
  /** The single sign-on buttons /admin/login shows (those whose client id and secret are set). */
  staffSignOn: ("google" | "microsoft")[];
};

/** Values that appear in prerendered HTML carry a unique placeholder the server can replace. */
export const runtimeConfigPlaceholders = {
  publicUrl: "https://public-url.placeholder.invalid",
  demoSchedulerUrl: "https://demo-scheduler.placeholder.invalid/30min",
  enterpriseSchedulerUrl: "https://enterprise-scheduler.placeholder.invalid/consult",
  merchUrl: "https://merch.placeholder.invalid",
  careersEmail: "careers-email@placeholder.invalid",
  supportEmail: "support-email@placeholder.invalid",
  supportPhone: "+0 (000) 000-0000-placeholder",
} as const satisfies Partial<Record<keyof RuntimeConfig, string>>;

export type PlaceholderKey = keyof typeof runtimeConfigPlaceholders;

/** The configuration used while prerendering: every rendered value is its placeholder. */
export const buildTimeRuntimeConfig: RuntimeConfig = {
  ...runtimeConfigPlaceholders,
  recaptchaSiteKey: null,
  gtmId: null,
  ga4Id: null,
  metaPixelId: null,
  adminQueryRetryBaseMs: 1000,
  enterpriseCallsPerMonth: ENTERPRISE_CALLS_PER_MONTH_DEFAULT,
  collectEvents: false,
  staffSignOn: [],
};

export const RUNTIME_CONFIG_ELEMENT_ID = "runtime-config";
