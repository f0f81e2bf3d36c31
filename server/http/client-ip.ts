import net from "node:net";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The client's address for rate limits and consent evidence. Behind a proxy the configured header
 * carries it; for x-forwarded-for-style lists we take the rightmost entry, the one our own proxy
 * appended (entries to its left are whatever the client chose to send). Without the header, the
 * socket's address. Never throws: in-process tests have no socket.
 */
export function clientIp(c: Context, trustProxyHeader: string | undefined): string {
  if (trustProxyHeader) {
    const raw = c.req.header(trustProxyHeader);
    const candidate = raw
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (candidate && net.isIP(candidate)) return candidate;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
