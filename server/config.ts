import { redactUrlValue } from "./log-redaction";
import { z } from "zod";
import path from "node:path";
import type { RuntimeConfig } from "@shared/runtime-config";
import { ENTERPRISE_CALLS_PER_MONTH_DEFAULT } from "@shared/schemas/lead-fit";
import { staffSsoConfig, staffSsoEnvShape, staffSsoProblems, staffSsoProviders, type StaffSsoConfig } from "./staff-sso-config";

/** Empty strings in the environment count as unset. */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`);

const optionalUrl = (protocols: string[]) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), url(protocols).optional());

/** The unsafe settings a production start refuses unless ALLOW_IN_PRODUCTION names them. */
export const productionOptOuts = ["embedded-database", "example-content", "no-bot-check", "insecure-notifications"] as const;
type ProductionOptOut = (typeof productionOptOuts)[number];

/** Hosts reserved for examples and tests (RFC 2606, RFC 6761): never a real deployment's value. */
function isExampleHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return /(^|\.)example\.(com|net|org)$/.test(h) || /\.(example|test|invalid|localhost)$/.test(h) || h === "localhost";
}

/**
 * The scheduler, shop and contact values the code ships with (placeholders, docs/decisions/0003)
 * or any value on a reserved example host, by variable name.
 */
function exampleContentVariables(e: z.infer<typeof envSchema>): string[] {
  const urlHost = (value: string) => new URL(value).hostname;
  const emailHost = (value: string) => value.slice(value.lastIndexOf("@") + 1);
  const defaults = envSchema.parse({});
  const checks: [string, boolean][] = [
    ["DEMO_SCHEDULER_URL", e.DEMO_SCHEDULER_URL === defaults.DEMO_SCHEDULER_URL || isExampleHost(urlHost(e.DEMO_SCHEDULER_URL))],
    [
      "ENTERPRISE_SCHEDULER_URL",
      e.ENTERPRISE_SCHEDULER_URL === defaults.ENTERPRISE_SCHEDULER_URL || isExampleHost(urlHost(e.ENTERPRISE_SCHEDULER_URL)),
    ],
    ["MERCH_URL", isExampleHost(urlHost(e.MERCH_URL))],
    ["CAREERS_EMAIL", isExampleHost(emailHost(e.CAREERS_EMAIL))],
    ["SUPPORT_EMAIL", isExampleHost(emailHost(e.SUPPORT_EMAIL))],
    // 555 is not an area code in use: the default (555) 010-0199 and its kind are fictional.
    ["SUPPORT_PHONE", e.SUPPORT_PHONE === defaults.SUPPORT_PHONE || /^\D*(1\D*)?555\b/.test(e.SUPPORT_PHONE)],
  ];
  return checks.filter(([, isExample]) => isExample).map(([name]) => name);
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  /** The build output (react-router's buildDirectory); the site is served from its client/ folder. */
  BUILD_DIR: z.string().trim().min(1).default("./build"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Which request header carries the client IP when behind a proxy (for example x-forwarded-for). */
  TRUST_PROXY_HEADER: optionalString,

  DEMO_SCHEDULER_URL: url(["https:", "http:"]).default("https://calendly.com/your-company/30min"),
  ENTERPRISE_SCHEDULER_URL: url(["https:", "http:"]).default("https://calendly.com/your-company/enterprise-consult"),
  MERCH_URL: url(["https:", "http:"]).default("https://shop.example.com"),
  CAREERS_EMAIL: z.string().trim().email().default("careers@example.com"),
  SUPPORT_EMAIL: z.string().trim().email().default("support@example.com"),
  SUPPORT_PHONE: z.string().trim().min(3).max(40).default("(555) 010-0199"),

  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET_KEY: optionalString,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: url(["https:", "http:"]).default("https://www.google.com/recaptcha/api/siteverify"),
  /** Extra hostnames the bot-check token may carry besides PUBLIC_URL's (comma-separated). */
  RECAPTCHA_ALLOWED_HOSTNAMES: optionalString,

  GTM_ID: optionalString,
  GA4_ID: optionalString,
  META_PIXEL_ID: optionalString,

  BETTER_AUTH_SECRET: optionalString,
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  LEADS_NOTIFY_TO: optionalString,
  LEADS_NOTIFY_FROM: optionalString,
  LEADS_WEBHOOK_URL: optionalUrl(["https:", "http:"]),
  LEADS_WEBHOOK_SECRET: optionalString,
  /** Lead submissions one client IP may make per window (POST /api/submit-booking and /api/contact). */
  LEADS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  LEADS_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Of those, how many one client IP may send without JavaScript (no bot check) per window, when
   * reCAPTCHA is configured: a bot that skips the check gets a smaller allowance of its own.
   */
  LEADS_SCRIPTLESS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
  /**
   * How long the answer to an address already known to be over its limit is held before it goes
   * out (0: at once), so a flood from many connections cannot crowd other visitors out.
   */
  LEADS_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** How long the server waits for the bot-check verify endpoint before failing closed. */
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Lead notification outbox: poll interval, retry back-off (doubling from base up to max), claim lease. */
  LEADS_OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(2000),
  LEADS_OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  LEADS_OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  /** At least twice LEADS_OUTBOX_DELIVERY_TIMEOUT_MS (checked below), so a claim outlives its delivery. */
  LEADS_OUTBOX_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
  /** Hard deadline of one delivery on any channel (connect, send, answer); then it counts as failed. */
  LEADS_OUTBOX_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Failed attempts after which a notification is undeliverable: no more retries, shown to staff. */
  LEADS_OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(12),
  /** How long an undeliverable notification keeps its copy of the lead before the row is deleted. */
  LEADS_OUTBOX_DEAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Slack incoming-webhook URL: new leads, booked meetings and follow-up alerts are posted there. */
  SLACK_WEBHOOK_URL: optionalUrl(["https:", "http:"]),
  /**
   * HubSpot hand-off (docs/decisions/0720): a private app's access token; with it each new lead
   * upserts its contact and creates a deal, and desk status changes update the contact's lead status.
   */
  HUBSPOT_ACCESS_TOKEN: optionalString,
  /** HubSpot's API origin (tests point it at a local fake). */
  HUBSPOT_API_URL: url(["https:", "http:"]).default("https://api.hubapi.com"),
  /** The account (portal, "Hub ID") the token belongs to: the lead page's link to the record needs it. */
  HUBSPOT_PORTAL_ID: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().regex(/^\d{1,15}$/, "must be the account's numeric Hub ID").optional()),
  /** Where HubSpot's app lives for this account (EU accounts: https://app-eu1.hubspot.com). */
  HUBSPOT_APP_URL: url(["https:", "http:"]).default("https://app.hubspot.com"),
  /** The internal ids of the pipeline and stage new deals are created in. */
  HUBSPOT_DEAL_PIPELINE: z.string().trim().min(1).max(100).default("default"),
  HUBSPOT_DEAL_STAGE: z.string().trim().min(1).max(100).default("appointmentscheduled"),
  /** Calendly's webhook signing key: POST /api/webhooks/calendly verifies every delivery with it. */
  CALENDLY_WEBHOOK_SIGNING_KEY: optionalString,
  /** Minutes after which a booking or enterprise lead still without a meeting alerts staff (decimals allowed). */
  LEADS_FOLLOW_UP_MINUTES: z.coerce.number().min(0.01).max(7 * 24 * 60).default(30),
  /** The first-contact target: a lead still New after this many minutes is overdue. */
  LEADS_FIRST_CONTACT_MINUTES: z.coerce.number().min(0.01).max(7 * 24 * 60).default(15),
  /**
   * A lead still New LEADS_FIRST_CONTACT_MINUTES after it arrived (and after each move): "next"
   * gives it to the next person in the rotation who is not its owner, "alert" only alerts staff
   * (docs/decisions/0711).
   */
  LEADS_REASSIGN: z.enum(["next", "alert"]).default("next"),
  /** How many times one lead is moved (or alerted about) for want of a first contact; 0: never. */
  LEADS_REASSIGN_MAX: z.coerce.number().int().min(0).max(20).default(2),
  /** "true": a lead without a meeting at the follow-up time also gets one e-mail back to the scheduler (docs/decisions/0704). */
  LEADS_PROSPECT_REMINDER: z.enum(["true", "false"]).default("false"),
  /** Prospect reminders queued per recipient e-mail domain per day (a 24-hour window from the first). */
  LEADS_PROSPECT_REMINDER_DOMAIN_DAILY_MAX: z.coerce.number().int().min(1).default(5),
  /** Calls per month above which a lead is an enterprise prospect ("Enterprise fit"; docs/decisions/0710). */
  LEADS_ENTERPRISE_CALLS_PER_MONTH: z.coerce.number().int().min(1).max(1_000_000).default(ENTERPRISE_CALLS_PER_MONTH_DEFAULT),
  /** Admin screens retry a failed data request 3 times, after this delay, then twice it, then four times it. */
  ADMIN_QUERY_RETRY_BASE_MS: z.coerce.number().int().min(1).max(30_000).default(1000),
  /** Sender of invitations, password resets and access notices; LEADS_NOTIFY_FROM when unset (docs/decisions/0205). */
  STAFF_MAIL_FROM: optionalString,
  /**
   * Hours an invitation link stays valid (docs/decisions/0205). Fractions down to 0.001 (3.6 s)
   * are accepted, as LEADS_FIRST_CONTACT_MINUTES's are, so a browser test can watch a link expire.
   */
  STAFF_INVITATION_HOURS: z.coerce.number().min(0.001).max(24 * 30).default(72),
  /** "true": every admin must set up two-factor sign-in before the admin area opens to them. */
  ADMIN_REQUIRE_TWO_FACTOR: z.enum(["true", "false"]).default("false"),
  ...staffSsoEnvShape,
  /** "false": the site does not count its own visits (POST /api/events answers 404, the page sends nothing). */
  ANALYTICS_ENABLED: z.enum(["true", "false"]).default("true"),
  /** Days the raw analytics events and visitor-days are kept; the daily rollups stay (docs/decisions/0801). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days the audit log keeps an entry; older ones are deleted by housekeeping (docs/decisions/0202). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** New visitors one address may bring per UTC day; further ones count as one (docs/decisions/0801). */
  ANALYTICS_VISITORS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * What a production start may run without, comma-separated (docs/deploy.md): embedded-database,
   * example-content, no-bot-check, insecure-notifications. Empty: none of them.
   */
  ALLOW_IN_PRODUCTION: z
    .string()
    .trim()
    .transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.enum(productionOptOuts)))
    .default([]),
});

export type Env = z.infer<typeof envSchema>;

export type AppConfig = {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  publicUrl: string;
  buildDir: string;
  /** ALLOW_IN_PRODUCTION: what a production start may run without (the content's examples are checked at start: server/content/example-content.ts). */
  allowInProduction: ProductionOptOut[];
  logLevel: Env["LOG_LEVEL"];
  trustProxyHeader: string | undefined;
  recaptcha: {
    siteKey: string | null;
    secretKey: string | null;
    minScore: number;
    verifyUrl: string;
    allowedHostnames: string[];
    timeoutMs: number;
  };
  leads: {
    rateLimit: { max: number; windowSeconds: number };
    /** Posts without JavaScript (unverified when reCAPTCHA is configured) per client IP per rateLimit window. */
    scriptlessRateLimitMax: number;
    /** Known refusals are answered this many ms late (RefusalPacer); 0 answers them at once. */
    refusalDelayMs: number;
    outbox: {
      pollMs: number;
      retryBaseMs: number;
      retryMaxMs: number;
      leaseMs: number;
      deliveryTimeoutMs: number;
      maxAttempts: number;
      deadRetentionDays: number;
    };
    /** Minutes after submitting when a lead without a meeting alerts staff. */
    followUpMinutes: number;
    /** Minutes a lead may wait in New before it counts as overdue. */
    firstContactMinutes: number;
    /**
     * A lead still New after the first-contact target (docs/decisions/0711): moved to the next
     * person in the rotation ("next") or only alerted about ("alert"), at most `max` times.
     */
    reassign: { mode: "next" | "alert"; max: number };
    /** Whether the follow-up also e-mails the prospect a link back to the scheduler. */
    prospectReminder: boolean;
    /** Prospect reminders queued per recipient e-mail domain per 24 hours. */
    prospectReminderDomainDailyMax: number;
    /** Verifies Calendly's webhook deliveries; without it the webhook endpoint answers 404. */
    calendlySigningKey: string | undefined;
    /** Calls per month above which a lead is an enterprise prospect. */
    enterpriseCallsPerMonth: number;
  };
  authSecret: string | undefined;
  /** DATA_DIR, resolved: the development mailbox lives under it (staffMail.mailboxDir). */
  dataDir: string;
  /**
   * Mail to staff (invitations, resets, access notices: docs/decisions/0205): the sender, how long
   * an invitation lasts, and where messages go while no SMTP_URL is set outside production (a
   * folder of files, never the log); null in production, where such mail is refused instead.
   */
  staffMail: { from: string; invitationHours: number; mailboxDir: string | null };
  /** Admins without two-factor sign-in are refused by the admin API (ADMIN_REQUIRE_TWO_FACTOR). */
  requireAdminTwoFactor: boolean;
  /** Sign in with Google / Microsoft for existing staff (docs/decisions/0215). */
  staffSso: StaffSsoConfig;
  /** First-party funnel analytics (docs/decisions/0801). */
  analytics: { enabled: boolean; retentionDays: number; visitorsPerAddress: number };
  /** The audit log (docs/decisions/0202): entries older than `retentionDays` are deleted. */
  audit: { retentionDays: number };
  notify: {
    smtpUrl: string | undefined;
    to: string | undefined;
    from: string;
    webhookUrl: string | undefined;
    webhookSecret: string | undefined;
    slackWebhookUrl: string | undefined;
  };
  /** The HubSpot hand-off (docs/decisions/0720); null when HUBSPOT_ACCESS_TOKEN is unset. */
  hubspot: HubSpotConfig | null;
  runtime: RuntimeConfig;
};

export type HubSpotConfig = {
  accessToken: string;
  /** API origin, without a trailing slash. */
  apiUrl: string;
  portalId: string;
  /** HubSpot's app origin, without a trailing slash: record links are built on it. */
  appUrl: string;
  dealPipeline: string;
  dealStage: string;
};

/** The least length of a signing secret (BETTER_AUTH_SECRET; LEADS_WEBHOOK_SECRET in production). */
export const MIN_SECRET_LENGTH = 32;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * What a production start refuses, one line per variable, unless ALLOW_IN_PRODUCTION names the
 * kind of setting: a deployment that says it is production must not quietly run on the
 * embedded database, send visitors to the example scheduler or take leads without the bot check.
 */
function unsafeProductionSettings(e: z.infer<typeof envSchema>): string[] {
  const allowed = new Set<ProductionOptOut>(e.ALLOW_IN_PRODUCTION);
  const optOut = (kind: ProductionOptOut) => `, or add ${kind} to ALLOW_IN_PRODUCTION`;
  const problems: string[] = [];
  if (!e.DATABASE_URL && !allowed.has("embedded-database")) {
    problems.push(
      `  DATABASE_URL: required in production (PostgreSQL; the embedded database is for local runs${optOut("embedded-database")})`,
    );
  }
  if (!allowed.has("example-content")) {
    for (const name of exampleContentVariables(e)) {
      problems.push(`  ${name}: still the example value; set this deployment's own${optOut("example-content")}`);
    }
  }
  if (!allowed.has("no-bot-check")) {
    for (const name of ["RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET_KEY"] as const) {
      if (!e[name]) problems.push(`  ${name}: required in production (the bot check on lead forms${optOut("no-bot-check")})`);
    }
  }
  if (!allowed.has("insecure-notifications")) problems.push(...insecureNotificationChannels(e, optOut("insecure-notifications")));
  return problems;
}

