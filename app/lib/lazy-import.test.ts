import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryingImport, warmWhenIdle } from "./lazy-import";

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

describe("warmWhenIdle", () => {
  let idle: (() => void)[];
  let loadListeners: (() => void)[];
  let connection: { saveData?: boolean } | undefined;

  beforeEach(() => {
    idle = [];
    loadListeners = [];
    connection = undefined;
    vi.stubGlobal("document", { readyState: "interactive" });
    vi.stubGlobal("window", { addEventListener: (type: string, listener: () => void) => type === "load" && loadListeners.push(listener) });
    vi.stubGlobal("navigator", {
      get connection() {
        return connection;
      },
    });
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
  });
  afterEach(() => vi.unstubAllGlobals());

  const loaded = () => {
    (document as { readyState: string }).readyState = "complete";
    for (const listener of loadListeners) listener();
  };

  it("waits for the load event, then for an idle period", () => {
    const warm = vi.fn(async () => {});
    warmWhenIdle(warm);
    expect(idle).toHaveLength(0);
    loaded();
    expect(idle).toHaveLength(1);
    expect(warm).not.toHaveBeenCalled();
    idle[0]!();
    expect(warm).toHaveBeenCalledOnce();
  });

  it("after the load event, waits for an idle period only; a failed warm-up stays quiet", async () => {
    loaded();
    const warm = vi.fn(() => Promise.reject(new TypeError("offline")));
    warmWhenIdle(warm);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(warm).toHaveBeenCalledOnce();
    // An unhandled rejection would fail the test run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("does nothing for a visitor who asks to save data", () => {
    connection = { saveData: true };
    const warm = vi.fn(async () => {});
    warmWhenIdle(warm);
    loaded();
    expect(idle).toHaveLength(0);
    expect(warm).not.toHaveBeenCalled();
  });
});
