import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { adminSessionKey } from "./admin-session";
import { ADMIN_QUERY_RETRIES, createAdminQueryClient, isWorthRetrying } from "./query-client";

describe("the admin queries' one retry rule", () => {
  it("asks again after a failure to answer, never after a refusal", () => {
    for (const status of [401, 403, 400, 404, 409]) expect(isWorthRetrying(new ApiError(status, "refused")), String(status)).toBe(false);
    for (const status of [408, 429, 500, 502, 503]) expect(isWorthRetrying(new ApiError(status, "failed")), String(status)).toBe(true);
    expect(isWorthRetrying(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("is every query's default, up to three retries", () => {
    const retry = createAdminQueryClient().getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(404, "no such lead"))).toBe(false);
    expect(retry(ADMIN_QUERY_RETRIES - 1, new ApiError(503, "down"))).toBe(true);
    expect(retry(ADMIN_QUERY_RETRIES, new ApiError(503, "down"))).toBe(false);
  });
});

describe("a refused call re-checks the session", () => {
  const refused = (status: number) => () => Promise.reject(new ApiError(status, "refused"));
  const sessionInvalidated = (client: ReturnType<typeof createAdminQueryClient>) => client.getQueryState(adminSessionKey)?.isInvalidated;

  it("after a write refused with 401 or 403 (the shell then leaves for the login page), not after a 400", async () => {
    const client = createAdminQueryClient();
    client.setQueryData(adminSessionKey, { email: "rep@example.com" });
    const mutate = (status: number) => client.getMutationCache().build(client, { mutationFn: refused(status) }).execute(undefined).catch(() => undefined);
    await mutate(400);
    expect(sessionInvalidated(client)).toBe(false);
    await mutate(401);
    expect(sessionInvalidated(client)).toBe(true);
    client.setQueryData(adminSessionKey, { email: "rep@example.com" });
    await mutate(403);
    expect(sessionInvalidated(client)).toBe(true);
  });

  it("after a read refused, including one under the session's own key (the account page's sessions)", async () => {
    const client = createAdminQueryClient();
    client.setQueryData(adminSessionKey, { email: "rep@example.com" });
    await client.fetchQuery({ queryKey: ["admin", "me", "sessions"], queryFn: refused(401) }).catch(() => undefined);
    expect(sessionInvalidated(client)).toBe(true);
  });
});
