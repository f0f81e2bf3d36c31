import { useRouteLoaderData } from "react-router";
import type { Prices } from "@shared/content/prices";
import { todaysPrices } from "~/content/pricing";
import type { loader as publicLayoutLoader } from "~/routes/public-layout";

/** The public layout's route id: its loader sends every public page the published prices. */
export const PUBLIC_LAYOUT_ROUTE_ID = "routes/public-layout";

/**
 * The prices the studio published (decision 0904), as every public page's layout loaded them;
 * the code's own where nothing is published (the build's prerender) or outside the public layout.
 */
export function usePrices(): Prices {
  return useRouteLoaderData<typeof publicLayoutLoader>(PUBLIC_LAYOUT_ROUTE_ID)?.prices ?? todaysPrices;
}

/** The same, for a route's meta function (its JSON-LD), from the matches it is given. */
export function pricesOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): Prices {
  const data = matches.find((match) => match?.id === PUBLIC_LAYOUT_ROUTE_ID)?.data;
  if (data && typeof data === "object" && "prices" in data) {
    const prices = (data as { prices: Prices | null }).prices;
    if (prices) return prices;
  }
  return todaysPrices;
}
