/**
 * The public lead endpoints' answers (POST /api/submit-booking, POST /api/contact), fixed by
 * docs/product.md#booking-submit. The rest of the public API (health, unknown paths, the origin
 * check) answers its errors in the same body.
 */
export type PublicApiError = { success: false; error: string; fieldErrors?: Record<string, string> };

export type LeadResponse = { success: true } | PublicApiError;
