import net from "node:net";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Logger } from "../logger";

/** Headers proxies write the client's address into: seeing one means a proxy is probably in front. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/**
 * The client's address for rate limits and consent evidence. Behind a proxy the configured header
 * carries it; for x-forwarded-for-style lists we take the rightmost entry, the one our own proxy
 * appended (entries to its left are whatever the client chose to send). Without the header, or
 * when its entry is no address, the socket's address. Either is normalised by normalizeIp (a
 * proxy that appends `1.2.3.4:5678` still names the visitor, not itself). Never throws: in-process
 * tests have no socket. A request that suggests TRUST_PROXY_HEADER is wrong is logged once
 * (warnProxyMismatch).
 */
export function clientIp(c: Context, trustProxyHeader: string | undefined): string {
  if (trustProxyHeader) {
    const raw = c.req.header(trustProxyHeader);
    const candidate = raw
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    const ip = candidate ? normalizeIp(candidate) : null;
    if (ip) return ip;
    warnProxyMismatch(c, "trusted-header-missing", trustProxyHeader);
  } else {
    const forwarded = FORWARDING_HEADERS.find((name) => c.req.header(name) !== undefined);
    if (forwarded) warnProxyMismatch(c, "proxy-header-untrusted", forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return (address && normalizeIp(address)) ?? "unknown";
  } catch {
    return "unknown";
  }
}

type ProxyMismatch = "proxy-header-untrusted" | "trusted-header-missing";

/** What each logger has been told already: once per logger, and the server has one per process. */
const warned = new WeakMap<Logger, Set<ProxyMismatch>>();

/**
 * A wrong TRUST_PROXY_HEADER shows only in who shares a rate-limit bucket, so the first request
 * that betrays it is logged as a warning (docs/decisions/0102): by the header's name only, never
 * an address, and once, because a proxy sends the header with every request.
 */
function warnProxyMismatch(c: Context, kind: ProxyMismatch, header: string): void {
  const logger = (c.get("deps") as { logger?: Logger } | undefined)?.logger;
  if (!logger) return;
  const told = warned.get(logger) ?? new Set<ProxyMismatch>();
  if (told.has(kind)) return;
  told.add(kind);
  warned.set(logger, told);
  if (kind === "proxy-header-untrusted") {
    logger.warn(
      { header, trustProxyHeader: null },
      `Requests carry ${header} but TRUST_PROXY_HEADER is unset, so each client is counted by the connection's address. ` +
        "Behind a proxy that address is the proxy's: every visitor may share one rate-limit bucket (lead forms and sign-in). " +
        `Set TRUST_PROXY_HEADER to the header the proxy writes (for example ${header}); leave it unset only when clients reach this server directly.`,
    );
  } else {
    logger.warn(
      { header, trustProxyHeader: header },
      `TRUST_PROXY_HEADER is ${header}, but a request came without an address in it, so it was counted by the connection's address. ` +
        "Either it reached this server without passing the proxy, where a client can send that header itself and pick its own " +
        "rate-limit bucket, or the proxy writes another header. Let only the proxy reach this server, and set TRUST_PROXY_HEADER to the header it writes.",
    );
  }
}

/**
 * One address as proxies and sockets write it, or null when it is none: without a port
 * (`1.2.3.4:5678`, `[2001:db8::1]:443`), brackets or zone id (`fe80::1%eth0`), and an IPv4-mapped
 * IPv6 address as the IPv4 address it is (`::ffff:1.2.3.4`, what a dual-stack socket reports).
 * IPv6 comes back in its canonical compressed lower-case form, so one address is one string.
 */
export function normalizeIp(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  if (value.includes(":")) value = value.replace(/%.*$/, "");
  const family = net.isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  const groups = ipv6Groups(value);
  if (!groups) return null;
  // ::ffff:a.b.c.d: an IPv4 visitor on a dual-stack socket or proxy.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return compressIpv6(groups);
}

/**
 * The key every per-address limit counts under: an IPv4 address as is, an IPv6 address by its /64
 * (one subscriber, one LAN: a single host holds a whole /64 and can pick a fresh address per
 * request). Takes what clientIp answers; evidence keeps the full address.
 */
export function rateLimitKeyOf(ip: string): string {
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${compressIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (net.isIPv6 checked), a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(zeros).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** RFC 5952 text: lower-case hex, the longest run (two or more) of zero groups as `::`. */
function compressIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}
