import { brand } from "./brand";

/**
 * The reseller seal's words (docs/product.md#design): the ring's words, and the line beside
 * it (brand.resellerBadge, unchanged). Its own small module because the footer on every page
 * shows the seal: importing it does not bring the home page's proof content into every page's
 * JavaScript. PLACEHOLDER with the rest of app/content/proof.ts, which re-exports it.
 */
export const resellerSeal = {
  ring: "Authorized reseller",
  line: brand.resellerBadge,
} as const;
