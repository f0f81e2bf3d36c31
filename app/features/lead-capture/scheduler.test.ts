import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as CollectorModule from "~/lib/collector";
import type * as LeadEventsModule from "./lead-events";
import type * as SchedulerModule from "./scheduler";

vi.mock("~/lib/collector", () => ({ collect: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));
vi.mock("./lead-events", () => ({ reportLeadEvent: vi.fn(), scheduledBookingUris: () => ({}) }));

const prefill = { name: "Ada", email: "ada@example.com", guests: [], answers: [] };

// The fast project shares one module cache per worker (vitest.config.ts, isolate: false): another
// file may have loaded the scheduler with the real collector already. A fresh copy, imported after
// the mocks, is bound to them whatever ran before.
let collect: typeof CollectorModule.collect;
let reportLeadEvent: typeof LeadEventsModule.reportLeadEvent;
let openSchedulerSoon: typeof SchedulerModule.openSchedulerSoon;
let SCHEDULER_DELAY_MS: number;
beforeAll(async () => {
  vi.resetModules();
  ({ collect } = await import("~/lib/collector"));
  ({ reportLeadEvent } = await import("./lead-events"));
  ({ openSchedulerSoon, SCHEDULER_DELAY_MS } = await import("./scheduler"));
});

describe("the scheduler shown, counted for the funnel (docs/decisions/0801)", () => {
  let opened: object | null;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(collect).mockClear();
    vi.mocked(reportLeadEvent).mockClear();
    opened = {};
    vi.stubGlobal("window", { setTimeout, open: vi.fn(() => opened) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("when the scheduler opens in a new tab, with or without a lead reference, and without naming anyone", async () => {
    openSchedulerSoon("https://scheduler.example.com/30min", prefill, "BK-7Q4M2X");
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SCHEDULER_DELAY_MS);
    expect(vi.mocked(collect).mock.calls).toEqual([["scheduler_shown"]]);
    openSchedulerSoon("https://scheduler.example.com/30min", prefill);
    await vi.advanceTimersByTimeAsync(SCHEDULER_DELAY_MS);
    expect(vi.mocked(collect).mock.calls).toEqual([["scheduler_shown"], ["scheduler_shown"]]);
  });

  it("not when the browser blocked the tab and the visitor has not pressed the toast's button", async () => {
    opened = null;
    openSchedulerSoon("https://scheduler.example.com/30min", prefill, "BK-7Q4M2X");
    await vi.advanceTimersByTimeAsync(SCHEDULER_DELAY_MS);
    expect(collect).not.toHaveBeenCalled();
    expect(reportLeadEvent).not.toHaveBeenCalled();
  });
});
