import { describe, expect, it } from "vitest";
import type { AnalyticsFunnelStep } from "@shared/api/analytics-api";
import { changeText, checkCustomRange, formatRatio, funnelRows, presetRange, previousPeriodName, readReportLocation, reportSearch } from "./analytics-query";

const now = new Date("2026-11-24T23:30:00.000Z");
const read = (query: string) => readReportLocation(new URLSearchParams(query), now);

describe("the report's range and filter in the page URL", () => {
  it("counts the presets back from today (UTC), today included; 30 days without a range", () => {
    expect(presetRange("today", now)).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(presetRange("7d", now)).toEqual({ from: "2026-11-18", to: "2026-11-24" });
    expect(presetRange("90d", now)).toEqual({ from: "2026-08-27", to: "2026-11-24" });
    expect(read("")).toMatchObject({ preset: "30d", query: { from: "2026-10-26", to: "2026-11-24" }, filter: null, errors: {} });
    expect(read("range=today").query).toEqual({ from: "2026-11-24", to: "2026-11-24" });
  });

  it("reads a custom range and one row filter, and writes them back the same", () => {
    const location = read("range=custom&from=2026-11-01&to=2026-11-10&source=newsletter");
    expect(location).toMatchObject({ preset: "custom", query: { from: "2026-11-01", to: "2026-11-10", source: "newsletter" }, filter: { dimension: "source", value: "newsletter" } });
    expect(reportSearch(location.preset, location.custom, location.filter)).toBe("?range=custom&from=2026-11-01&to=2026-11-10&source=newsletter");
    // A preset's days are not written: a bookmark of "7 days" stays the last seven days.
    expect(reportSearch("7d", location.custom, { dimension: "landing", value: "/pricing" })).toBe("?range=7d&landing=%2Fpricing");
    expect(reportSearch("30d", location.custom, null)).toBe("");
    // Dates without a range are a custom range.
    expect(read("from=2026-11-01&to=2026-11-02").preset).toBe("custom");
  });

  it("takes the first filter of a link that names several: the report has one row filter", () => {
    expect(read("range=today&device=phone&campaign=fall").filter).toEqual({ dimension: "campaign", value: "fall" });
  });

  it("asks nothing for a bad custom range, with the shared schema's message beside the field", () => {
    expect(read("range=custom&from=2026-11-10&to=2026-11-01")).toMatchObject({ query: null, errors: { to: "The start date must not be after the end date" } });
    expect(read("range=custom&from=2026-02-30&to=2026-03-01")).toMatchObject({ query: null, errors: { from: "Not a valid date" } });
    expect(read("range=custom&from=1999-12-31&to=2026-03-01")).toMatchObject({ query: null, errors: { from: "Use a date between 2000-01-01 and 2100-12-31" } });
    expect(read("range=custom&from=2026-11-01")).toMatchObject({ query: null, errors: { to: expect.any(String) } });
    expect(checkCustomRange({ from: "2026-11-01", to: "2026-11-01" })).toEqual({});
    expect(checkCustomRange({ from: "", to: "2026-11-01" })).toEqual({ from: "Use the format YYYY-MM-DD" });
  });

  it("leaves out a filter the schema refuses, saying so, and still reports the range", () => {
    const location = read("range=7d&device=fridge");
    expect(location.filter).toBeNull();
    expect(location.query).toEqual({ from: "2026-11-18", to: "2026-11-24" });
    expect(location.errors.filter).toBe("The link's device filter is not valid and was left out.");
    expect(read(`source=${"x".repeat(101)}`).errors.filter).toContain("source filter");
    expect(read("source=").filter).toBeNull();
  });
});

describe("a figure's change against the previous period", () => {
  it("is a signed whole percentage, 'new' after none, 'no change' when equal", () => {
    expect(changeText(112, 100)).toEqual({ text: "+12%", trend: "up" });
    expect(changeText(95, 100)).toEqual({ text: "\u22125%", trend: "down" });
    expect(changeText(3, 0)).toEqual({ text: "new", trend: "new" });
    expect(changeText(0, 0)).toEqual({ text: "no change", trend: "flat" });
    expect(changeText(7, 7)).toEqual({ text: "no change", trend: "flat" });
    expect(changeText(1001, 1000)).toEqual({ text: "+<1%", trend: "up" });
    expect(changeText(0, 4)).toEqual({ text: "\u2212100%", trend: "down" });
  });

  it("names the period it compares with", () => {
    expect(previousPeriodName(1)).toBe("previous day");
    expect(previousPeriodName(30)).toBe("previous 30 days");
  });
});

describe("the funnel's conversions", () => {
  const funnel: AnalyticsFunnelStep[] = [
    { step: "visitors", count: 3 },
    { step: "cta_clicks", count: 2 },
    { step: "dialog_opens", count: 2 },
    { step: "form_starts", count: 0 },
    // A submission without a form start (the inline form typed before the page hydrated).
    { step: "submissions", count: 1 },
    { step: "meetings_booked", count: 1 },
  ];

  it("gives each step in order with its share of the step before and of the visitors", () => {
    // The server's order does not matter: the contract's is used.
    const rows = funnelRows([...funnel].reverse(), [{ step: "visitors", count: 2 }]);
    expect(rows.map((r) => [r.label, r.count, formatRatio(r.fromPrevious), formatRatio(r.fromVisitors), r.previous])).toEqual([
      ["Visitors", 3, "—", "100%", 2],
      ["CTA clicks", 2, "66.7%", "66.7%", 0],
      ["Dialog opens", 2, "100%", "66.7%", 0],
      ["Form starts", 0, "0%", "0%", 0],
      ["Submissions", 1, "—", "33.3%", 0],
      ["Meetings booked", 1, "100%", "33.3%", 0],
    ]);
  });

  it("has no conversion without visitors", () => {
    expect(funnelRows([], []).every((r) => r.count === 0 && r.fromVisitors === null)).toBe(true);
  });
});
