import type { DeviceClass } from "@shared/schemas/analytics";

/** Tablets first: an iPad's and some Android tablets' user agents also say "Mobile". */
const TABLET = /\b(iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10))\b|\bAndroid\b(?!.*\bMobile\b)/i;
const PHONE = /\b(Mobi|Mobile|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile)\b|\bAndroid\b/i;

/**
 * Phone, tablet or desktop, from the user agent alone (docs/decisions/0801). Two patterns rather
 * than a parser dependency: the report only splits three ways, and a wrong guess moves one visit
 * between rows. What it cannot tell: iPadOS 13+ Safari says it is a Mac (counted as desktop), and
 * a missing or unknown user agent is a desktop.
 */
export function deviceClassOf(userAgent: string | null | undefined): DeviceClass {
  if (!userAgent) return "desktop";
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}
