import * as React from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/components/layout/not-found-content";
import { pageMeta } from "~/lib/seo";
import { isAdminPath } from "@shared/admin-paths";
import { notFoundPrerenderPath } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(notFoundPrerenderPath);

export default function NotFoundPage() {
  // A staff page reached in the browser from a public page: the public pages' route manifest
  // leaves the staff routes out (scripts/postbuild.mjs), so it is loaded as a document, which
  // the server answers with the staff pages' shell.
  const { pathname, search, hash } = useLocation();
  React.useEffect(() => {
    if (isAdminPath(pathname)) window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return <NotFoundContent />;
}
