import { QueryCache, QueryClient } from "@tanstack/react-query";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { isAuthError } from "./api-client";

/**
 * TanStack Query with its defaults, which are the required timings (docs/product.md#timings-and-sizes):
 * 3 retries with exponential back-off (1 s, 2 s, 4 s) capped at 30 s, and cached data collected
 * after 5 minutes. We only
 * skip retries for 401/403: a missing session or role will not come back by asking again. The
 * first delay is the deployment's (ADMIN_QUERY_RETRY_BASE_MS, 1 s by default), so the tests see
 * an error state after the same three retries without waiting seven seconds.
 */
export const ADMIN_QUERY_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

export function createAdminQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A data call refused mid-session (expired, role removed): re-check the session, and the
      // page's AdminShell then sends the user to the login page.
      onError: (error, query) => {
        if (isAuthError(error) && query.queryKey[1] !== "me") void client.invalidateQueries({ queryKey: ["admin", "me"] });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !isAuthError(error) && failures < ADMIN_QUERY_RETRIES,
        retryDelay: (attempt) => Math.min(getRuntimeConfig().adminQueryRetryBaseMs * 2 ** attempt, MAX_RETRY_DELAY_MS),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
