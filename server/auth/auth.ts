import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import type { AppConfig } from "../config";
import type { Database, Db } from "../db/client";
import type { Logger } from "../logger";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { accounts, authRateLimits, passkeys, sessions, twoFactors, users, verifications } from "../db/schema";
import { writeAudit } from "../platform/audit-log";
import { wakeOutbox } from "../platform/outbox-signal";
import { queueStaffMail } from "../platform/staff-mail";
import { APIError } from "better-auth/api";
import { hasPasskey } from "./second-factor";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import { authAudit } from "./auth-audit";
import { failedSignInAudit } from "./failed-sign-in-audit";
import { staffSignOn, staffSocialProviders } from "./staff-sso";

/** A passkey whose device did not verify its user (PIN, fingerprint, face) is refused (0207). */
export const PASSKEY_USER_VERIFICATION_MESSAGE =
  "Your passkey did not check that it is you (no PIN, fingerprint or face). Set one up on the device, or sign in with your password.";

/** The product name shown in authenticator apps next to the enrolled account. */
export const TOTP_ISSUER = "AgentDesk Admin";

/** Sign-in attempts allowed per client IP in one window (better-auth's own limiter, stored in auth_rate_limits). */
export const SIGN_IN_IP_LIMIT = { window: 60, max: 5 } as const;

/**
 * How many second-factor codes can be tried (docs/decisions/0202). A six-digit code has a million
 * values, so these bound an attacker who has the password to a handful of guesses per quarter
 * hour. Spelled out rather than left to better-auth's defaults, so an upgrade that changes one
 * cannot loosen it unnoticed: tests/api/auth-two-factor.test.ts holds each.
 * - codesPerSignIn: wrong codes one half-way sign-in takes before it is ended (a new password
 *   step is needed). better-auth 1.7 fixes this number inside verify-totp and verify-backup-code
 *   (`beginAttempt(5)`); it is no option, so it is written here for the tests and the docs only.
 * - lockAfterFailures / lockSeconds: consecutive wrong codes of one account, across half-way
 *   sign-ins and both factors, after which the second factor refuses even the right code for that
 *   long (the two-factor plugin's `accountLockout`). A right code resets the count.
 * - signInSeconds: how long a half-way sign-in stays open (`twoFactorCookieMaxAge`).
 * - perAddress: our own limit on /two-factor/* per client address (better-auth's limiter).
 */
export const TWO_FACTOR_LIMITS = {
  codesPerSignIn: 5,
  lockAfterFailures: 10,
  lockSeconds: 15 * 60,
  signInSeconds: 10 * 60,
  perAddress: { window: 60, max: 10 },
} as const;

/**
 * Where two-factor sign-in is required (ADMIN_REQUIRE_TWO_FACTOR) and an account's only second
 * factor is a passkey, a password alone would open it: it signs in with the passkey instead
 * (docs/decisions/0207).
 */
export const PASSKEY_SIGN_IN_REQUIRED = {
  code: "PASSKEY_SIGN_IN_REQUIRED",
  message: "This account signs in with its passkey: choose \"Sign in with a passkey\". Lost it? Ask an admin to reset your sign-in methods.",
} as const;

/** What a deactivated account's sign-in answers (the session hook below; deactivation: admin/staff-access-service.ts). */
export const DEACTIVATED_SIGN_IN_MESSAGE = "This account has been deactivated. Ask an admin of your team to reactivate it.";

/** Whether the account may hold a session (checked when better-auth creates one, and by requireStaff). */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ deactivatedAt: users.deactivatedAt }).from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
  return !row;
}

/** How long a password-reset link works (docs/decisions/0205). */
export const RESET_LINK_SECONDS = 3600;

/**
 * Reset requests allowed (docs/decisions/0205): per client address by better-auth's limiter, per
 * e-mail address by ours (auth-routes.ts), so neither one address nor one inbox can be flooded.
 */
export const RESET_REQUEST_LIMITS = {
  perClientAddress: { window: 15 * 60, max: 5 },
  perEmail: { windowSeconds: 60 * 60, max: 3 },
} as const;

