import { describe, expect, it } from "vitest";
import { formatPostDate } from "./post-meta";

describe("formatPostDate", () => {
  const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

  it("writes a post's date as Intl does in en-US, in UTC, whatever the hour", () => {
    const dates = [
      "2026-06-03T09:15:00.000Z",
      "2026-01-01T00:00:00.000Z",
      "2025-12-31T23:59:59.999Z",
      "2024-02-29T12:00:00.000Z",
      "2026-11-30T23:30:00.000Z",
    ];
    for (const iso of dates) expect(formatPostDate(iso)).toBe(intl.format(new Date(iso)));
    expect(formatPostDate("2026-06-03T09:15:00.000Z")).toBe("June 3, 2026");
  });

  it("writes every month's name", () => {
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 15)).toISOString();
      expect(formatPostDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });
});