/**
 * Notification channels that would carry a lead, or the Slack URL that is itself a secret, in
 * clear text (docs/decisions/0606). nodemailer reads options from the SMTP URL's query string, so
 * `?requireTLS=true` makes it refuse a server that does not offer STARTTLS; without it, an smtp://
 * connection goes on unencrypted whenever the server (or someone in between) leaves STARTTLS out.
 */
function insecureNotificationChannels(e: z.infer<typeof envSchema>, optOut: string): string[] {
  const problems: string[] = [];
  const plainHttp = (value: string | undefined) => value !== undefined && new URL(value).protocol === "http:";
  if (plainHttp(e.LEADS_WEBHOOK_URL)) {
    problems.push(`  LEADS_WEBHOOK_URL: must use https:// in production (each delivery carries the lead's contact details${optOut})`);
  }
  if (e.HUBSPOT_ACCESS_TOKEN && plainHttp(e.HUBSPOT_API_URL)) {
    problems.push(`  HUBSPOT_API_URL: must use https:// in production (each request carries the access token and the lead's contact details${optOut})`);
  }
  if (plainHttp(e.SLACK_WEBHOOK_URL)) {
    problems.push(`  SLACK_WEBHOOK_URL: must use https:// in production (the URL is the webhook's secret and each message names a lead${optOut})`);
  }
  if (e.SMTP_URL) {
    const smtp = new URL(e.SMTP_URL);
    const requireTls = smtp.searchParams.getAll("requireTLS");
    if (smtp.protocol === "smtp:" && (requireTls.length === 0 || requireTls.some((value) => value !== "true"))) {
      problems.push(
        "  SMTP_URL: an smtp:// server must be required to use STARTTLS in production: add ?requireTLS=true " +
          `(the mail is then never sent unencrypted), or use smtps://${optOut}`,
      );
    }
    if (smtp.searchParams.getAll("tls.rejectUnauthorized").includes("false")) {
      problems.push(`  SMTP_URL: tls.rejectUnauthorized=false turns off the check of the mail server's certificate; remove it${optOut}`);
    }
  }
  return problems;
}

