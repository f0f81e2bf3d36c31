import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Booking, BookingsExportBody, BookingsListQuery, BookingsPage } from "@shared/api/admin-api";
import type { BookingFilters } from "@shared/schemas/admin";
import { adminJson, downloadAdminExport } from "../api-client";

export type { Booking, BookingsPage };

export function useBookings(filters: BookingFilters, cursor: string | null) {
  return useQuery({
    queryKey: ["admin", "bookings", filters, cursor],
    // A POST: the search (a name, an e-mail) never goes into a URL.
    queryFn: () =>
      adminJson<BookingsPage>("/bookings/search", {
        method: "POST",
        body: JSON.stringify({ ...filters, ...(cursor ? { cursor } : {}) } satisfies BookingsListQuery),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the CSV of the current filter (the server writes the export to the audit log). */
export async function downloadBookingsCsv(filters: BookingsExportBody): Promise<void> {
  return downloadAdminExport("/bookings/export", filters, "bookings.csv");
}
