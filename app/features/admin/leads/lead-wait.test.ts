import { describe, expect, it } from "vitest";
import { durationText as durationWithNbsp, leadWait as leadWaitWithNbsp, targetText as targetWithNbsp } from "./lead-wait";

// The texts join a number to its unit with a no-break space; read here with plain spaces.
const plain = (text: string) => text.replaceAll("\u00a0", " ");
const durationText = (ms: number) => plain(durationWithNbsp(ms));
const targetText = (minutes: number) => plain(targetWithNbsp(minutes));
const leadWait = (...args: Parameters<typeof leadWaitWithNbsp>) => {
  const wait = leadWaitWithNbsp(...args);
  return { ...wait, text: plain(wait.text) };
};

const created = "2026-03-02T09:00:00.000Z";
const at = (iso: string) => new Date(iso);

describe("speed to lead in words", () => {
  it("counts whole minutes, then hours and minutes, then days and hours", () => {
    expect(durationText(0)).toBe("less than 1 min");
    expect(durationText(59_999)).toBe("less than 1 min");
    expect(durationText(7 * 60_000 + 59_000)).toBe("7 min");
    expect(durationText(60 * 60_000)).toBe("1 h");
    expect(durationText(130 * 60_000)).toBe("2 h 10 min");
    expect(durationText(24 * 60 * 60_000)).toBe("1 d");
    expect(durationText((3 * 24 + 4) * 60 * 60_000 + 59 * 60_000)).toBe("3 d 4 h");
    // A clock that runs behind the server's never shows a negative wait.
    expect(durationText(-5 * 60_000)).toBe("less than 1 min");
  });

  it("keeps each number on the line of its unit", () => {
    expect(durationWithNbsp(130 * 60_000)).toBe("2\u00a0h 10\u00a0min");
    expect(targetWithNbsp(0.02)).toBe("1\u00a0s");
  });

  it("a contacted lead: how long it waited, whatever the time now", () => {
    const lead = { createdAt: created, firstResponseAt: "2026-03-02T09:07:30.000Z", status: "contacted" as const };
    expect(leadWait(lead, at("2026-03-09T00:00:00.000Z"))).toMatchObject({ kind: "waited", text: "waited 7 min" });
  });

  it("a lead that booked a meeting itself counts as answered when it booked", () => {
    const lead = { createdAt: created, firstResponseAt: "2026-03-02T11:10:00.000Z", status: "meeting_booked" as const };
    expect(leadWait(lead, at("2026-03-03T00:00:00.000Z")).text).toBe("waited 2 h 10 min");
  });

  it("a New lead: how long it has been waiting so far", () => {
    const lead = { createdAt: created, firstResponseAt: null, status: "new" as const };
    expect(leadWait(lead, at("2026-03-02T11:10:00.000Z"))).toMatchObject({ kind: "waiting", text: "waiting 2 h 10 min" });
    expect(leadWait(lead, at("2026-03-02T09:00:20.000Z")).text).toBe("waiting less than 1 min");
  });

  it("a lead out of New with no first response on record says so rather than inventing a wait", () => {
    const lead = { createdAt: created, firstResponseAt: null, status: "lost" as const };
    expect(leadWait(lead, at("2026-03-05T00:00:00.000Z"))).toEqual({ kind: "unknown", text: "no first contact recorded" });
  });

  it("names the first-contact target, in seconds when it is under a minute", () => {
    expect(targetText(15)).toBe("15 min");
    expect(targetText(90)).toBe("1 h 30 min");
    expect(targetText(0.02)).toBe("1 s");
    expect(targetText(0.5)).toBe("30 s");
  });
});
