import { useRouteLoaderData } from "react-router";
import { blogNavLink, resourceLinks, type NavLink } from "~/content/brand";

/**
 * The Resources group's own pages: About, Careers, FAQ, and the Blog once it has a published post
 * (the public layout's loader says so: app/routes/public-layout.tsx).
 */
export function useResourceLinks(): readonly NavLink[] {
  const chrome = useRouteLoaderData<{ hasBlog: boolean }>("routes/public-layout");
  return chrome?.hasBlog ? [...resourceLinks, blogNavLink] : resourceLinks;
}
