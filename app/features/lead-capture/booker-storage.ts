/**
 * Where the confirmation page finds who booked (a query string: name, email), left in the tab's
 * session storage by the booking dialog's redirect so that they stay out of the URL
 * (docs/decisions/0501).
 */
export const BOOKER_STORAGE_KEY = "booking-success";
