import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { RESET_REQUEST_LIMITS, resetRequestLimitKey, type Auth } from "./auth";
import { MAIL_UNAVAILABLE_MESSAGE, canSendStaffMail } from "../platform/staff-mail";
import { databaseBuckets, decide } from "../platform/rate-limiter";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import { clientIp } from "../http/client-ip";
import { writeAudit } from "../platform/audit-log";
import { clearSignInAttempts, releaseSignInAttempt, reserveSignInAttempt, type SignInReservation } from "./account-sign-in-limit";
import { readAuthBody } from "./auth-request-body";
import { normalizedEmail } from "./auth-audit";

/**
 * A code sent with `trustDevice` would get a 30-day cookie that skips the second factor on that
 * browser: a stolen laptop or a copied cookie jar would then need only the password. Our sign-in
 * never offers it, so the server refuses it rather than quietly dropping it (docs/decisions/0202).
 */
export const TRUST_DEVICE_REFUSAL = {
  code: "TRUST_DEVICE_NOT_ALLOWED",
  message: "Trusted devices are not offered here: every sign-in asks for a code. Send the code without trustDevice.",
} as const;

/** The auth service's answer when credentials are missing (docs/product.md#sign-in-credentials). */
export const MISSING_CREDENTIALS_MESSAGE = "You must provide either an email or phone number and a password";

/**
 * better-auth's handler under /api/auth/*, behind guards of our own: a JSON body within
 * AUTH_BODY_LIMIT_BYTES (checked before and while it is read), the required message for missing
 * credentials, a per-account limit on password checks (better-auth limits per address only), and
 * a JSON message for paths better-auth does not serve (docs/decisions/0202).
 */
export function authRoutes(auth: Auth) {
  const routes = new Hono<AppEnv>();

  routes.on(["GET", "POST"], "/*", async (c) => {
    const { config, database } = c.get("deps");
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, config.trustProxyHeader);
    headers.set(CLIENT_IP_HEADER, ip);

    let body: string | undefined;
    if (c.req.method === "POST") {
      const read = await readAuthBody(c.req.raw);
      if (!read.ok) return c.json({ code: read.code, message: read.message }, read.status);
      body = read.text;
      // What is forwarded is exactly the text that was read and checked.
      headers.delete("content-length");
      headers.delete("transfer-encoding");
      if (body === undefined) headers.delete("content-type");
      // Every path: better-auth reads trustDevice at each second-factor step (TOTP, backup code, OTP).
      if (body !== undefined && asksToTrustDevice(body)) return c.json(TRUST_DEVICE_REFUSAL, 400);
    }

    if (c.req.method === "POST" && c.req.path === "/api/auth/request-password-reset") {
      // Refused before anything is looked up, so the answer says nothing about the address.
      if (!canSendStaffMail(config)) return c.json({ code: "MAIL_NOT_CONFIGURED", message: MAIL_UNAVAILABLE_MESSAGE }, 503);
      const address = readEmail(body ?? "");
      if (address) {
        // Counted in the database only: nothing asks this instance which addresses it refused, so
        // they stay out of the lead forms' remembered refusals (RateLimiter.known).
        const spec = { key: resetRequestLimitKey(address), ...RESET_REQUEST_LIMITS.perEmail };
        const decision = decide(spec, await databaseBuckets(database.db).count(spec));
        if (!decision.allowed) {
          return c.json(
            { code: "TOO_MANY_RESET_REQUESTS", message: `Too many reset requests for this address. Try again in ${Math.ceil(decision.retryAfterSeconds / 60)} minutes.` },
            429,
            { "Retry-After": String(decision.retryAfterSeconds) },
          );
        }
      }
    }

    let email: string | null = null;
    let reservation: SignInReservation | null = null;
    if (c.req.method === "POST" && c.req.path === "/api/auth/sign-in/email") {
      const credentials = readCredentials(body ?? "");
      if (!credentials) return c.json({ code: "MISSING_CREDENTIALS", message: MISSING_CREDENTIALS_MESSAGE }, 400);
      email = credentials.email;
      const attempt = await reserveSignInAttempt(database.db, email);
      if (!attempt.allowed) {
        const shown = attempt.lockedNow ? normalizedEmail(email) : null;
        if (shown) {
          const account = await (await auth.$context).internalAdapter.findUserByEmail(shown);
          const actor = { userId: account?.user.id ?? null, email: shown };
          await writeAudit(database.db, actor, { action: "auth.sign-in.locked", target: actor.userId, details: { ip } });
        }
        return c.json(
          {
            code: "ACCOUNT_TEMPORARILY_LOCKED",
            message: `Too many failed sign-in attempts for this account. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`,
          },
          429,
          { "Retry-After": String(attempt.retryAfterSeconds) },
        );
      }
      reservation = attempt.reservation;
    }

    const response = await auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }));
    if (email !== null && reservation !== null) {
      // 2xx: the password was right (a second factor may still follow). 401: it was checked and
      // wrong, so the attempt stays counted. Another 4xx: no password was checked (better-auth's
      // per-address limit, an invalid e-mail), so the attempt is given back. A 5xx keeps it.
      if (response.ok) await clearSignInAttempts(database.db, email);
      else if (response.status !== 401 && response.status < 500) await releaseSignInAttempt(database.db, reservation);
    }
    if (response.status === 404 && !(response.headers.get("content-type") ?? "").startsWith("application/json")) {
      // A path better-auth does not serve: answered like every other unknown /api path, in JSON.
      return c.json({ code: "NOT_FOUND", message: "Not found" }, 404);
    }
    return response;
  });

  return routes;
}

/** Whether a JSON body asks better-auth to trust this browser (anything but an absent or false trustDevice). */
function asksToTrustDevice(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("trustDevice" in parsed)) return false;
    const value = (parsed as { trustDevice: unknown }).trustDevice;
    return value !== false && value !== undefined;
  } catch {
    return false;
  }
}

/** The e-mail address of a body, normalised, or null. */
function readEmail(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const email = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>).email : undefined;
    return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The email and password of a sign-in body, or null when either is missing or empty. */
function readCredentials(body: string): { email: string; password: string } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { email, password } = parsed as Record<string, unknown>;
  if (typeof email !== "string" || email.trim() === "" || typeof password !== "string" || password === "") return null;
  return { email: email.trim().toLowerCase(), password };
}
