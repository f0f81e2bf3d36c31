import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { and, eq, inArray } from "drizzle-orm";
import { SSO_ERROR_MESSAGES } from "@shared/staff-sso";
import { staffRoles } from "@shared/schemas/admin";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { userRoles, users } from "../db/schema";
import { writeAudit, type AuditActor } from "../platform/audit-log";
import { wakeOutbox } from "../platform/outbox-signal";
import { canSendStaffMail, queueStaffMail } from "../platform/staff-mail";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import type { FailedSignInAudit } from "./failed-sign-in-audit";
import type { StaffSsoConfig, StaffSsoProvider } from "../staff-sso-config";

/**
 * Sign in with Google / Microsoft for existing staff (docs/decisions/0215), from better-auth's own
 * pieces: its `google` and `microsoft` social providers with sign-up off, its account linking
 * (by verified e-mail only), and database hooks that refuse an account or a session to anyone who
 * is not active staff within STAFF_SSO_DOMAINS. auth.ts takes `staffSocialProviders` as its
 * `socialProviders` and lists the `staffSignOn` plugin.
 */

const PROVIDER_NAMES: Record<StaffSsoProvider, string> = { google: "Google", microsoft: "Microsoft" };

const isSsoProvider = (id: unknown): id is StaffSsoProvider => id === "google" || id === "microsoft";

/** better-auth's options for the configured providers; none when no client id and secret are set. */
export function staffSocialProviders(sso: StaffSsoConfig): NonNullable<BetterAuthOptions["socialProviders"]> {
  return {
    ...(sso.google && {
      google: {
        clientId: sso.google.clientId,
        clientSecret: sso.google.clientSecret,
        // Staff are invited (docs/decisions/0205): a provider identity never makes a new user.
        disableSignUp: true,
        disableImplicitSignUp: true,
        prompt: "select_account" as const,
      },
    }),
    ...(sso.microsoft && {
      microsoft: {
        clientId: sso.microsoft.clientId,
        clientSecret: sso.microsoft.clientSecret,
        // One organisation's tenant: its issuer is then checked, and no other tenant's accounts sign in.
        tenantId: sso.microsoft.tenantId,
        authority: sso.microsoft.authority,
        disableSignUp: true,
        disableImplicitSignUp: true,
        // No Graph call for a photo: nothing but the e-mail and name is needed.
        disableProfilePhoto: true,
        prompt: "select_account" as const,
      },
    }),
  };
}

type Refusal = { code: keyof typeof SSO_ERROR_MESSAGES; reason: string };

/** Why this user may not use single sign-on, or null when they may. */
async function refusalFor(db: Db, userId: string, domains: string[]): Promise<{ actor: AuditActor; refusal: Refusal | null }> {
  const [user] = await db.select({ email: users.email, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId));
  if (!user) return { actor: { userId, email: null }, refusal: { code: "NOT_STAFF", reason: "no account" } };
  const actor = { userId, email: user.email };
  const roles = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [...staffRoles])));
  if (roles.length === 0) return { actor, refusal: { code: "NOT_STAFF", reason: "no staff role" } };
  if (user.deactivatedAt) return { actor, refusal: { code: "ACCOUNT_DEACTIVATED", reason: "deactivated" } };
  const domain = user.email.slice(user.email.lastIndexOf("@") + 1).toLowerCase();
  if (domains.length > 0 && !domains.includes(domain)) return { actor, refusal: { code: "SSO_DOMAIN_NOT_ALLOWED", reason: "e-mail domain not allowed" } };
  return { actor, refusal: null };
}

export const ID_TOKEN_REFUSAL = {
  code: "ID_TOKEN_SIGN_IN_NOT_OFFERED",
  message: "Signing in with a provider's id token is not offered here: use the sign-in buttons on the login page.",
} as const;

/** What better-auth's own refusals in the callback mean, for the audit log. */
const CALLBACK_REASONS: Record<string, string> = {
  signup_disabled: "no account with this e-mail",
  account_not_linked: "provider e-mail not verified",
  state_mismatch: "not started in this browser, or expired",
};

type EndpointContext = { path?: string; params?: Record<string, string | undefined>; context: object } | null | undefined;

/** The provider a request signs in with, when it is a single sign-on callback or an id-token sign-in. */
function ssoProviderOf(ctx: EndpointContext, body?: unknown): StaffSsoProvider | null {
  const path = ctx?.path ?? "";
  if (path.startsWith("/callback/")) {
    const id = ctx?.params?.id ?? path.slice("/callback/".length);
    return isSsoProvider(id) ? id : null;
  }
  if (path === "/sign-in/social") {
    const provider = (body as { provider?: unknown } | undefined)?.provider;
    return isSsoProvider(provider) ? provider : null;
  }
  return null;
}

/**
 * The plugin: account linking by verified e-mail only; refuses linking a provider account to, or
 * opening a session for, anyone but active staff within STAFF_SSO_DOMAINS (an APIError the
 * callback turns into a redirect to /admin/login with its code); audits every single sign-on
 * like a password sign-in (a failed one only when this browser started it, and within the
 * per-address limit of failedSignInAudit); and tells staff by e-mail when a sign-in method is
 * linked to them.
 */
