import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { collect as Collect } from "./collector";
import type { track as Track } from "./analytics";

vi.mock("./collector", () => ({ collect: vi.fn() }));

// Files share their worker's module cache (vitest.config.ts, isolate: false): a file that ran
// earlier may have loaded analytics.ts with the real collector. A fresh copy imports the mock.
let collect: typeof Collect;
let track: typeof Track;
beforeAll(async () => {
  vi.resetModules();
  ({ collect } = await import("./collector"));
  ({ track } = await import("./analytics"));
});

describe("track: the dataLayer, and the site's own count of the same presses", () => {
  let layer: Record<string, unknown>[];
  beforeEach(() => {
    layer = [];
    vi.stubGlobal("window", { dataLayer: layer });
    vi.mocked(collect).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a Book press counts as cta_click with its location; a consult press with location enterprise; a demo play as itself", () => {
    track("cta_book_click", { location: "compare" });
    track("enterprise_consult_click", {});
    track("demo_play", {});
    expect(vi.mocked(collect).mock.calls).toEqual([["cta_click", "compare"], ["cta_click", "enterprise"], ["demo_play"]]);
    expect(layer).toEqual([{ event: "cta_book_click", location: "compare" }, { event: "enterprise_consult_click" }, { event: "demo_play" }]);
  });

  it("the booking confirmation is the server's to count (from the booking outcome), not the page's", () => {
    track("booking_completed", { timestamp: "2026-11-24T10:00:00.000Z" });
    expect(collect).not.toHaveBeenCalled();
    expect(layer).toHaveLength(1);
  });

  it("a collector that throws does not break the page nor lose the dataLayer entry", () => {
    vi.mocked(collect).mockImplementationOnce(() => {
      throw new Error("broken");
    });
    expect(() => track("demo_play", {})).not.toThrow();
    expect(layer).toEqual([{ event: "demo_play" }]);
  });
});
