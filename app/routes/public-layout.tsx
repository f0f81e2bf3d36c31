import { Suspense } from "react";
import { Outlet } from "react-router";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { MobileTabBar } from "~/components/layout/mobile-tab-bar";
import { BookingDialog } from "~/features/booking/booking-dialog";
import { ConsentProvider } from "~/features/consent/consent-banner";
import { navLabels } from "~/content/brand";
import { siteContentContext } from "~/lib/router-context";
import { BLOG_FEED_TITLE } from "@shared/brand";
import { blogFeedPath } from "@shared/site-routes";
import type { Route } from "./+types/public-layout";

/** Every public page names the blog's feed, for readers that look for one. */
export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: BLOG_FEED_TITLE, href: blogFeedPath }];

/**
 * What every public page's chrome reads of the published content (docs/decisions/0903): whether
 * the blog has a post and whether a customer story is published, so the navigation offers them
 * (decision 0906), and the published prices (decision 0904).
 * Rendered by the server once per change.
 */
export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  // The prices too: any page may quote one (app/lib/published-prices.ts); three numbers.
  return { hasBlog: content.hasBlog, hasStories: content.stories.length > 0, prices: content.prices };
}

/** The chrome of every public page: sticky navigation, footer, phone tab bar, booking dialog. */
export default function PublicLayout() {
  return (
    <ConsentProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        {navLabels.skipToContent}
      </a>
      <SiteHeader />
      <main id="main">
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <MobileTabBar />
      <BookingDialog />
    </ConsentProvider>
  );
}
