import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryingImport } from "./lazy-import";

describe("retryingImport", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("retries a failed import twice, 300 then 600 ms apart, and shares the result", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue("module");
    const importer = retryingImport(load);
    const first = importer();
    const second = importer();
    await vi.advanceTimersByTimeAsync(299);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(first).resolves.toBe("module");
    expect(second).toBe(first);
    await expect(importer()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("fails after the last retry, and the next call starts afresh", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError("offline"));
    const importer = retryingImport(load);
    const failed = importer();
    const outcome = expect(failed).rejects.toThrow("offline");
    await vi.advanceTimersByTimeAsync(900);
    await outcome;
    expect(load).toHaveBeenCalledTimes(3);
    load.mockResolvedValue("module");
    await expect(importer()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(4);
  });
});
