import * as React from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { notFound } from "~/content/not-found";
import { pageMeta } from "~/lib/seo";
import { isAdminPath, notFoundPrerenderPath, paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(notFoundPrerenderPath);

export default function NotFoundPage() {
  // A staff page reached in the browser from a public page: the public pages' route manifest
  // leaves the staff routes out (scripts/postbuild.mjs), so it is loaded as a document, which
  // the server answers with the staff pages' shell.
  const { pathname, search, hash } = useLocation();
  React.useEffect(() => {
    if (isAdminPath(pathname)) window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-primary">{notFound.code}</p>
      <h1 className="text-2xl font-bold sm:text-3xl">{notFound.title}</h1>
      <p className="text-muted-foreground">{notFound.lead}</p>
      <Button asChild size="lg">
        <Link to={paths.home}>{notFound.homeLabel}</Link>
      </Button>
    </section>
  );
}
