import { createAuthClient } from "better-auth/react";
import { twoFactorClient } from "better-auth/client/plugins";
import { passkeyClient } from "@better-auth/passkey/client";

function create() {
  // No baseURL: the client talks to /api/auth on whatever origin served the page, so nothing
  // deployment-specific is baked into the build.
  return createAuthClient({ basePath: "/api/auth", plugins: [twoFactorClient(), passkeyClient()] });
}

let client: ReturnType<typeof create> | null = null;

/** The better-auth client, created on first use (admin pages only run in the browser). */
export function authClient() {
  client ??= create();
  return client;
}
