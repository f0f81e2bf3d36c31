import type { MiddlewareHandler } from "hono";
import type { AppConfig } from "../config";

/**
 * Third-party hosts, allowed by the Content-Security-Policy only when the feature that needs them
 * is configured. Scheduler hosts come from the configured scheduler URLs.
 */
const RECAPTCHA = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
  connect: ["https://www.google.com/recaptcha/"],
};
const CALENDLY_WIDGET = { script: ["https://assets.calendly.com"], style: ["https://assets.calendly.com"] };
const GOOGLE_TAGS = {
  script: ["https://www.googletagmanager.com"],
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
  frame: ["https://www.googletagmanager.com"],
};
const META_PIXEL = {
  script: ["https://connect.facebook.net"],
  connect: ["https://www.facebook.com", "https://connect.facebook.net"],
  img: ["https://www.facebook.com"],
};

export type CspSources = Record<
  "script" | "style" | "img" | "connect" | "frame",
  string[]
>;

/** The third-party sources this deployment uses, from its configuration. */
export function thirdPartySources(config: AppConfig): CspSources {
  const sources: CspSources = { script: [], style: [], img: [], connect: [], frame: [] };
  const add = (part: Partial<CspSources>) => {
    for (const [key, hosts] of Object.entries(part) as [keyof CspSources, string[]][]) sources[key].push(...hosts);
  };
  const { runtime } = config;
  for (const url of [runtime.demoSchedulerUrl, runtime.enterpriseSchedulerUrl]) {
    const origin = new URL(url).origin;
    add({ frame: [origin] });
    if (new URL(url).hostname.endsWith("calendly.com")) add(CALENDLY_WIDGET);
  }
  if (runtime.recaptchaSiteKey) add(RECAPTCHA);
  if (runtime.gtmId || runtime.ga4Id) add(GOOGLE_TAGS);
  if (runtime.metaPixelId) add(META_PIXEL);
  for (const key of Object.keys(sources) as (keyof CspSources)[]) sources[key] = [...new Set(sources[key])];
  return sources;
}

/**
 * The policy of an HTML page: our own scripts plus the page's inline scripts, by hash (a
 * prerendered page) or by nonce (a page rendered on request).
 */
export function pageCsp(config: AppConfig, inlineScripts: string[]): string {
  const third = thirdPartySources(config);
  const https = config.publicUrl.startsWith("https:");
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScripts, ...third.script].join(" ")}`.trim(),
    `style-src 'self' 'unsafe-inline' ${third.style.join(" ")}`.trim(),
    `img-src 'self' data: ${third.img.join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${third.connect.join(" ")}`.trim(),
    third.frame.length > 0 ? `frame-src ${third.frame.join(" ")}` : "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** What an API answer or a non-HTML file may do: nothing. */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers on every response; HTML pages replace the CSP with their own (static handler). */
export function securityHeaders(config: AppConfig): MiddlewareHandler {
  const https = config.publicUrl.startsWith("https:");
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has("content-security-policy")) h.set("content-security-policy", LOCKED_DOWN_CSP);
    h.set("x-content-type-options", "nosniff");
    h.set("referrer-policy", "strict-origin-when-cross-origin");
    h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    h.set("cross-origin-opener-policy", "same-origin-allow-popups");
    h.set("x-frame-options", "DENY");
    if (https) h.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  };
}
