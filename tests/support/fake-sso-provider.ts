import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the token endpoints of staff single sign-on (docs/decisions/0215), for the
 * in-process tests (tests/api/auth-sso.test.ts) and the built server's (tests/process/staff-sso.test.ts).
 * It listens on 127.0.0.1 and checks the client credentials and PKCE like the real ones:
 * - Microsoft Entra's at `/<TENANT>/oauth2/v2.0/token`, reached through better-auth's `authority`
 *   option (MICROSOFT_AUTHORITY set to the fake's `url`);
 * - Google's at `/google/token`, which better-auth fixes at https://oauth2.googleapis.com/token:
 *   only a test that forwards that one URL to the fake, in its own process, reaches it.
 */

export const TENANT = "11111111-2222-4333-8444-555555555555";
export const GOOGLE = { id: "google-client-id.apps.example", secret: "google-client-secret" };
export const MICROSOFT = { id: "microsoft-client-id", secret: "microsoft-client-secret" };

/** Who signs in on the provider's page: `verified` is the provider's email_verified claim (true unless said). */
export type Identity = { email: string; verified?: boolean; subject?: string; name?: string };
export type Authorization = { provider: "google" | "microsoft"; identity: Identity; challenge: string; clientId: string; redirectUri: string };

/** A stand-in for Google's and Entra's token endpoints: the codes it "issued", and the exchanges it answered. */
export class FakeProvider {
  server = http.createServer((req, res) => void this.answer(req, res));
  url = "";
  codes = new Map<string, Authorization>();
  exchanges: { provider: string; params: URLSearchParams }[] = [];
  accessTokens: string[] = [];
  private key = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What the provider does when the person signs in on its page: a one-time code bound to the PKCE challenge. */
  authorize(authorizeUrl: URL, identity: Identity): string {
    const provider = authorizeUrl.hostname === "accounts.google.com" ? "google" : "microsoft";
    const code = crypto.randomBytes(16).toString("hex");
    this.codes.set(code, {
      provider,
      identity,
      challenge: authorizeUrl.searchParams.get("code_challenge")!,
      clientId: authorizeUrl.searchParams.get("client_id")!,
      redirectUri: authorizeUrl.searchParams.get("redirect_uri")!,
    });
    return code;
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const provider = req.url === "/google/token" ? "google" : req.url === `/${TENANT}/oauth2/v2.0/token` ? "microsoft" : null;
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method !== "POST" || !provider) return send(404, { error: "not_found" });
    this.exchanges.push({ provider, params });
    const client = provider === "google" ? GOOGLE : MICROSOFT;
    const grant = this.codes.get(params.get("code") ?? "");
    this.codes.delete(params.get("code") ?? "");
    const verifier = params.get("code_verifier") ?? "";
    const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
    if (params.get("client_id") !== client.id || params.get("client_secret") !== client.secret) return send(401, { error: "invalid_client" });
    if (!grant || grant.provider !== provider || grant.challenge !== challenge || grant.redirectUri !== params.get("redirect_uri")) {
      return send(400, { error: "invalid_grant" });
    }
    const { identity } = grant;
    const now = Math.floor(Date.now() / 1000);
    const claims =
      provider === "google"
        ? { iss: "https://accounts.google.com", aud: client.id, sub: identity.subject ?? `g-${identity.email}`, email: identity.email, email_verified: identity.verified ?? true, name: identity.name ?? "Staff Person", iat: now, exp: now + 3600 }
        : {
            iss: `${this.url}/${TENANT}/v2.0`,
            aud: client.id,
            tid: TENANT,
            oid: identity.subject ?? `m-${identity.email}`,
            sub: `pairwise-${identity.email}`,
            email: identity.email,
            email_verified: identity.verified ?? true,
            name: identity.name ?? "Staff Person",
            iat: now,
            exp: now + 3600,
          };
    const accessToken = crypto.randomBytes(12).toString("hex");
    this.accessTokens.push(accessToken);
    send(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: "openid email profile", id_token: this.sign(claims) });
  }

  private sign(claims: object): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const signed = `${part({ alg: "RS256", typ: "JWT", kid: "fake-1" })}.${part(claims)}`;
    return `${signed}.${crypto.sign("sha256", Buffer.from(signed), this.key.privateKey).toString("base64url")}`;
  }
}
