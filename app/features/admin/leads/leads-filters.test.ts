import { describe, expect, it } from "vitest";
import { BOOKINGS_DATE_RANGE_MESSAGE } from "@shared/schemas/admin";
import { utcDaysBefore } from "@shared/utc-day";
import { draftFromSearchParams, filtersFromSearchParams, leadsHref, parseDraft, searchParamsFromFilters, utcMonday } from "./leads-filters";

const owner = "0b6d3c52-8e0a-4f4e-9a77-1c2d3e4f5a6b";

describe("the inbox's filters and its URL (docs/decisions/0701)", () => {
  it("every filter but the search goes into the URL, and comes back out the same", () => {
    const filters = {
      source: "contact_form",
      status: "new",
      owner,
      overdue: true,
      notBooked: true,
      bookedFrom: "2026-03-02",
      from: "2026-03-01",
      to: "2026-03-08",
    } as const;
    const params = searchParamsFromFilters(filters);
    expect(params.toString()).toBe(
      `source=contact_form&status=new&owner=${owner}&from=2026-03-01&to=2026-03-08&bookedFrom=2026-03-02&overdue=1&notBooked=1`,
    );
    expect(filtersFromSearchParams(params)).toEqual({ filters, errors: {} });
  });

  it("the search text never goes into the URL, and a URL that carries one is not searched", () => {
    const params = searchParamsFromFilters({ q: "jane.doe@example.com", status: "new" });
    expect(params.toString()).toBe("status=new");
    expect(params.toString()).not.toContain("jane");
    expect(filtersFromSearchParams(new URLSearchParams("q=jane&status=new")).filters).toEqual({ status: "new" });
  });

  it("the search is kept in the draft (component state) when the URL fills the other fields", () => {
    const draft = draftFromSearchParams(new URLSearchParams("owner=none&overdue=1"), "Acme");
    expect(draft).toMatchObject({ q: "Acme", owner: "none", overdue: true, notBooked: false, status: "" });
    const parsed = parseDraft(draft);
    expect(parsed).toEqual({ ok: true, filters: { q: "Acme", owner: "none", overdue: true } });
  });

  it("a bad value in a link filters nothing and says why beside its field; the good ones still apply", () => {
    const result = filtersFromSearchParams(new URLSearchParams("status=bogus&from=1999-12-31&source=booking_dialog&owner=nope"));
    expect(result.filters).toEqual({ source: "booking_dialog" });
    expect(result.errors).toEqual({ status: "Unknown status", from: BOOKINGS_DATE_RANGE_MESSAGE, owner: "Invalid owner ID" });
  });

  it("dates out of order are refused with the shared message on the end date", () => {
    expect(parseDraft({ ...draftFromSearchParams(new URLSearchParams()), from: "2026-03-09", to: "2026-03-01" })).toEqual({
      ok: false,
      errors: { to: "The start date must not be after the end date" },
    });
  });

  it("builds the dashboard's links", () => {
    expect(leadsHref("/admin/leads", {})).toBe("/admin/leads");
    expect(leadsHref("/admin/leads", { status: "new" })).toBe("/admin/leads?status=new");
    expect(leadsHref("/admin/leads", { overdue: true })).toBe("/admin/leads?overdue=1");
  });

  it("counts days in UTC: Monday of the week, and days before", () => {
    // Sunday 2026-03-08 23:30 UTC: the week began on Monday 2026-03-02.
    expect(utcMonday(new Date("2026-03-08T23:30:00.000Z"))).toBe("2026-03-02");
    expect(utcMonday(new Date("2026-03-02T00:00:00.000Z"))).toBe("2026-03-02");
    expect(utcDaysBefore(new Date("2026-03-01T12:00:00.000Z"), 6)).toBe("2026-02-23");
  });
});
