/**
 * The public lead endpoints' answers (POST /api/submit-booking, POST /api/contact), fixed by
 * docs/product.md#booking-submit. The rest of the public API (health, unknown paths, the origin
 * check) answers its errors in the same body.
 */
export type PublicApiError = { success: false; error: string; fieldErrors?: Record<string, string> };

/**
 * A stored lead. A booking or enterprise lead also gets its reference (docs/decisions/0701): the
 * page passes it to the scheduler link (utm_content) and names the lead with it when a meeting is
 * booked. It reads nothing.
 */
export type LeadResponse = { success: true; reference?: string } | PublicApiError;

/**
 * POST /api/lead-events (docs/decisions/0702): 202 whether or not the reference names a lead, so
 * the answer tells nothing about it; errors (400, 413, 415, 429) in the envelope above.
 */
export type LeadEventAnswer = { success: true } | PublicApiError;