/**
 * The rate-limit bucket of password-reset requests for one address: a hash of the address (trimmed,
 * lowercased), never the address. The erasure of a person's data finds it the same way
 * (server/admin/privacy-service.ts).
 */
export function resetRequestLimitKey(address: string): string {
  return `auth-reset-email:${crypto.createHash("sha256").update(address.trim().toLowerCase()).digest("hex")}`;
}

/** The reset page's link: the token in the fragment, which browsers never send to a server. */
export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/admin/reset-password#token=${token}`;

/**
 * The reset link's mail. An account without a password (deactivation removed it, and it has been
 * reactivated since: docs/decisions/0206) is asked to set one, with the same link and token.
 */
function passwordLinkMail(publicUrl: string, to: string, token: string, hasPassword: boolean) {
  const link = resetLink(publicUrl, token);
  if (hasPassword) {
    return {
      to,
      subject: "Reset your admin password",
      text: [
        "Someone (hopefully you) asked to reset the password of your admin account.",
        "",
        "Choose a new password here (the link works once, for one hour):",
        link,
        "",
        "Setting it signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
    };
  }
  return {
    to,
    subject: "Set a password for your admin account",
    text: [
      "Your admin account has no password: it was removed when the account was deactivated, and the account is active again.",
      "",
      "Choose a new password here (the link works once, for one hour; after that, use Forgot password on the sign-in page):",
      link,
      "",
      "Your passkeys were removed too: add them again from your account page once you are signed in.",
      "If you did not expect this, tell an admin of your team.",
    ].join("\n"),
  };
}

/**
 * Mails `email` a link to set a password through better-auth's own reset flow (its token, its
 * expiry, the /admin/reset-password page): what reactivating an account sends (0206).
 */
export async function mailPasswordLink(auth: Auth, email: string): Promise<void> {
  await auth.api.requestPasswordReset({ body: { email } });
}

/**
 * Minimum length for passwords set by `npm run admin:create` (the login form only checks 6:
 * docs/product.md#admin-login).
 */
export const MIN_NEW_PASSWORD_LENGTH = 8;

/**
 * Used only outside production when BETTER_AUTH_SECRET is unset, so a fresh checkout runs; the
 * config refuses to start in production without a real secret.
 */
const DEVELOPMENT_SECRET = "development-only-secret-not-for-production-use-0000";

export type AuthDeps = { config: AppConfig; database: Database; logger: Logger };

export function createAuth({ config, database, logger }: AuthDeps) {
  let secret = config.authSecret;
  if (!secret) {
    if (config.env === "production") throw new Error("BETTER_AUTH_SECRET is required in production");
    logger.warn("BETTER_AUTH_SECRET is not set: using a built-in development secret (sessions are not secure; never do this in production)");
    secret = DEVELOPMENT_SECRET;
  }
  const publicUrl = new URL(config.publicUrl);
  // One per auth instance: the password, second-factor and single sign-on audits share it.
  const failedSignIns = failedSignInAudit(database.db, logger);
  const isLocalhost = ["localhost", "127.0.0.1", "[::1]"].includes(publicUrl.hostname);

  return betterAuth({
    appName: TOTP_ISSUER,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl.origin],
    socialProviders: staffSocialProviders(config.staffSso),
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
        rateLimit: authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // The first admin is made with `npm run admin:create`, everyone else by invitation; there is no public sign-up.
      disableSignUp: true,
      minPasswordLength: MIN_NEW_PASSWORD_LENGTH,
      // Forgot password (docs/decisions/0205): a single-use link valid an hour, by the staff-mail outbox.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A deactivated account gets nothing, and the answer is the same (better-auth's own).
        const [row] = await database.db.select({ deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, user.id));
        if (row?.deactivatedAt) return;
        const [password] = await database.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
        await queueStaffMail(database.db, config, passwordLinkMail(config.publicUrl, user.email, token, password !== undefined));
        wakeOutbox();
      },
      onPasswordReset: async ({ user }) => {
        await writeAudit(database.db, { userId: user.id, email: user.email }, { action: "auth.password.reset", target: user.id });
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way of signing in makes a session here: a deactivated account gets none, and a
          // plain message (docs/decisions/0206).
          before: async (session, context) => {
            if (await isDeactivated(database.db, session.userId)) {
              throw new APIError("FORBIDDEN", { message: DEACTIVATED_SIGN_IN_MESSAGE, code: "ACCOUNT_DEACTIVATED" });
            }
            // A password sign-in of an account without TOTP (with TOTP, the two-factor plugin
            // turns this session into a half-way sign-in) whose second factor is a passkey.
            if (config.requireAdminTwoFactor && context?.path === "/sign-in/email") {
              const [row] = await database.db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, session.userId));
              if (!row?.twoFactorEnabled && (await hasPasskey(database.db, session.userId))) throw new APIError("FORBIDDEN", { ...PASSKEY_SIGN_IN_REQUIRED });
            }
          },
        },
      },
    },
    session: {
      // No cookieCache (better-auth's default): each request reads its session from the database,
      // so deactivation or a reset ends it at once (docs/decisions/0206).
      // Staff sessions: a working day, renewed while in use.
      expiresIn: 60 * 60 * 12,
      updateAge: 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { ...SIGN_IN_IP_LIMIT },
        "/two-factor/*": { ...TWO_FACTOR_LIMITS.perAddress },
        "/request-password-reset": { ...RESET_REQUEST_LIMITS.perClientAddress },
        "/reset-password": { window: 60, max: 10 },
        "/passkey/*": { ...TWO_FACTOR_LIMITS.perAddress },
      },
    },
    advanced: {
      // "uuid" would leave the id to a database default, and the auth tables have none (their ids
      // are plain uuid columns), so we generate v4 uuids here; user_roles.user_id references them.
      database: { generateId: () => crypto.randomUUID() },
      // NODE_ENV=test would otherwise switch the origin check off; we want it on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: !isLocalhost,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The auth route sets this header itself from the socket or TRUST_PROXY_HEADER (client-ip.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      staffSignOn({ config, db: database.db, failedSignIns }),
      twoFactor({
        issuer: TOTP_ISSUER,
        backupCodeOptions: { amount: 10 },
        twoFactorCookieMaxAge: TWO_FACTOR_LIMITS.signInSeconds,
        accountLockout: {
          enabled: true,
          maxFailedAttempts: TWO_FACTOR_LIMITS.lockAfterFailures,
          durationSeconds: TWO_FACTOR_LIMITS.lockSeconds,
        },
        // No trustDeviceMaxAge: the auth route refuses `trustDevice`, so no device is ever trusted.
      }),
      // Passkeys (docs/decisions/0207): a staff member adds one while signed in (a session under a
      // day old, better-auth's freshSessionMiddleware) and signs in with it instead of a password.
      // The relying party is PUBLIC_URL's host, and only PUBLIC_URL's origin is accepted.
      // A passkey counts as two factors (the device and its PIN or biometric), so the device must
      // say it verified the user, at registration and at every sign-in: a security key without a
      // PIN is possession alone, and the plugin's own check leaves verification optional.
      passkey({
        rpID: publicUrl.hostname,
        rpName: TOTP_ISSUER,
        origin: publicUrl.origin,
        authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
        registration: {
          afterVerification: async ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) {
              throw new APIError("BAD_REQUEST", { message: PASSKEY_USER_VERIFICATION_MESSAGE, code: "PASSKEY_USER_NOT_VERIFIED" });
            }
          },
        },
        authentication: {
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) {
              throw new APIError("UNAUTHORIZED", { message: PASSKEY_USER_VERIFICATION_MESSAGE, code: "PASSKEY_USER_NOT_VERIFIED" });
            }
          },
        },
      }),
      // After twoFactor: its hooks run first, so the audit sees whether a sign-in is complete.
      authAudit(database.db, config, failedSignIns),
    ],
    logger: {
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { detail: args } : {};
        if (level === "error") logger.error(fields, `auth: ${message}`);
        else if (level === "warn") logger.warn(fields, `auth: ${message}`);
        else logger.debug(fields, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
