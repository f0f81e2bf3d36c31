import { useRouteLoaderData } from "react-router";
import { blogNavLink, customersNavLink, footerColumns, resourceLinks, type NavLink } from "~/content/brand";

/**
 * The links published content adds to the chrome, in order: Customers once a customer story is
 * published, the Blog once it has a post (the public layout's loader says which:
 * app/routes/public-layout.tsx).
 */
function useContentLinks(): NavLink[] {
  // The layout's loader data (its type would import the layout, which imports this module).
  const published = useRouteLoaderData<{ hasBlog: boolean; hasStories: boolean }>("routes/public-layout");
  return [published?.hasStories && customersNavLink, published?.hasBlog && blogNavLink].filter((link) => !!link);
}

/** The Resources group's own pages: About, Careers, FAQ, then what published content adds. */
export const useResourceLinks = (): readonly NavLink[] => [...resourceLinks, ...useContentLinks()];

/** The footer's columns: the Company column gains the same links after About and Contact. */
export function useFooterColumns(): typeof footerColumns {
  const added = useContentLinks();
  return footerColumns.map((column) => (column.title === "Company" ? { ...column, links: [...column.links, ...added] } : column));
}
