import { MutationCache, QueryCache, QueryClient, hashKey } from "@tanstack/react-query";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { adminSessionKey } from "./admin-session";
import { ApiError, isAuthError } from "./api-client";

/**
 * TanStack Query with its defaults, which are the required timings (docs/product.md#timings-and-sizes):
 * 3 retries with exponential back-off (1 s, 2 s, 4 s) capped at 30 s, and cached data collected
 * after 5 minutes. A refusal is not retried: a missing session or role (401/403), input the server
 * refused (400), a record that is not there (404) will answer the same again; a timeout (408) or
 * a rate limit (429) may not, and a 5xx or a network failure is retried. The first delay is the deployment's (ADMIN_QUERY_RETRY_BASE_MS, 1 s by default), so the tests see
 * an error state after the same three retries without waiting seven seconds.
 */
export const ADMIN_QUERY_RETRIES = 3;

/** Whether asking again may get another answer: not for a refusal (any 4xx but 408 and 429). */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status < 400 || error.status >= 500 || error.status === 408 || error.status === 429;
}
const MAX_RETRY_DELAY_MS = 30_000;

export function createAdminQueryClient() {
  // A call refused mid-session (signed out elsewhere, deactivated, role removed), whether it read
  // or wrote: re-check the session, and the page's AdminShell then sends the user to the login
  // page (or their own home, for a role removed). Not the session check's own refusal, which
  // AdminShell already acts on; a query under its key (["admin", "me", "sessions"]) counts.
  const recheckSession = () => void client.invalidateQueries({ queryKey: adminSessionKey, exact: true });
  const sessionKeyHash = hashKey(adminSessionKey);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isAuthError(error) && query.queryHash !== sessionKeyHash) recheckSession();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isAuthError(error)) recheckSession();
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => isWorthRetrying(error) && failures < ADMIN_QUERY_RETRIES,
        retryDelay: (attempt) => Math.min(getRuntimeConfig().adminQueryRetryBaseMs * 2 ** attempt, MAX_RETRY_DELAY_MS),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
