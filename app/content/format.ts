/**
 * The site's number formatting, as the marketing copy imports it: the one implementation is
 * shared/number-format.ts (hand-written en-US, no `Intl`), which the admin area and the server
 * use too. `format.test.ts` holds it to `Intl`'s output.
 */
export { formatCount, formatUsd, formatUsdCents, formatUsdRange } from "@shared/number-format";
