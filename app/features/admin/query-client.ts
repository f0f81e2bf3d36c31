import { QueryCache, QueryClient } from "@tanstack/react-query";
import { isAuthError } from "./api-client";

/**
 * TanStack Query with its defaults, which are the spec's timings: 3 retries with exponential
 * back-off capped at 30 s, and cached data collected after 5 minutes. We only skip retries for
 * 401/403: a missing session or role will not come back by asking again.
 */
export const ADMIN_QUERY_RETRIES = 3;

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
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