/**
 * Secrets a production start refuses when short: HMAC keys that anyone holding one signed message
 * (a webhook receiver's logs) could otherwise guess offline (docs/decisions/0606). Not optional.
 */
function weakProductionSecrets(e: z.infer<typeof envSchema>): string[] {
  if (e.LEADS_WEBHOOK_SECRET && e.LEADS_WEBHOOK_SECRET.length < MIN_SECRET_LENGTH) {
    return [`  LEADS_WEBHOOK_SECRET: must be at least ${MIN_SECRET_LENGTH} characters in production (e.g. \`openssl rand -base64 32\`)`];
  }
  return [];
}

/**
 * A bad value as the start-up error may print it: secrets not at all, and a URL without its
 * credentials (a malformed DATABASE_URL or SMTP_URL usually still carries its password).
 */
function shownValue(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  // A webhook URL's secret is its path (Slack's incoming webhooks).
  if (/SECRET|PASSWORD|TOKEN|_KEY$|WEBHOOK_URL$/.test(name)) return "[redacted]";
  return redactUrlValue(value);
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `  ${name}: ${issue.message} (got ${JSON.stringify(shownValue(name, source[name]))})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");

  const problems: string[] = [];
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET_KEY)) {
    problems.push(
      "  RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY: set both to turn the bot check on, or neither to leave it off",
    );
  }
  if (e.LEADS_WEBHOOK_URL && !e.LEADS_WEBHOOK_SECRET) {
    problems.push("  LEADS_WEBHOOK_SECRET: required when LEADS_WEBHOOK_URL is set (deliveries are HMAC-signed)");
  }
  if (e.LEADS_PROSPECT_REMINDER === "true" && !e.SMTP_URL) {
    problems.push("  LEADS_PROSPECT_REMINDER: needs SMTP_URL (the reminder is an e-mail)");
  }
  if (e.HUBSPOT_ACCESS_TOKEN && !e.HUBSPOT_PORTAL_ID) {
    problems.push("  HUBSPOT_PORTAL_ID: required when HUBSPOT_ACCESS_TOKEN is set (the account's Hub ID, for the lead page's link to the record)");
  }
  if (e.SMTP_URL && !e.LEADS_NOTIFY_TO) {
    problems.push("  LEADS_NOTIFY_TO: required when SMTP_URL is set (the address that receives new leads)");
  }
  if (e.LEADS_OUTBOX_LEASE_MS < 2 * e.LEADS_OUTBOX_DELIVERY_TIMEOUT_MS) {
    const timeout = e.LEADS_OUTBOX_DELIVERY_TIMEOUT_MS;
    problems.push(
      `  LEADS_OUTBOX_LEASE_MS: must be at least twice LEADS_OUTBOX_DELIVERY_TIMEOUT_MS (2 × ${timeout} = ${2 * timeout} ms, got ${e.LEADS_OUTBOX_LEASE_MS}), ` +
        "so a delivery always ends while its claim holds and no other worker sends it at the same time; raise the lease or lower the timeout",
    );
  }
  if (e.NODE_ENV === "production" && !e.BETTER_AUTH_SECRET) {
    problems.push("  BETTER_AUTH_SECRET: required in production (signs admin session cookies; e.g. `openssl rand -base64 32`)");
  }
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL) {
    problems.push("  PUBLIC_URL: required in production (the https origin visitors use; cookies and origin checks depend on it)");
  } else if (e.NODE_ENV === "production" && !e.PUBLIC_URL!.startsWith("https://")) {
    problems.push("  PUBLIC_URL: must use https:// in production (session cookies are Secure-only and HSTS is sent)");
  }
  if (e.NODE_ENV === "production") problems.push(...weakProductionSecrets(e), ...unsafeProductionSettings(e));
  if (e.BETTER_AUTH_SECRET && e.BETTER_AUTH_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push(`  BETTER_AUTH_SECRET: must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  problems.push(...staffSsoProblems(e));
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);

  const publicHost = new URL(publicUrl).hostname;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: path.resolve(e.DATA_DIR) },
    publicUrl,
    buildDir: path.resolve(e.BUILD_DIR, "client"),
    allowInProduction: e.ALLOW_IN_PRODUCTION,
    logLevel: e.LOG_LEVEL,
    trustProxyHeader: e.TRUST_PROXY_HEADER?.toLowerCase(),
    recaptcha: {
      siteKey: e.RECAPTCHA_SITE_KEY ?? null,
      secretKey: e.RECAPTCHA_SECRET_KEY ?? null,
      minScore: e.RECAPTCHA_MIN_SCORE,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
      allowedHostnames: [
        publicHost,
        ...(e.RECAPTCHA_ALLOWED_HOSTNAMES ?? "").split(",").map((h) => h.trim()).filter(Boolean),
      ],
      timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
    },
    leads: {
      rateLimit: { max: e.LEADS_RATE_LIMIT_MAX, windowSeconds: e.LEADS_RATE_LIMIT_WINDOW_SECONDS },
      scriptlessRateLimitMax: e.LEADS_SCRIPTLESS_RATE_LIMIT_MAX,
      refusalDelayMs: e.LEADS_REFUSAL_DELAY_MS,
      outbox: {
        pollMs: e.LEADS_OUTBOX_POLL_MS,
        retryBaseMs: e.LEADS_OUTBOX_RETRY_BASE_MS,
        retryMaxMs: e.LEADS_OUTBOX_RETRY_MAX_MS,
        leaseMs: e.LEADS_OUTBOX_LEASE_MS,
        deliveryTimeoutMs: e.LEADS_OUTBOX_DELIVERY_TIMEOUT_MS,
        maxAttempts: e.LEADS_OUTBOX_MAX_ATTEMPTS,
        deadRetentionDays: e.LEADS_OUTBOX_DEAD_RETENTION_DAYS,
      },
      followUpMinutes: e.LEADS_FOLLOW_UP_MINUTES,
      firstContactMinutes: e.LEADS_FIRST_CONTACT_MINUTES,
      reassign: { mode: e.LEADS_REASSIGN, max: e.LEADS_REASSIGN_MAX },
      prospectReminder: e.LEADS_PROSPECT_REMINDER === "true",
      prospectReminderDomainDailyMax: e.LEADS_PROSPECT_REMINDER_DOMAIN_DAILY_MAX,
      calendlySigningKey: e.CALENDLY_WEBHOOK_SIGNING_KEY,
      enterpriseCallsPerMonth: e.LEADS_ENTERPRISE_CALLS_PER_MONTH,
    },
    authSecret: e.BETTER_AUTH_SECRET,
    dataDir: path.resolve(e.DATA_DIR),
    staffMail: {
      from: e.STAFF_MAIL_FROM ?? e.LEADS_NOTIFY_FROM ?? `leads@${publicHost}`,
      invitationHours: e.STAFF_INVITATION_HOURS,
      mailboxDir: e.SMTP_URL || e.NODE_ENV === "production" ? null : path.join(path.resolve(e.DATA_DIR), "mailbox"),
    },
    requireAdminTwoFactor: e.ADMIN_REQUIRE_TWO_FACTOR === "true",
    staffSso: staffSsoConfig(e),
    analytics: { enabled: e.ANALYTICS_ENABLED === "true", retentionDays: e.ANALYTICS_RETENTION_DAYS, visitorsPerAddress: e.ANALYTICS_VISITORS_PER_ADDRESS },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    notify: {
      smtpUrl: e.SMTP_URL,
      to: e.LEADS_NOTIFY_TO,
      from: e.LEADS_NOTIFY_FROM ?? `leads@${publicHost}`,
      webhookUrl: e.LEADS_WEBHOOK_URL,
      webhookSecret: e.LEADS_WEBHOOK_SECRET,
      slackWebhookUrl: e.SLACK_WEBHOOK_URL,
    },
    hubspot: e.HUBSPOT_ACCESS_TOKEN
      ? {
          accessToken: e.HUBSPOT_ACCESS_TOKEN,
          apiUrl: e.HUBSPOT_API_URL.replace(/\/+$/, ""),
          portalId: e.HUBSPOT_PORTAL_ID!,
          appUrl: e.HUBSPOT_APP_URL.replace(/\/+$/, ""),
          dealPipeline: e.HUBSPOT_DEAL_PIPELINE,
          dealStage: e.HUBSPOT_DEAL_STAGE,
        }
      : null,
    runtime: {
      publicUrl,
      demoSchedulerUrl: e.DEMO_SCHEDULER_URL,
      enterpriseSchedulerUrl: e.ENTERPRISE_SCHEDULER_URL,
      merchUrl: e.MERCH_URL,
      careersEmail: e.CAREERS_EMAIL,
      supportEmail: e.SUPPORT_EMAIL,
      supportPhone: e.SUPPORT_PHONE,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY ?? null,
      gtmId: e.GTM_ID ?? null,
      ga4Id: e.GA4_ID ?? null,
      metaPixelId: e.META_PIXEL_ID ?? null,
      adminQueryRetryBaseMs: e.ADMIN_QUERY_RETRY_BASE_MS,
      enterpriseCallsPerMonth: e.LEADS_ENTERPRISE_CALLS_PER_MONTH,
      collectEvents: e.ANALYTICS_ENABLED === "true",
      staffSignOn: staffSsoProviders(staffSsoConfig(e)),
    },
  };
}
