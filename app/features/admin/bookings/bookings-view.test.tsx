import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import { BOOKINGS_DATE_MAX, BOOKINGS_DATE_MIN, bookingFiltersSchema } from "@shared/schemas/admin";
import type { Booking } from "@shared/api/admin-api";
import { BookingsView } from "./bookings-view";

describe("bookings filter dates", () => {
  // The browser's picker offers only the days the server accepts (docs/decisions/0203).
  it("limit both date inputs to the days the shared schema accepts", () => {
    const html = renderScreen(<BookingsView />);
    for (const id of ["bookings-from", "bookings-to"]) {
      const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(input, id).toContain('type="date"');
      expect(input, id).toContain(`min="${BOOKINGS_DATE_MIN}"`);
      expect(input, id).toContain(`max="${BOOKINGS_DATE_MAX}"`);
    }
  });

  it("the limits are the schema's own: both ends accepted, the days beyond refused", () => {
    expect(bookingFiltersSchema.safeParse({ from: BOOKINGS_DATE_MIN, to: BOOKINGS_DATE_MAX }).success).toBe(true);
    expect(bookingFiltersSchema.safeParse({ from: "1999-12-31" }).success).toBe(false);
    expect(bookingFiltersSchema.safeParse({ to: "2101-01-01" }).success).toBe(false);
  });
});

describe("bookings on a phone (docs/decisions/0701)", () => {
  const booking: Booking = {
    id: "5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
    createdAt: "2026-03-02T09:15:00.000Z",
    name: "Maximiliane Rosenkranz-Oberhausen",
    workEmail: "maximiliane.rosenkranz-oberhausen@steuerberatung-oberhausen.example",
    companyName: "Steuerberatung Oberhausen",
    jobTitle: "Managing partner",
    aiGoal: null,
    totalCalls: 300,
    tcpaConsent: true,
    sourceForm: "booking_dialog",
    consentTextVersion: "2026-11-tcpa-v1",
    pagePath: null,
    referrer: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    clientIp: null,
    userAgent: null,
    botCheck: "passed",
  };

  const renderList = () => renderScreen(<BookingsView />, { data: [[["admin", "bookings", {}, null], { items: [booking], nextCursor: null }]] });

  // The table's fixed width squeezed the e-mail column, which then broke anywhere ("overflow-wrap:
  // anywhere"), mid-word; below md each inquiry is a card instead, and an address breaks only
  // before its @ or a dot.
  it("has no fixed minimum width below md, and no e-mail or name breaks anywhere", () => {
    const html = renderList();
    expect(html).toContain('data-testid="booking-row"');
    expect(html).not.toMatch(/(?<![a-z]:)min-w-\[/);
    expect(html).not.toContain("overflow-wrap:anywhere");
    expect(html).toContain(`href="mailto:${booking.workEmail}"`);
    expect(html).toContain(`title="${booking.workEmail}"`);
    expect(html).toMatch(/>maximiliane<\/span><wbr\/><span[^>]*>\.rosenkranz-oberhausen<\/span><wbr\/><span[^>]*>@steuerberatung-oberhausen<\/span>/);
  });
});