export function staffSignOn({
  config,
  db,
  failedSignIns,
}: {
  config: Pick<AppConfig, "staffSso" | "notify" | "staffMail" | "publicUrl">;
  db: Db;
  failedSignIns: FailedSignInAudit;
}): BetterAuthPlugin {
  const domains = config.staffSso.domains;
  // Requests whose refusal a hook below has already audited (keyed by the request's auth context).
  const audited = new WeakSet<object>();

  const refuse = async (ctx: EndpointContext, provider: StaffSsoProvider, userId: string, ip: string | null) => {
    const { actor, refusal } = await refusalFor(db, userId, domains);
    if (!refusal) return;
    await failedSignIns.record(actor, ip, { step: "single sign-on", method: provider, reason: refusal.reason });
    if (ctx) audited.add(ctx.context);
    throw new APIError("FORBIDDEN", { code: refusal.code, message: SSO_ERROR_MESSAGES[refusal.code] });
  };
  const ipOf = (ctx: EndpointContext) => (ctx as { headers?: Headers } | null)?.headers?.get(CLIENT_IP_HEADER) ?? null;

  return {
    id: "agentdesk-staff-sso",
    init() {
      return {
        options: {
          // A callback better-auth cannot tie to its start (state cookie gone, another browser)
          // lands on the login page too, with its code, instead of better-auth's own error page.
          onAPIError: { errorURL: `${config.publicUrl}/admin/login` },
          account: {
            // The provider's access and refresh tokens are never used here; stored, they are encrypted.
            encryptOAuthTokens: true,
            accountLinking: {
              enabled: true,
              // No trusted providers: a provider account is linked to a staff account only when the
              // provider says it verified the e-mail, and only to the same address.
              trustedProviders: [],
              allowDifferentEmails: false,
              requireLocalEmailVerified: true,
            },
          },
          databaseHooks: {
            account: {
              create: {
                before: async (account, ctx) => {
                  if (!isSsoProvider(account.providerId)) return;
                  await refuse(ctx, account.providerId, account.userId, ipOf(ctx));
                },
                after: async (account) => {
                  if (!isSsoProvider(account.providerId)) return;
                  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, account.userId));
                  if (!user) return;
                  const name = PROVIDER_NAMES[account.providerId];
                  await writeAudit(db, { userId: account.userId, email: user.email }, { action: "auth.sign-in-method.linked", target: account.userId, details: { method: account.providerId } });
                  if (!canSendStaffMail(config)) return;
                  await queueStaffMail(db, config, {
                    to: user.email,
                    subject: `${name} sign-in was added to your admin account`,
                    text: [
                      `Your ${name} account was just used to sign in to your admin account, and it can now sign you in there.`,
                      "",
                      "If this was not you, tell an admin of your team at once: they can deactivate the account while it is looked into.",
                    ].join("\n"),
                  });
                  wakeOutbox();
                },
              },
            },
            session: {
              create: {
                before: async (session, ctx) => {
                  const provider = ssoProviderOf(ctx, (ctx as { body?: unknown } | null)?.body);
                  if (provider) await refuse(ctx, provider, session.userId, ipOf(ctx));
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          // Signing in by posting a provider's id token (One Tap and native apps) is not offered:
          // the login page uses the redirect with state and PKCE, and a token posted here would be
          // a second way in, good for its hour to whoever holds it.
          matcher: (ctx) => ctx.path === "/sign-in/social",
          handler: createAuthMiddleware(async (ctx) => {
            if ((ctx.body as { idToken?: unknown } | undefined)?.idToken !== undefined) throw new APIError("BAD_REQUEST", ID_TOKEN_REFUSAL);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ssoProviderOf(ctx, ctx.body) !== null,
          handler: createAuthMiddleware(async (ctx) => {
            const provider = ssoProviderOf(ctx, ctx.body)!;
            const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
            const created = ctx.context.newSession?.user;
            if (created) {
              await writeAudit(db, { userId: created.id, email: created.email }, { action: "auth.sign-in", target: created.id, details: { ip, method: provider } });
              return;
            }
            if (audited.has(ctx.context)) return;
            const code = errorCodeOf(ctx.context.returned);
            if (code === null) return;
            const failure = { step: "single sign-on", method: provider, reason: CALLBACK_REASONS[code] ?? code };
            // Only a callback to the sign-in this browser started is a failed sign-in. Anyone can
            // send the others, as often as they like (docs/decisions/0202): they are only logged.
            if (!ctx.path?.startsWith("/callback/")) return failedSignIns.ignore(failure, "refused before a sign-in started");
            if (!config.staffSso[provider]) return failedSignIns.ignore(failure, "single sign-on with this provider is not configured");
            if (!(await startedInThisBrowser(ctx))) return failedSignIns.ignore(failure, "no sign-in was started in this browser");
            await failedSignIns.record({ userId: null, email: null }, ip, failure);
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whether the request carries the state cookie better-auth sets when a browser starts a sign-in
 * (POST /sign-in/social, database state: a signed cookie naming the state, for 5 minutes). Signed
 * with our secret, so it cannot be made up; without it the callback was not started here.
 */
async function startedInThisBrowser(ctx: HookContext): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie("state");
  return Boolean(await ctx.getSignedCookie(cookie.name, ctx.context.secret));
}

/** The error code of a callback's answer: the `error` of its redirect, or an APIError's code; null when it is neither. */
function errorCodeOf(returned: unknown): string | null {
  if (!isAPIError(returned)) return null;
  const location = (returned.headers as Headers | undefined)?.get?.("location");
  if (location) {
    const error = new URL(location, "http://localhost").searchParams.get("error");
    return error;
  }
  return typeof returned.body?.code === "string" ? returned.body.code : String(returned.status);
}
