import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { notFound } from "~/content/not-found";
import { pageMeta } from "~/lib/seo";
import { notFoundPrerenderPath, paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(notFoundPrerenderPath);

export default function NotFoundPage() {
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
