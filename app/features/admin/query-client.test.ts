import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
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
