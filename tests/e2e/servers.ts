/**
 * The servers global-setup.ts starts for the whole run, and what tests need to know about them.
 * Global setup passes their addresses to the test workers in one environment variable.
 */
export const E2E_SERVERS_ENV = "AGENTDESK_E2E_SERVERS";

export const DEMO_SCHEDULER = "https://calendly.com/e2e-demo/30min";
export const ENTERPRISE_SCHEDULER = "https://calendly.com/e2e-enterprise/consult";

export type StaffAccount = { email: string; password: string; role: "admin" | "moderator" | "editor" | "user" };

export const staffAccounts = {
  admin: { email: "owner@example.com", password: "owner-password-1", role: "admin" },
  moderator: { email: "mod@example.com", password: "moderator-password-1", role: "moderator" },
  /** The content studio's writer, on the admin server (content-studio.spec.ts). */
  editor: { email: "editor@example.com", password: "editor-password-1", role: "editor" },
  newHire: { email: "new.hire@example.com", password: "new-hire-password-1", role: "user" },
  /** A second admin, on the lead desk's servers only: a lead's other possible owner, the "someone else" of a stale edit. */
  colleague: { email: "colleague@example.com", password: "colleague-password-1", role: "admin" },
  // On the admin server only, one account for each admin-area.spec.ts test that changes an account,
  // so those tests run side by side: roles given and taken on the users page, a password reset, a
  // deactivation, two-factor sign-in turned on. None is an admin: the users page's test removes
  // the last admin role and must be refused.
  assignee: { email: "assignee@example.com", password: "assignee-password-1", role: "user" },
  forgetful: { email: "forgetful@example.com", password: "forgetful-password-1", role: "moderator" },
  leaver: { email: "leaver@example.com", password: "leaver-password-1", role: "moderator" },
  enrolling: { email: "enrolling@example.com", password: "enrolling-password-1", role: "moderator" },
} as const satisfies Record<string, StaffAccount>;

/** The lead desk's servers sign Calendly deliveries with this key (admin-leads.spec.ts books meetings with it). */
export const LEAD_DESK_CALENDLY_KEY = "e2e-calendly-signing-key";
/** The lead desk's servers' first-contact target: 1.2 s, so a lead the test made is overdue moments later. */
export const LEAD_DESK_FIRST_CONTACT_MINUTES = 0.02;

/**
 * `mail`, on a server that sends mail by SMTP to a local sink (global-setup.ts): GET it with
 * ?to=<address> for the messages the sink received for that address (see staff-mail.ts).
 */
export type E2EServer = { url: string; mail?: string };

export type E2EServers = {
  /** The plain deployment: no tags, no bot check, no notifications. */
  site: E2EServer;
  /** A tag manager and a Meta pixel configured (consent). */
  tags: E2EServer;
  /** GA4 and a Meta pixel configured (conversions on /booking-success). */
  pixels: E2EServer;
  /** The bot check on, notifications to a local webhook receiver, one admin account. */
  leads: E2EServer & { receiverUrl: string; siteverifyUrl: string };
  /**
   * Staff accounts of every role, an empty lead table, mail by SMTP to a sink. One server for both
   * projects: the phone project's admin tests (screens at 390 px, passkeys) store no lead and read
   * only what they made, by e-mail address.
   */
  admin: E2EServer;
  /**
   * The lead desk (admin-leads.spec.ts), one per browser project: two admins, an empty lead table,
   * a first-contact target of seconds and Calendly's webhook on. Apart from `admin`, whose bookings
   * list admin-area.spec.ts expects to hold only its own leads.
   */
  leadDesk: Record<"desktop" | "phone", E2EServer>;
  /**
   * The funnel report (analytics-report.spec.ts), one per browser project, each starting with no
   * visit: the scheduler and the bot check as on the leads server, one admin. Each browser context
   * of the test is its own visitor through x-forwarded-for (TRUST_PROXY_HEADER) and its user agent.
   */
  analytics: Record<"desktop" | "phone", E2EServer>;
};

let cached: E2EServers | null = null;

export function e2eServers(): E2EServers {
  if (cached) return cached;
  const raw = process.env[E2E_SERVERS_ENV];
  if (!raw) throw new Error(`${E2E_SERVERS_ENV} is not set: the servers come from tests/e2e/global-setup.ts (run the suite with playwright test)`);
  cached = JSON.parse(raw) as E2EServers;
  return cached;
}
