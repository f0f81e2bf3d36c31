import { isRouteErrorResponse } from "react-router";
import type { MetaDescriptor } from "react-router";
import { NotFoundContent } from "~/components/layout/not-found-content";
import { pageMeta } from "~/lib/seo";
import { notFoundPrerenderPath } from "@shared/site-routes";

/**
 * A blog route's answer to an address its content does not answer: the site's 404 page, in the
 * site's layout, rendered by the route the browser matches too, so it hydrates as it was served.
 * Anything but a 404 is the root's error page's business.
 */
export function BlogErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}

export const notFoundMeta = (): MetaDescriptor[] => pageMeta(notFoundPrerenderPath);
