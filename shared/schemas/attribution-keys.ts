/**
 * The UTM parameters recorded from a visitor's landing page. Kept apart from the zod schemas so
 * the landing-page capture, which runs on every page, does not pull the validation library in.
 */
export const ATTRIBUTION_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
