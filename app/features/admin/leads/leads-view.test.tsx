import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { plainSpaces, renderScreen } from "../../../../tests/support/render-screen";
import type { LeadsPage } from "@shared/api/lead-desk-api";
import { emailSegments } from "../../../components/email-address";
import { leadSummary, staffOwner } from "./lead-fixtures";
import { leadDeskKey } from "./leads-api";
import { LeadsView } from "./leads-view";

/** The inbox at this URL, with the page of leads the server would answer for its filters. */
function render(url: string, filters: object, page: LeadsPage) {
  const roles = [{ id: "r1", userId: staffOwner.id, role: "admin", createdAt: "2026-01-01T00:00:00.000Z", email: staffOwner.email }];
  return plainSpaces(renderScreen(<LeadsView />, { data: [[[...leadDeskKey, "list", filters, null], page], [["admin", "roles"], roles]], url }));
}

const now = Date.now();
const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();

const page: LeadsPage = {
  items: [
    leadSummary({ id: "11111111-1111-4111-8111-111111111111", name: "Olga Overdue", createdAt: minutesAgo(130), overdue: true }),
    leadSummary({
      id: "22222222-2222-4222-8222-222222222222",
      name: "Carl Contacted",
      email: "carl@very-long-company-name.example",
      source: "contact_form",
      status: "meeting_booked",
      createdAt: minutesAgo(600),
      firstResponseAt: minutesAgo(593),
      meetingStartsAt: "2026-03-05T15:00:00.000Z",
      owner: staffOwner,
    }),
  ],
  nextCursor: null,
  firstContactTargetMinutes: 15,
};

describe("the leads inbox", () => {
  it("lists each lead with its name linking to its page, status and source in words, owner, wait and meeting", () => {
    const html = render("/admin/leads", {}, page);
    expect(html.match(/data-testid="lead-row"/g)).toHaveLength(2);
    expect(html).toContain('href="/admin/leads/11111111-1111-4111-8111-111111111111"');
    expect(html).toContain(">Olga Overdue</span>");
    for (const text of ["New", "Meeting booked", "Booking dialog", "Contact form", "Unassigned", "waiting 2 h 10 min", "waited 7 min", "Mar 5, 2026"]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain(`>${emailSegments(staffOwner.email)[0]}</span>`);
  });

  it("marks an overdue lead with a badge and words, not colour alone", () => {
    const html = render("/admin/leads", {}, page);
    const rows = html.split('data-testid="lead-row"').slice(1);
    expect(rows[0]).toContain('data-testid="lead-overdue"');
    expect(rows[0]).toContain("Overdue");
    expect(rows[0]).toContain("past the 15 min target");
    expect(rows[1]).not.toContain("Overdue");
  });

  it("fills the filter form from the URL and asks for exactly those filters", () => {
    const filters = { status: "new", owner: staffOwner.id, overdue: true };
    const html = render(`/admin/leads?status=new&owner=${staffOwner.id}&overdue=1`, filters, page);
    // The page found its data under the URL's filters: the list is there, not a spinner.
    expect(html).not.toContain("leads-loading");
    expect(html).toContain('<option value="new" selected="">New</option>');
    expect(html).toContain(`<option value="${staffOwner.id}" selected="">${staffOwner.email}</option>`);
    expect(html).toMatch(/<input[^>]*id="leads-overdue"[^>]*checked=""/);
    expect(html).not.toMatch(/<input[^>]*id="leads-not-booked"[^>]*checked=""/);
  });

  it("ignores a search text in the URL (a name never belongs there) and shows a bad filter's message", () => {
    const html = render("/admin/leads?q=Olga&status=bogus", {}, page);
    expect(html).toMatch(/<input[^>]*id="leads-q"[^>]*value=""/);
    expect(html).toContain("Unknown status");
    expect(html).not.toContain("leads-loading");
  });

  it("has an empty state", () => {
    expect(render("/admin/leads", {}, { ...page, items: [] })).toContain("No leads yet.");
    expect(render("/admin/leads?status=won", { status: "won" }, { ...page, items: [] })).toContain("No leads match these filters.");
  });

  // One markup, a table from md and cards below; nothing may force the page wider than a phone.
  it("has no fixed minimum width below md, no overflow-wrap anywhere, and no utility overrides another", () => {
    const html = render("/admin/leads", {}, page);
    expect(html).not.toMatch(/(?<![a-z]:)min-w-\[/);
    expect(html).not.toContain("overflow-wrap:anywhere");
    const conflicts = [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, list]) => {
      const kept = new Set(twMerge(list!).split(/\s+/));
      return list!.split(/\s+/).filter((c) => c && !kept.has(c));
    });
    expect(conflicts).toEqual([]);
  });
});

describe("e-mail addresses break only before @ or a dot", () => {
  it("splits an address into pieces at those places", () => {
    expect(emailSegments("jane.doe@plumbing.example")).toEqual(["jane", ".doe", "@plumbing", ".example"]);
    expect(emailSegments("x@y")).toEqual(["x", "@y"]);
  });
});
