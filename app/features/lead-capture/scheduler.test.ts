import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collect } from "~/lib/collector";
import { reportLeadEvent } from "./lead-events";
import { openSchedulerSoon, SCHEDULER_DELAY_MS } from "./scheduler";

vi.mock("~/lib/collector", () => ({ collect: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));
vi.mock("./lead-events", () => ({ reportLeadEvent: vi.fn(), scheduledBookingUris: () => ({}) }));

const prefill = { name: "Ada", email: "ada@example.com", guests: [], answers: [] };

describe("the scheduler shown, counted for the funnel (docs/decisions/0803)", () => {
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
