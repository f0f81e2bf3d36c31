import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { writeAudit, type AuditAction, type AuditActor } from "../platform/audit-log";
import { wakeOutbox } from "../platform/outbox-signal";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import type { FailedSignInAudit } from "./failed-sign-in-audit";
import { accessNoticeMail, canSendStaffMail, queueStaffMail } from "../platform/staff-mail";

/** The second-factor endpoints of the two-factor plugin, by the method they verify. */
const SECOND_FACTOR_PATHS: Record<string, string> = {
  "/two-factor/verify-totp": "totp",
  "/two-factor/verify-backup-code": "backup-code",
  "/two-factor/verify-otp": "otp",
};

/** better-auth's codes for a wrong code: the code was checked (a pending sign-in was real). */
const WRONG_CODE = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);

/** The two-factor plugin's cookie for a half-way sign-in (plugins/two-factor/constant.mjs). */
const PENDING_TWO_FACTOR_COOKIE = "two_factor";

const AUDITED = new Set([
  "/sign-in/email",
  "/sign-out",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/passkey/verify-authentication",
  "/passkey/verify-registration",
  "/passkey/delete-passkey",
  ...Object.keys(SECOND_FACTOR_PATHS),
]);

/** What the staff member is told by e-mail when a way of signing in to their account changes (docs/decisions/0207). */
const SIGN_IN_METHOD_NOTICES: Partial<Record<AuditAction, string>> = {
  "auth.two-factor.enabled": "Two-factor sign-in with an authenticator app was turned on for your admin account.",
  "auth.two-factor.disabled": "Two-factor sign-in with an authenticator app was turned off for your admin account.",
  "auth.passkey.added": "A passkey was added to your admin account: it signs in without a password.",
  "auth.passkey.removed": "A passkey was removed from your admin account.",
};

/**
 * An attempted e-mail as the account lookup reads it, fit for a staff-facing column: trimmed,
 * lower-case, without control characters (PostgreSQL text refuses NUL) and at most 254 characters
 * (RFC 5321's limit), or null when nothing is left.
 */
export function normalizedEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  // eslint-disable-next-line no-control-regex
  const email = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim().toLowerCase().slice(0, 254);
  return email === "" ? null : email;
}

/**
 * Writes staff sign-in events to audit_log (docs/decisions/0202): sign-ins, failed sign-ins
 * (wrong password, unknown account, wrong second-factor code; at most FAILED_SIGN_IN_AUDIT_LIMIT
 * per client address, the rest only logged), sign-outs, and two-factor turned
 * on, turned off and backup codes regenerated. A better-auth plugin listed after the two-factor
 * plugin, so its after-hook sees the outcome that plugin settled: a session (`newSession`) only
 * when the sign-in is complete, none while a second factor is pending. Rows hold who (user id and
 * e-mail, or the attempted e-mail when no account has it), what, the client address and the
 * method; never a password, code or token.
 */
export function authAudit(db: Db, config: Pick<AppConfig, "notify" | "staffMail" | "publicUrl">, failedSignIns: FailedSignInAudit): BetterAuthPlugin {
  // Who is signing out: read before better-auth deletes the session, keyed by this request's context.
  const signingOut = new WeakMap<object, AuditActor>();

  return {
    id: "agentdesk-audit",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-out",
          handler: createAuthMiddleware(async (ctx) => {
            const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            const found = token ? await ctx.context.internalAdapter.findSession(token) : null;
            if (found) signingOut.set(ctx.context, { userId: found.user.id, email: found.user.email });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => AUDITED.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            const error = isAPIError(returned) ? { status: returned.statusCode, code: String(returned.body?.code ?? "") } : null;
            // The signed-in user as the request found them (before the endpoint changed anything).
            const before = ctx.context.session?.user ?? null;
            const created = ctx.context.newSession?.user ?? null;
            const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
            const write = async (actor: AuditActor, action: AuditAction, details: Record<string, unknown>) => {
              await writeAudit(db, actor, { action, target: actor.userId, details: { ip, ...details } });
              // A new (or removed) way into the account is told to its owner, who may not be the one who did it.
              const notice = SIGN_IN_METHOD_NOTICES[action];
              if (notice && actor.email && canSendStaffMail(config)) {
                const where = ip ? ` (from the address ${ip})` : "";
                await queueStaffMail(db, config, accessNoticeMail(config, actor.email, `${notice}${where}`));
                wakeOutbox();
              }
            };
            const actorOf = (user: { id: string; email: string }): AuditActor => ({ userId: user.id, email: user.email });

            const path = ctx.path ?? "";
            const secondFactor = SECOND_FACTOR_PATHS[path];
            if (path === "/sign-in/email") {
              if (created) return void (await write(actorOf(created), "auth.sign-in", { method: "password" }));
              if (error?.status !== 401) return;
              const email = normalizedEmail((ctx.body as Record<string, unknown> | undefined)?.email);
              if (!email) return;
              const account = await ctx.context.internalAdapter.findUserByEmail(email);
              await failedSignIns.record({ userId: account?.user.id ?? null, email }, ip, {
                step: "password",
                reason: account ? "wrong password" : "no account with this e-mail",
              });
            } else if (secondFactor) {
              if (created && !before) return void (await write(actorOf(created), "auth.sign-in", { method: secondFactor }));
              if (created && before && !before.twoFactorEnabled && created.twoFactorEnabled) {
                return void (await write(actorOf(created), "auth.two-factor.enabled", { method: secondFactor }));
              }
              if (before || !error || error.status !== 401 || !WRONG_CODE.has(error.code)) return;
              const pending = await pendingSignInUser(ctx);
              if (pending) await failedSignIns.record(actorOf(pending), ip, { step: "two-factor", reason: "wrong code", method: secondFactor });
            } else if (path === "/two-factor/disable") {
              if (!error && before) await write(actorOf(before), "auth.two-factor.disabled", {});
            } else if (path === "/two-factor/generate-backup-codes") {
              if (!error && before) await write(actorOf(before), "auth.two-factor.backup-codes", {});
            } else if (path === "/passkey/verify-authentication") {
              if (created) await write(actorOf(created), "auth.sign-in", { method: "passkey" });
            } else if (path === "/passkey/verify-registration") {
              const added = returned as { id?: unknown; name?: unknown } | null;
              if (!error && before && added && typeof added.id === "string") {
                await write(actorOf(before), "auth.passkey.added", { passkeyId: added.id, name: typeof added.name === "string" ? added.name : null });
              }
            } else if (path === "/passkey/delete-passkey") {
              const id = (ctx.body as Record<string, unknown> | undefined)?.id;
              if (!error && before) await write(actorOf(before), "auth.passkey.removed", { passkeyId: typeof id === "string" ? id : null });
            } else if (path === "/sign-out") {
              const actor = signingOut.get(ctx.context);
              if (!error && actor) await write(actor, "auth.sign-out", {});
            }
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user of the half-way sign-in this request's two-factor cookie names, if it is still open. */
async function pendingSignInUser(ctx: HookContext): Promise<{ id: string; email: string } | null> {
  const cookie = ctx.context.createAuthCookie(PENDING_TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!pending) return null;
  return ctx.context.internalAdapter.findUserById(pending.value);
}
