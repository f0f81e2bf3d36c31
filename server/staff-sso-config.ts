import { z } from "zod";

/**
 * Staff single sign-on settings (docs/decisions/0215): the environment variables, their checks and
 * the parsed form. Kept apart from config.ts so that file only spreads them in.
 */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Microsoft's multi-tenant names: any organisation's (or anyone's) account could then sign in. */
const MULTI_TENANT_NAMES = new Set(["common", "organizations", "consumers"]);

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const staffSsoEnvShape = {
  /** "Sign in with Google" for existing staff: an OAuth client of Google Cloud (web application). */
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** "Sign in with Microsoft" for existing staff: an app registration in Microsoft Entra ID. */
  MICROSOFT_CLIENT_ID: optional,
  MICROSOFT_CLIENT_SECRET: optional,
  /** The company's Entra tenant (its id or primary domain); required with MICROSOFT_CLIENT_ID. */
  MICROSOFT_TENANT_ID: optional,
  /** Entra's login host (national clouds differ; tests point it at a local fake). */
  MICROSOFT_AUTHORITY: z.string().trim().url().default("https://login.microsoftonline.com"),
  /** Comma-separated e-mail domains whose staff may use single sign-on; empty: any staff e-mail. */
  STAFF_SSO_DOMAINS: z
    .string()
    .trim()
    .transform((value) => value.split(",").map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean))
    .pipe(z.array(z.string().regex(DOMAIN, "must be e-mail domains separated by commas, e.g. example.com,example.org")))
    .default([]),
};

type StaffSsoEnv = z.infer<z.ZodObject<typeof staffSsoEnvShape>> & { NODE_ENV: string };

export type StaffSsoProvider = "google" | "microsoft";

export type StaffSsoConfig = {
  google: { clientId: string; clientSecret: string } | null;
  microsoft: { clientId: string; clientSecret: string; tenantId: string; authority: string } | null;
  /** Lower-case e-mail domains allowed to sign in this way; empty: every staff e-mail. */
  domains: string[];
};

/** One line per variable that cannot work as set. */
export function staffSsoProblems(e: StaffSsoEnv): string[] {
  const problems: string[] = [];
  for (const [id, secret] of [
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET"],
  ] as const) {
    if (Boolean(e[id]) !== Boolean(e[secret])) problems.push(`  ${id} and ${secret}: set both to offer this sign-in, or neither`);
  }
  if (e.MICROSOFT_CLIENT_ID) {
    if (!e.MICROSOFT_TENANT_ID) {
      problems.push("  MICROSOFT_TENANT_ID: required with MICROSOFT_CLIENT_ID (your organisation's Entra tenant id or primary domain)");
    } else if (MULTI_TENANT_NAMES.has(e.MICROSOFT_TENANT_ID.toLowerCase())) {
      problems.push(`  MICROSOFT_TENANT_ID: must name your organisation's tenant, not "${e.MICROSOFT_TENANT_ID}" (which lets accounts of any tenant sign in)`);
    }
  }
  if (e.NODE_ENV === "production" && e.MICROSOFT_CLIENT_ID && !e.MICROSOFT_AUTHORITY.startsWith("https://")) {
    problems.push("  MICROSOFT_AUTHORITY: must use https:// in production (the token exchange carries the client secret)");
  }
  return problems;
}

export function staffSsoConfig(e: StaffSsoEnv): StaffSsoConfig {
  return {
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    microsoft:
      e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET && e.MICROSOFT_TENANT_ID
        ? { clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, tenantId: e.MICROSOFT_TENANT_ID, authority: e.MICROSOFT_AUTHORITY.replace(/\/+$/, "") }
        : null,
    domains: e.STAFF_SSO_DOMAINS,
  };
}

/** The providers the login page offers, in the order it shows them. */
export function staffSsoProviders(sso: StaffSsoConfig): StaffSsoProvider[] {
  return [...(sso.google ? (["google"] as const) : []), ...(sso.microsoft ? (["microsoft"] as const) : [])];
}
