import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { notFound } from "~/content/not-found";
import { paths } from "@shared/site-routes";

/**
 * The 404 page's content, inside the site's header and footer: the not-found route's, and a blog
 * route's for an address its content does not answer (a post nobody published), so that page
 * hydrates as the route the browser matches (docs/decisions/0903).
 */
export function NotFoundContent() {
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
