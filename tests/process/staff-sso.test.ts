import { describe, expect, it } from "vitest";
import { runAdminCreate } from "../support/admin-cli";
import { cookiesFrom } from "../support/cookies";
import { FakeProvider, MICROSOFT, TENANT, type Identity } from "../support/fake-sso-provider";
import { seededDataDir, spawnServer, type SpawnedServer } from "../support/spawn-server";

/**
 * Staff single sign-on (docs/decisions/0215) in the server a deployment runs: the esbuild bundle,
 * whose better-auth and its providers are split into chunks, talking over real HTTP to a token
 * endpoint in another process. The flow, its refusals and Google are tested in process, on the
 * TypeScript sources (tests/api/auth-sso.test.ts); this checks that the bundle's token exchange
 * works at all.
 *
 * Microsoft only: its token endpoint comes from MICROSOFT_AUTHORITY, so the server's environment
 * can point it at the local fake (tests/support/fake-sso-provider.ts). Google's is fixed inside
 * better-auth at https://oauth2.googleapis.com/token, which a test can redirect only within its
 * own process, not in a server it starts.
 */

const STAFF_EMAIL = "sso-admin@example.com";

/** The browser's round trip over HTTP: start, the provider's page (the fake), and the callback. */
async function signInWithMicrosoft(server: SpawnedServer, fake: FakeProvider, identity: Identity) {
  const start = await fetch(`${server.url}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ provider: "microsoft", callbackURL: "/admin/login", errorCallbackURL: "/admin/login" }),
  });
  expect(start.status, `${await start.clone().text()}\n--- server output ---\n${server.output()}`).toBe(200);
  const authorizeUrl = new URL(((await start.json()) as { url: string }).url);
  const code = fake.authorize(authorizeUrl, identity);
  const state = authorizeUrl.searchParams.get("state")!;
  const callback = await fetch(`${server.url}/api/auth/callback/microsoft?code=${code}&state=${encodeURIComponent(state)}`, {
    headers: { Cookie: cookiesFrom(start) },
    redirect: "manual",
  });
  const location = new URL(callback.headers.get("location") ?? "", server.url);
  return { authorizeUrl, callback, location, cookie: cookiesFrom(callback) };
}

describe("staff single sign-on in the built server", () => {
  it("exchanges Microsoft's code with the client secret and PKCE, and signs an existing admin in; an unknown e-mail gets no session", async () => {
    const fake = new FakeProvider();
    await fake.start();
    try {
      // An admin made as a deployment makes its first one, before the server starts.
      const dataDir = await seededDataDir("sso");
      const embedded = { DATA_DIR: dataDir, DATABASE_URL: "" };
      const created = await runAdminCreate(["--email", STAFF_EMAIL], { ...embedded, ADMIN_PASSWORD: "correct-horse-sso-1" });
      expect(created.code, created.output).toBe(0);

      // PUBLIC_URL is spawnServer's http://127.0.0.1:<port> (server.url): the Origin and the redirect URI.
      const server = await spawnServer({
        dataDir,
        env: {
          DATABASE_URL: "",
          MICROSOFT_CLIENT_ID: MICROSOFT.id,
          MICROSOFT_CLIENT_SECRET: MICROSOFT.secret,
          MICROSOFT_TENANT_ID: TENANT,
          MICROSOFT_AUTHORITY: fake.url,
          STAFF_SSO_DOMAINS: "example.com",
        },
      });
      try {
        const staff = await signInWithMicrosoft(server, fake, { email: STAFF_EMAIL });
        expect(staff.authorizeUrl.origin + staff.authorizeUrl.pathname).toBe(`${fake.url}/${TENANT}/oauth2/v2.0/authorize`);
        expect(staff.authorizeUrl.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/microsoft`);
        // One exchange, with our client id and the PKCE verifier (the fake checked the secret, and
        // the verifier against the challenge, and answered 401 or 400 had either been wrong).
        expect(fake.exchanges.map((e) => e.provider)).toEqual(["microsoft"]);
        expect(fake.exchanges[0]!.params.get("client_id")).toBe(MICROSOFT.id);
        expect(fake.exchanges[0]!.params.get("code_verifier")).toMatch(/^[\w.~-]{43,128}$/);

        expect(staff.callback.status).toBe(302);
        expect(staff.location.origin + staff.location.pathname).toBe(`${server.url}/admin/login`);
        expect(staff.location.searchParams.get("error"), `redirected to ${staff.location.href}\n--- server output ---\n${server.output()}`).toBeNull();
        expect(staff.cookie).toMatch(/session_token=/);
        const me = await fetch(`${server.url}/api/admin/me`, { headers: { Cookie: staff.cookie } });
        expect(me.status).toBe(200);
        expect(await me.json()).toMatchObject({ user: { email: STAFF_EMAIL, role: "admin" } });

        // No staff account with this e-mail: back on the login page with the code the page words, no session.
        const stranger = await signInWithMicrosoft(server, fake, { email: "stranger@example.com" });
        expect(fake.exchanges).toHaveLength(2);
        expect(stranger.callback.status).toBe(302);
        expect(stranger.location.origin + stranger.location.pathname).toBe(`${server.url}/admin/login`);
        expect(stranger.location.searchParams.get("error")).toBe("signup_disabled");
        expect(stranger.location.href).not.toContain("stranger");
        expect(stranger.cookie).not.toMatch(/session_token=/);
      } finally {
        await server.stop();
      }
    } finally {
      await fake.stop();
    }
  });
});
