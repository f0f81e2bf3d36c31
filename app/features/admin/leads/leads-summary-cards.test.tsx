import { describe, expect, it } from "vitest";
import { plainSpaces, renderScreen } from "../../../../tests/support/render-screen";
import type { LeadDeskSummary } from "@shared/api/lead-desk-api";
import { leadSummaryKey } from "./leads-api";
import { filtersFromSearchParams } from "./leads-filters";
import { LeadSummaryCards, summaryCards } from "./leads-summary-cards";

// Wednesday 2026-03-04, 10:00 UTC.
const now = new Date("2026-03-04T10:00:00.000Z");
const summary: LeadDeskSummary = { newToday: 4, awaitingFirstContact: 6, overdue: 2, meetingsBookedThisWeek: 3, submittedNotBooked: 5, firstContactTargetMinutes: 15 };

const render = (data: LeadDeskSummary | undefined) => plainSpaces(renderScreen(<LeadSummaryCards now={now} />, { data: data ? [[leadSummaryKey, data]] : [] }));

describe("the dashboard's lead-desk cards", () => {
  it("each links into the inbox with filters the inbox accepts, counting what the card counts", () => {
    const links = Object.fromEntries(summaryCards(now, summary).map((c) => [c.key, c.href]));
    expect(links).toEqual({
      newToday: "/admin/leads?from=2026-03-04",
      awaitingFirstContact: "/admin/leads?status=new",
      meetingsBookedThisWeek: "/admin/leads?bookedFrom=2026-03-02",
      submittedNotBooked: "/admin/leads?from=2026-02-26&notBooked=1",
    });
    for (const href of Object.values(links)) {
      expect(filtersFromSearchParams(new URLSearchParams(href.split("?")[1])).errors, href).toEqual({});
    }
  });

  it("shows the counts, and the overdue ones as a link of their own", () => {
    const html = render(summary);
    expect([...html.matchAll(/data-testid="lead-card-count">(\d+)</g)].map((m) => m[1])).toEqual(["4", "6", "3", "5"]);
    expect(html).toContain('href="/admin/leads?overdue=1"');
    expect(html).toContain("2 overdue");
    expect(html).toContain("within 15 min");
  });

  it("without an overdue lead there is no overdue link; without counts no zero is made up", () => {
    expect(render({ ...summary, overdue: 0 })).not.toContain("overdue=1");
    const loading = render(undefined);
    expect(loading).not.toMatch(/data-testid="lead-card-count">\d/);
    expect(loading).toContain('href="/admin/leads?status=new"');
  });
});
