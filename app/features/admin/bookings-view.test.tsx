import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BOOKINGS_DATE_MAX, BOOKINGS_DATE_MIN, bookingFiltersSchema } from "@shared/schemas/admin";
import { BookingsView } from "./bookings-view";

describe("bookings filter dates", () => {
  // The browser's picker offers only the days the server accepts (docs/decisions/0609).
  it("limit both date inputs to the days the shared schema accepts", () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <BookingsView />
      </QueryClientProvider>,
    );
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
