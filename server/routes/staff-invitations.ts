import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { AcceptInvitationResponse, InvitationCheckResponse } from "@shared/api/admin-api";
import { acceptInvitationSchema, linkTokenSchema } from "@shared/schemas/admin";
import type { AppEnv } from "../app-env";
import type { Auth } from "../auth/auth";
import { CLIENT_IP_HEADER } from "../auth/client-ip-header";
import { clientIp } from "../http/client-ip";
import { invalidInput, jsonBody, publicErrorBody } from "../http/validation";
import { WITHDRAWN_PROBLEM, checkInvitation, claimInvitation, completeAcceptance, releaseAcceptance } from "../admin/invitations-service";

const BODY_LIMIT_BYTES = 4 * 1024;

/**
 * /api/staff/invitations: what an invited colleague's browser calls before they have an account
 * (docs/decisions/0205). The token travels in the JSON body, never in a URL. Accepting sets the
 * password (better-auth's own hashing and records), grants the role and signs in.
 */
export function staffInvitationRoutes(auth: Auth) {
  const routes = new Hono<AppEnv>();
  const invalid = invalidInput(publicErrorBody);
  const json = jsonBody({ maxBytes: BODY_LIMIT_BYTES, errorBody: publicErrorBody });

  routes.post("/check", json, zValidator("json", linkTokenSchema, invalid), async (c) => {
    const result = await checkInvitation(c.get("deps").database.db, c.req.valid("json").token);
    if (!result.ok) return c.json({ error: result.error, code: result.code }, result.status);
    return c.json({ email: result.email, role: result.role } satisfies InvitationCheckResponse);
  });

  routes.post("/accept", json, zValidator("json", acceptInvitationSchema, invalid), async (c) => {
    const { config, database } = c.get("deps");
    const { token, password } = c.req.valid("json");
    const claimed = await claimInvitation(database.db, token);
    if (!claimed.ok) return c.json({ error: claimed.error, code: claimed.code }, claimed.status);

    const ctx = await auth.$context;
    let userId: string;
    let createdUser = false;
    let granted: boolean;
    try {
      const found = await ctx.internalAdapter.findUserByEmail(claimed.email);
      if (found) {
        // An account made since the invitation (another invitation, admin:create): it keeps its password.
        userId = found.user.id;
      } else {
        const user = await ctx.internalAdapter.createUser({ email: claimed.email, name: claimed.email.split("@")[0]!, emailVerified: true }, { method: "invitation" });
        await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(password) });
        userId = user.id;
        createdUser = true;
      }
      granted = await completeAcceptance(database.db, claimed, userId, createdUser);
    } catch (error) {
      await releaseAcceptance(database.db, claimed.id);
      throw error;
    }
    if (!granted) {
      // The inviter lost access while this was under way (docs/decisions/0205): the account just
      // made for it, with no role, goes too.
      if (createdUser) await ctx.internalAdapter.deleteUser(userId);
      return c.json({ error: WITHDRAWN_PROBLEM.error, code: WITHDRAWN_PROBLEM.code }, WITHDRAWN_PROBLEM.status);
    }
    if (!createdUser) return c.json({ email: claimed.email, role: claimed.role, signedIn: false } satisfies AcceptInvitationResponse);

    // Signed in as a sign-in would: better-auth's own session and cookie (and its audit entry).
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxyHeader));
    const signIn = await auth.api.signInEmail({ body: { email: claimed.email, password }, headers, asResponse: true });
    const response = c.json({ email: claimed.email, role: claimed.role, signedIn: signIn.ok } satisfies AcceptInvitationResponse);
    for (const cookie of signIn.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  });

  return routes;
}
