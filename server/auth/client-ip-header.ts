/**
 * better-auth reads the client IP from a header. We set this one ourselves on every request we
 * forward to it (and drop any value a client sent), so a client cannot pick its own rate-limit
 * bucket by sending X-Forwarded-For when no proxy is in front.
 */
export const CLIENT_IP_HEADER = "x-agentdesk-client-ip";
