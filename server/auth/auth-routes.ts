import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import type { Auth } from "./auth";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import { clientIp } from "../http/client-ip";
import { accountLockedFor, clearAccountFailures, recordAccountFailure } from "./account-sign-in-limit";

/** The auth service's answer when credentials are missing (docs/product.md#sign-in-credentials). */
export const MISSING_CREDENTIALS_MESSAGE = "You must provide either an email or phone number and a password";

/**
 * better-auth's handler under /api/auth/*, behind two guards of our own on email sign-in: the
 * required message for missing credentials, and a per-account limit on failed attempts (better-auth
 * limits per address only).
 */
export function authRoutes(auth: Auth) {
  const routes = new Hono<AppEnv>();

  routes.on(["GET", "POST"], "/*", async (c) => {
    const { config, database } = c.get("deps");
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxyHeader));

    const isEmailSignIn = c.req.method === "POST" && c.req.path === "/api/auth/sign-in/email";
    let body: string | undefined;
    let email: string | null = null;
    // An empty string body would make the Request add a text/plain content type (better-auth: 415).
    if (c.req.method === "POST") body = (await c.req.text()) || undefined;
    if (isEmailSignIn) {
      const credentials = readCredentials(body ?? "");
      if (!credentials) return c.json({ code: "MISSING_CREDENTIALS", message: MISSING_CREDENTIALS_MESSAGE }, 400);
      email = credentials.email;
      const retryAfter = await accountLockedFor(database.db, email);
      if (retryAfter !== null) {
        return c.json(
          {
            code: "ACCOUNT_TEMPORARILY_LOCKED",
            message: `Too many failed sign-in attempts for this account. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
          },
          429,
          { "Retry-After": String(retryAfter) },
        );
      }
    }

    const response = await auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }));
    if (email !== null) {
      if (response.status === 401) await recordAccountFailure(database.db, email);
      else if (response.ok) await clearAccountFailures(database.db, email);
    }
    return response;
  });

  return routes;
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
