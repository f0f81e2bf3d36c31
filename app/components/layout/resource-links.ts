import { useRouteLoaderData } from "react-router";
import { blogNavLink, footerColumns, resourceLinks, type NavLink } from "~/content/brand";

/**
 * The Resources group's own pages: About, Careers, FAQ, and the Blog once it has a published post
 * (the public layout's loader says so: app/routes/public-layout.tsx).
 */
export function useResourceLinks(): readonly NavLink[] {
  return useHasBlog() ? [...resourceLinks, blogNavLink] : resourceLinks;
}

/** The footer's columns: the Company column gains the Blog beside About and Contact once it has a post. */
export function useFooterColumns(): typeof footerColumns {
  if (!useHasBlog()) return footerColumns;
  return footerColumns.map((column) => (column.title === "Company" ? { ...column, links: [...column.links, blogNavLink] } : column));
}

function useHasBlog(): boolean {
  return useRouteLoaderData<{ hasBlog: boolean }>("routes/public-layout")?.hasBlog ?? false;
}
