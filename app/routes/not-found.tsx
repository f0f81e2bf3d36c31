import { Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { notFoundPrerenderPath, paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(notFoundPrerenderPath);

export const NOT_FOUND_TEXT = "Oops! Page not found";

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="text-2xl font-bold sm:text-3xl">{NOT_FOUND_TEXT}</h1>
      <p className="text-muted-foreground">The page you're looking for doesn't exist or has moved.</p>
      <Button asChild size="lg">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
