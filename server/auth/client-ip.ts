import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * better-auth reads the client IP from a header. We set this one ourselves on every request we
 * forward to it (and drop any value a client sent), so a client cannot pick its own rate-limit
 * bucket by sending X-Forwarded-For when no proxy is in front.
 */
export const CLIENT_IP_HEADER = "x-agentdesk-client-ip";

/**
 * The client address: from TRUST_PROXY_HEADER when the server sits behind a proxy (for a list
 * such as X-Forwarded-For, the right-most entry, the one our proxy appended), else the socket.
 */
export function clientIp(c: Context, trustProxyHeader: string | undefined): string {
  if (trustProxyHeader) {
    const raw = c.req.header(trustProxyHeader);
    const last = raw?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return "unknown";
  }
}
